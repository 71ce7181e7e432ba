// Where commands print: results on stdout, warnings and progress on stderr.
// Progress bars (cli-progress) appear only on a TTY, never in CI or --quiet.
import { SingleBar, Presets } from 'cli-progress';
import type { TierTable } from './kind.ts';

export interface Progress {
  update(done: number): void;
  stop(): void;
}

export interface Console {
  /** Results (stdout); silenced by --quiet unless --json. */
  out(line: string): void;
  /** Warnings (stderr); silenced by --quiet. */
  warn(line: string): void;
  /** Errors (stderr); always shown. */
  err(line: string): void;
  progress(label: string, total: number): Progress;
}

const NO_PROGRESS: Progress = { update() {}, stop() {} };

/** Where the CLI writes: the process's streams, or a test's buffers. */
export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Progress bars only on an interactive terminal. */
  interactive: boolean;
}

export const processIo: Io = {
  stdout: (t) => void process.stdout.write(t),
  stderr: (t) => void process.stderr.write(t),
  get interactive() {
    return process.stderr.isTTY === true && !process.env['CI'];
  },
};

/**
 * The console of one command run. --quiet silences results and warnings (errors
 * still reach stderr); --json output is printed even when quiet.
 */
export function terminalConsole(opts: { quiet?: boolean; json?: boolean } = {}, io: Io = processIo): Console {
  const showProgress = !opts.quiet && !opts.json && io.interactive;
  return {
    out: (line) => {
      if (!opts.quiet || opts.json) io.stdout(`${line}\n`);
    },
    warn: (line) => {
      if (!opts.quiet) io.stderr(`${line}\n`);
    },
    err: (line) => io.stderr(`${line}\n`),
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
  return { outLines, errLines, out: (l) => void outLines.push(l), warn: (l) => void errLines.push(l), err: (l) => void errLines.push(l), progress: () => NO_PROGRESS };
}

/** A plain-text table, columns padded to their widest cell. */
export function formatTable(t: TierTable): string[] {
  const cells = [t.columns, ...t.rows.map((r) => r.map(String))];
  const widths = t.columns.map((_, i) => Math.max(...cells.map((r) => String(r[i] ?? '').length)));
  const line = (r: (string | number)[]) => r.map((c, i) => String(c).padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(t.columns), line(widths.map((w) => '-'.repeat(w))), ...t.rows.map(line)];
}
