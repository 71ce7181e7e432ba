// Where commands print: results on stdout, warnings and progress on stderr.
// Progress bars (cli-progress) appear only on a TTY, never in CI or --quiet.
import { SingleBar, Presets } from 'cli-progress';
import type { TierTable } from './kind.ts';

export interface Progress {
  update(done: number): void;
  stop(): void;
}

export interface Console {
  out(line: string): void;
  err(line: string): void;
  progress(label: string, total: number): Progress;
}

const NO_PROGRESS: Progress = { update() {}, stop() {} };

export function terminalConsole(opts: { quiet?: boolean } = {}): Console {
  const showProgress = !opts.quiet && process.stderr.isTTY === true && !process.env['CI'];
  return {
    out: (line) => {
      if (!opts.quiet) process.stdout.write(`${line}\n`);
    },
    err: (line) => process.stderr.write(`${line}\n`),
    progress(label, total) {
      if (!showProgress || total <= 1) return NO_PROGRESS;
      const bar = new SingleBar(
        { format: `${label} [{bar}] {value}/{total} {percentage}% | {rate}/s | ETA {eta_formatted}`, stream: process.stderr, hideCursor: true, clearOnComplete: true },
        Presets.shades_classic,
      );
      const started = Date.now();
      bar.start(total, 0, { rate: '0' });
      return {
        update(done) {
          const seconds = (Date.now() - started) / 1000;
          bar.update(done, { rate: seconds > 0 ? (done / seconds).toFixed(1) : '0' });
        },
        stop() {
          bar.stop();
        },
      };
    },
  };
}

/** A console that keeps what it is told, for tests. */
export function memoryConsole(): Console & { outLines: string[]; errLines: string[] } {
  const outLines: string[] = [];
  const errLines: string[] = [];
  return { outLines, errLines, out: (l) => void outLines.push(l), err: (l) => void errLines.push(l), progress: () => NO_PROGRESS };
}

/** A plain-text table, columns padded to their widest cell. */
export function formatTable(t: TierTable): string[] {
  const cells = [t.columns, ...t.rows.map((r) => r.map(String))];
  const widths = t.columns.map((_, i) => Math.max(...cells.map((r) => String(r[i] ?? '').length)));
  const line = (r: (string | number)[]) => r.map((c, i) => String(c).padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(t.columns), line(widths.map((w) => '-'.repeat(w))), ...t.rows.map(line)];
}
