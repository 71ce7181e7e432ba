// Where commands print: results on stdout, warnings and progress on stderr.
// Progress bars (cli-progress) appear only on a TTY, never in CI or --quiet.
import { SingleBar, Presets } from 'cli-progress';
import type { TierTable } from './kind.ts';
import { at } from './at.ts';

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
        { format: `${label} [{bar}] {value}/{total} {percentage}% | {rate}/s | ETA {eta}`, stream: process.stderr, hideCursor: true, clearOnComplete: true },
        Presets.shades_classic,
      );
      const rates = new RateWindow();
      rates.add(Date.now(), 0);
      bar.start(total, 0, { rate: '0', eta: '?' });
      return {
        update(done) {
          rates.add(Date.now(), done);
          const rate = rates.rate();
          bar.update(done, { rate: rate === null ? '0' : rate.toFixed(1), eta: formatEta(rates.eta(total)) });
        },
        stop() {
          bar.stop();
        },
      };
    },
  };
}

/**
 * The rate of progress over the last `windowMs` (default 30 s), for a steady
 * ETA: tasks finish in bursts and their cost drifts along a plan, so neither
 * the last few updates nor the whole run's average predict the rest well.
 */
export class RateWindow {
  private readonly samples: { t: number; done: number }[] = [];
  constructor(private readonly windowMs = 30_000) {}

  /** A progress update: `done` items at time `t` (ms). */
  add(t: number, done: number): void {
    this.samples.push({ t, done });
    // keep the newest sample at or before the window's start as its anchor
    while (this.samples.length > 2 && at(this.samples, 1).t <= t - this.windowMs) this.samples.shift();
  }

  /** Items per second over the window; null until time has passed and something is done. */
  rate(): number | null {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last.t <= first.t || last.done <= first.done) return null;
    return ((last.done - first.done) * 1000) / (last.t - first.t);
  }

  /** Seconds left to reach `total` at the window's rate; null when unknown. */
  eta(total: number): number | null {
    const rate = this.rate();
    const last = this.samples[this.samples.length - 1];
    if (rate === null || !last) return null;
    return Math.max(0, total - last.done) / rate;
  }
}

/** `45s`, `3m 20s`, `2h 05m`; `?` when unknown. */
export function formatEta(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** A console that keeps what it is told, for tests. */
export function memoryConsole(): Console & { outLines: string[]; errLines: string[] } {
  const outLines: string[] = [];
  const errLines: string[] = [];
  return {
    outLines,
    errLines,
    out: (l) => void outLines.push(l),
    warn: (l) => void errLines.push(l),
    err: (l) => void errLines.push(l),
    progress: () => NO_PROGRESS,
  };
}

/** A plain-text table, columns padded to their widest cell. */
export function formatTable(t: TierTable): string[] {
  const cells = [t.columns, ...t.rows.map((r) => r.map(String))];
  const widths = t.columns.map((_, i) => Math.max(...cells.map((r) => String(r[i] ?? '').length)));
  const line = (r: (string | number)[]) =>
    r
      .map((c, i) => String(c).padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(t.columns), line(widths.map((w) => '-'.repeat(w))), ...t.rows.map(line)];
}
