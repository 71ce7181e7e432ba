// Where commands print: results on stdout, warnings and progress on stderr,
// problems (validate's findings, check-kind's violations) where the results go
// and never silenced: with --json on stderr, stdout being the one JSON report.
// Progress bars (cli-progress) appear only on a TTY; elsewhere (CI) a run
// prints a progress line at least every PROGRESS_LINE_MS, never with --quiet
// or --json. Every line printed is made safe for a CI log first (safeLine):
// names from a checkout cannot start a workflow command (`::error`) or carry
// control characters.
import { SingleBar, Presets } from 'cli-progress';
import type { TierTable } from './presentation.ts';
import { at } from './at.ts';
import { SUPERVISED, tellSupervisor } from './supervised.ts';

export interface Progress {
  /** `done` items finished; `work`: the estimated cost of those items, when the progress was opened with a total work. */
  update(done: number, work?: number): void;
  stop(): void;
}

export interface Console {
  /** Results (stdout); silenced by --quiet unless --json. */
  out(line: string): void;
  /** Warnings (stderr); silenced by --quiet. */
  warn(line: string): void;
  /** Errors (stderr); always shown. */
  err(line: string): void;
  /**
   * A problem found (file › level › field, a violation) or a failure's summary:
   * never silenced, by --quiet or --json. Stdout, beside the results; with
   * --json on stderr, as stdout holds only the JSON report (which has the same
   * problems as data).
   */
  problem(line: string): void;
  /**
   * `unit`: what is counted, in the plural ("levels"); default "items".
   * `work`: the items' estimated costs added up, when the caller has them
   * (validate: each level's analyzeCost); the ETA is then the work left at the
   * rate work is done, not the items left at the item rate, which misleads by
   * far when the costliest items are started first.
   */
  progress(label: string, total: number, unit?: string, work?: number): Progress;
}

/** The longest a non-terminal run stays silent while a progress is open. */
export const PROGRESS_LINE_MS = 10_000;

/**
 * A line as printed: control characters other than the line breaks are
 * escaped (\u001b), and no line of it can start (after blanks) with `::`,
 * which CI runners read as a workflow command: the first colon is escaped.
 */
export function safeLine(text: string): string {
  return text
    .split('\n')
    .map((piece) =>
      piece
        // biome-ignore lint/suspicious/noControlCharactersInRegex: this class names the control characters in order to escape them
        .replace(/[\u0000-\u0009\u000b-\u001f\u007f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
        .replace(/^(\s*):/, '$1\\u003a'),
    )
    .join('\n');
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
  // under the supervisor (bin/proofpack.js) results go down its channel: this process's stdout is its stderr
  stdout: (t) => void (SUPERVISED ? tellSupervisor({ t: 'out', text: t }) : process.stdout.write(t)),
  stderr: (t) => void process.stderr.write(t),
  get interactive() {
    return process.stderr.isTTY === true && !process.env['CI'];
  },
};

/**
 * The console of one command run. --quiet silences results and warnings (errors
 * and problems are always printed); --json output is printed even when quiet.
 */
export function terminalConsole(opts: { quiet?: boolean; json?: boolean } = {}, io: Io = processIo): Console {
  const showProgress = !opts.quiet && !opts.json && io.interactive;
  const showLines = !opts.quiet && !opts.json && !io.interactive;
  return {
    out: (line) => {
      if (!opts.quiet || opts.json) io.stdout(`${safeLine(line)}\n`);
    },
    warn: (line) => {
      if (!opts.quiet) io.stderr(`${safeLine(line)}\n`);
    },
    err: (line) => io.stderr(`${safeLine(line)}\n`),
    problem: (line) => (opts.json ? io.stderr : io.stdout)(`${safeLine(line)}\n`),
    progress(label, total, unit = 'items', work) {
      if (total <= 1 || !(showProgress || showLines)) return NO_PROGRESS;
      const rates = new Estimate(total, work);
      rates.add(Date.now(), 0, 0);
      if (showLines) return progressLines(safeLine(label), total, unit, rates, (line) => io.stderr(`${line}\n`));
      // the payload is "left", not "eta": cli-progress fills its own {eta} token with bare seconds
      const bar = new SingleBar(
        {
          format: `${safeLine(label)} [{bar}] {value}/{total} ${unit} {percentage}% | {rate} ${unit}/s | ETA {left}`,
          stream: process.stderr,
          hideCursor: true,
          clearOnComplete: true,
        },
        Presets.shades_classic,
      );
      bar.start(total, 0, { rate: '0', left: '?' });
      return {
        update(done, workDone) {
          rates.add(Date.now(), done, workDone);
          const rate = rates.rate();
          bar.update(done, { rate: rate === null ? '0' : rate.toFixed(1), left: formatEta(rates.eta()) });
        },
        stop() {
          bar.stop();
        },
      };
    },
  };
}

/** Progress without a terminal: a line every PROGRESS_LINE_MS while it runs (a run shorter than that prints none). */
function progressLines(label: string, total: number, unit: string, rates: Estimate, print: (line: string) => void): Progress {
  let done = 0;
  const line = () => {
    const rate = rates.rate();
    print(`${label}: ${done}/${total} ${unit}, ${rate === null ? '?' : rate.toFixed(1)} ${unit}/s, ETA ${formatEta(rates.eta())}`);
  };
  const timer = setInterval(line, PROGRESS_LINE_MS);
  timer.unref();
  return {
    update(n, work) {
      done = n;
      rates.add(Date.now(), n, work);
    },
    stop() {
      clearInterval(timer);
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

/**
 * The rate and the ETA of one progress: items per second over the window, and
 * the time left — from the work left at the work rate when the items' costs
 * are known (`work`, their total), else from the items left at the item rate.
 */
export class Estimate {
  private readonly items: RateWindow;
  private readonly work: RateWindow | undefined;
  constructor(
    private readonly total: number,
    private readonly totalWork?: number,
    windowMs?: number,
  ) {
    this.items = new RateWindow(windowMs);
    this.work = totalWork !== undefined && totalWork > 0 ? new RateWindow(windowMs) : undefined;
  }

  /** An update at time `t` (ms): `done` items, `work` their cost (ignored without a total work). */
  add(t: number, done: number, work?: number): void {
    this.items.add(t, done);
    if (this.work && work !== undefined) this.work.add(t, work);
  }

  /** Items per second over the window; null while unknown. */
  rate(): number | null {
    return this.items.rate();
  }

  /** Seconds left; null while unknown. */
  eta(): number | null {
    return this.work && this.totalWork !== undefined ? this.work.eta(this.totalWork) : this.items.eta(this.total);
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

/** A console that keeps what it is told, for tests; `json`: the command prints a JSON report (problems go with the errors). */
export function memoryConsole(opts: { json?: boolean } = {}): Console & { outLines: string[]; errLines: string[] } {
  const outLines: string[] = [];
  const errLines: string[] = [];
  return {
    outLines,
    errLines,
    out: (l) => void outLines.push(l),
    warn: (l) => void errLines.push(l),
    err: (l) => void errLines.push(l),
    problem: (l) => void (opts.json ? errLines : outLines).push(l),
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
