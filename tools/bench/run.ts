// The bench runner: one table of figures and ratios for the kinds every
// command sees — the built-in ones and the game's of <config dir>/kinds.json
// (./proofpack by default, `--config-dir DIR` otherwise, registered by
// useKinds as the CLI does) — each figure the median of several runs, with the
// machine it ran on. Per kind: the generic figures (generic.ts) and the kind's
// own bench hooks; then the ghost asset, players' fit, merge and full-build suites. Arguments:
//   [--config-dir DIR] [--levels DIR] [--runs N] [--count N] [NAME...]
// NAME selects suites by kind or suite name; --levels is where the standard
// sets are (`levels`, as the commands'); --runs (BENCH_RUNS, default 5) and
// --count (levels generated and sampled per kind; default 60 and 40) size it.
// BENCH_THREADS (default 1): the threads a suite's one computation may use.
import * as os from 'node:os';
import { kinds, useKinds } from '../kinds/index.ts';
import { InputError } from '../lib/errors.ts';
import { formatTable } from '../lib/console.ts';
import { median } from '../lib/stats.ts';
import type { Figure, Suite } from '../lib/bench.ts';
import { genericSuite } from './generic.ts';
import { standardSetFile, standardSetOf } from './standard-set.ts';
import { ghostAssetFigures, ghostBenchSetFile } from './ghost-assets.ts';
import { fullBuildFigures } from './full-build.ts';
import { playersFigures } from './players.ts';
import { mergeFigures } from './merge.ts';
import { machineScratch } from '../commands/run/scratch.ts';
import { machineTeam } from '../commands/run/team.ts';

/** Where the bench writes: the table on `out`, progress and errors on `err` (a line each). */
export interface BenchIo {
  out(line: string): void;
  err(line: string): void;
}

/** What the command line asks of the bench. */
export interface BenchArgs {
  configDir: string;
  /** --config-dir given: the folder must exist (as for every command). */
  explicit: boolean;
  levels: string;
  runs: number;
  /** Levels generated per kind, and sampled from its standard set. */
  generateCount: number;
  sampleCount: number;
  only: string[];
}

const USAGE = 'usage: bench [--config-dir DIR] [--levels DIR] [--runs N] [--count N] [KIND or SUITE ...]';

/** A whole number of at least 1, or one line saying what to write. */
function count(flag: string, text: string | undefined): number {
  const n = Number(text);
  if (text === undefined || !/^[0-9]+$/.test(text) || n < 1 || n > 1_000_000)
    throw new InputError(`${flag} ${text ?? ''}: expected a whole number 1..1000000 (${USAGE})`);
  return n;
}

/** The arguments after the script's name (environment defaults: BENCH_RUNS). */
export function benchArgs(args: readonly string[], env: NodeJS.ProcessEnv = process.env): BenchArgs {
  const out: BenchArgs = {
    configDir: 'proofpack',
    explicit: false,
    levels: 'levels',
    runs: env['BENCH_RUNS'] === undefined ? 5 : count('BENCH_RUNS', env['BENCH_RUNS']),
    generateCount: 60,
    sampleCount: 40,
    only: [],
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const value = () => {
      if (i + 1 >= args.length) throw new InputError(`${a}: expected a value (${USAGE})`);
      return args[++i] as string;
    };
    if (a === '--config-dir') [out.configDir, out.explicit] = [value(), true];
    else if (a === '--levels') out.levels = value();
    else if (a === '--runs') out.runs = count(a, value());
    else if (a === '--count') out.generateCount = out.sampleCount = count(a, value());
    else if (a.startsWith('-')) throw new InputError(`${a}: unknown option (${USAGE})`);
    else out.only.push(a);
  }
  return out;
}

/** The suites of every registered kind (generic figures and its hooks), then the ghost asset and full-build suites. */
function suitesOf(a: BenchArgs, threads: number): Suite[] {
  const perKind = kinds().flatMap((k) => {
    const standardSet = standardSetOf(k, a.levels);
    const own: Suite[] = Object.entries(k.bench ?? {}).map(([name, run]) => ({
      kind: k.name,
      name,
      run: () => run({ standardSet, scratch: machineScratch(), threads: machineTeam(threads) }),
    }));
    const opts = { setFile: standardSetFile(k, a.levels), generateCount: a.generateCount, sampleCount: a.sampleCount };
    return [genericSuite(k, standardSet, opts), ...own];
  });
  return [
    ...perKind,
    // the client's decoding of every ghost asset of a set (ghost-assets.ts), when there is a ghost set to read
    ...(ghostBenchSetFile() ? [{ kind: 'ghost', name: 'ghost-assets', run: ghostAssetFigures }] : []),
    // the players' fit of a million attempts (players.ts)
    { kind: 'players', name: 'players-fit', run: playersFigures },
    // merge at the batch engines' fan-out: 10,000 report shards, and set shards re-analysed (merge.ts)
    { kind: 'merge', name: 'merge', run: mergeFigures },
    // the full-size build of the kinds in BENCH_FULL, as CLI processes (full-build.ts; opt-in)
    { kind: 'pipeline', name: 'full-build', run: fullBuildFigures },
  ];
}

/** Runs the bench; returns the exit code (2: bad arguments or a kinds.json or standard set that cannot be read). */
export async function runBench(args: readonly string[], io: BenchIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let a: BenchArgs;
  let suites: Suite[];
  const threads = Number(env['BENCH_THREADS'] ?? 1);
  try {
    a = benchArgs(args, env);
    await useKinds(a.configDir, a.explicit);
    const all = suitesOf(a, threads);
    const unknown = a.only.filter((n) => !all.some((s) => s.kind === n || s.name === n));
    if (unknown.length > 0) {
      const names = [...new Set(all.flatMap((s) => [s.kind, ...(s.name === undefined ? [] : [s.name])]))].join(', ');
      throw new InputError(`no kind or suite named ${unknown.join(', ')} (known: ${names}; the game's kinds come from ${a.configDir}/kinds.json)`);
    }
    suites = all.filter((s) => a.only.length === 0 || a.only.includes(s.kind) || (s.name !== undefined && a.only.includes(s.name)));
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    io.err(`bench: ${e.message}`);
    return 2;
  }

  const samples = new Map<string, { figure: Figure; values: number[] }>();
  for (let run = 0; run < a.runs; run++) {
    for (const suite of suites) {
      for (const f of await suite.run()) {
        const key = `${f.kind}\u0000${f.name}`;
        const entry = samples.get(key) ?? { figure: f, values: [] };
        entry.values.push(f.value);
        samples.set(key, entry);
      }
    }
    io.err(`run ${run + 1}/${a.runs} done`);
  }

  const fmt = (v: number) => (v >= 1000 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(3));
  const rows = [...samples.values()].map(({ figure, values }) => {
    const m = median(values);
    const ratio = figure.target === undefined ? '' : `${(figure.lowerIsBetter ? figure.target / m : m / figure.target).toFixed(2)}x`;
    return [
      figure.kind,
      figure.name,
      fmt(m),
      figure.unit,
      `${fmt(Math.min(...values))}..${fmt(Math.max(...values))}`,
      figure.target === undefined ? '' : fmt(figure.target),
      ratio,
    ];
  });
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  io.out(`proofpack bench: ${os.availableParallelism()} cores (${cpu}), Node ${process.version}, median of ${a.runs} runs`);
  for (const line of formatTable({ columns: ['kind', 'figure', 'median', 'unit', 'range', 'target', 'ratio'], rows })) io.out(line);
  return 0;
}
