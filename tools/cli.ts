// The proofpack command line (commander): registers the game's own kinds
// (kinds.json of the config directory, read before the commands and their
// --help are built), parses arguments, runs a command, turns every failure
// into one line and an exit code. The commands are one table (COMMANDS): each
// names its arguments and its own options, and the options commands share are
// added by one helper (addRunnerOptions). No rules live here. Run by the supervisor
// (bin/proofpack.js) as its child, it tells it the command's end (lib/supervised.ts).
import { randomInt } from 'node:crypto';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { InputError, EXIT_INPUT, EXIT_INTERNAL, oneLine } from './lib/errors.ts';
import { entryKeys } from './lib/partial.ts';
import { terminalConsole, processIo, type Console, type Io } from './lib/console.ts';
import { TOOL } from './lib/files.ts';
import * as path from 'node:path';
import { kinds, kindByName, useKinds } from './kinds/index.ts';
import { formatDocument } from './lib/json.ts';
import { defaultThreads } from './lib/pool.ts';
import { generateCommand, type GenerateOptions } from './commands/generate.ts';
import { curateCommand, type CurateOptions } from './commands/curate.ts';
import { validateCommand, type ValidateOptions } from './commands/validate.ts';
import { bundleCommand, type BundleOptions } from './commands/bundle.ts';
import { mergeCommand, type MergeOptions } from './commands/merge.ts';
import { importCommand, type ImportOptions } from './commands/import.ts';
import { calibrateCommand, type CalibrateOptions } from './commands/calibrate.ts';
import { simulatePlayersCommand, type SimulateOptions } from './commands/simulate-players.ts';
import { FIT_DEFAULTS } from './commands/sets/players-fit.ts';
import { LOG_MIB, MAX_LOG_MIB } from './commands/files/attempt-logs.ts';
import { IMPORT_MIB, IMPORT_RECORDS, MAX_LEVELS_PER_RUN } from './commands/run/caps.ts';
import { pipelineCommand, type PipelineOptions } from './commands/pipeline.ts';
import { initCommand, starterConfig, withWorkIgnored, workflowExample, type InitOptions } from './commands/init.ts';
import { initKindCommand, loadTemplate, type InitKindOptions } from './commands/init-kind.ts';
import { schemaCommand, type SchemaOptions } from './commands/schema.ts';
import { checkKindCommand, type CheckKindOptions } from './commands/check-kind.ts';
import { Interrupted } from './commands/run/interrupt.ts';
import { closeCommandPool, DEFAULT_TASK_SECONDS, setCommandThreads, startupSeconds } from './commands/run/tasks.ts';
import { SUPERVISED, tellSupervisor } from './lib/supervised.ts';
import { defaultMaxMemoryMib, RUN_MEMORY_SHARE } from './commands/run/machine.ts';

const wholeNumber =
  (min: number, max = Number.MAX_SAFE_INTEGER) =>
  (value: string) => {
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    }
    return Number(value);
  };

const seconds = (value: string) => {
  if (!/^\d+(\.\d+)?$/.test(value)) throw new InvalidArgumentError('expected a number of seconds, e.g. 10 or 0.5');
  return Number(value);
};

const threadsOption = () => new Option('--threads <t>', 'worker threads').argParser(wholeNumber(1, 256)).default(defaultThreads(), 'the number of cores');
/** --task-seconds: the runner's wall-clock ceiling on each task of the pool (docs/cli.md, Budgets). */
const taskSecondsOption = () =>
  new Option('--task-seconds <s>', "wall-clock ceiling of one task (a slot, a level's analysis): past it the run stops, exit 2")
    .argParser(wholeNumber(1, 1_000_000))
    .default(DEFAULT_TASK_SECONDS);
/** --max-memory-mib: the runner's memory ceiling while the pool's tasks run (docs/cli.md, Budgets). */
const maxMemoryOption = () =>
  new Option('--max-memory-mib <n>', 'memory ceiling of the run (resident memory, every thread): past it the run stops, exit 2')
    .argParser(wholeNumber(128, 2 ** 24))
    .default(defaultMaxMemoryMib(), `${Math.round(RUN_MEMORY_SHARE * 100)} % of the machine's memory`);
/** --quiet; `json` says whether the command has a --json report to keep printing. */
const quietOption = (json: boolean) => new Option('--quiet', json ? 'print nothing but errors (and the --json report)' : 'print nothing but errors');
/** --budget FIELD=N (repeatable): the runner's ceiling of a config budget for generate and pipeline (docs/cli.md, "Budgets"). */
const budgetOption = () =>
  new Option(
    '--budget <field=value...>',
    'raise (or lower) the ceiling of a config budget, e.g. scoreGhostLimit=33; a config above a ceiling is refused before any work (docs/cli.md, Budgets)',
  );
const jsonOption = () => new Option('--json', 'print a machine-readable report on stdout');
const shardOption = () =>
  new Option(
    '--shard <i/n>',
    "do only shard i of n (0-based), or auto (auto/N): the batch engine's task index and count; combine the outputs with proofpack merge",
  );
const maxLogOption = () =>
  new Option('--max-log-mib <n>', `refuse attempt logs larger than this many MiB together, before any line is parsed (default ${LOG_MIB})`).argParser(
    wholeNumber(1, MAX_LOG_MIB),
  );
const seedOption = (what: string) => new Option('--seed <s>', what).argParser(wholeNumber(0));
const kindArg = () =>
  `puzzle kind: ${kinds()
    .map((k) => k.name)
    .join(', ')}`;
/** The built-in presets of every kind, e.g. "ghost: full; slide: full". */
const presetList = () =>
  kinds()
    .flatMap((k) => (k.presets && Object.keys(k.presets).length > 0 ? [`${k.name}: ${Object.keys(k.presets).join(', ')}`] : []))
    .join('; ');

/** The config directory whose kinds.json every command reads: --config-dir's folder, init's --dir, or ./proofpack. */
const DEFAULT_CONFIG_DIR = 'proofpack';
const configDirOption = () =>
  new Option('--config-dir <dir>', "the folder whose kinds.json registers the game's own kinds (default: ./proofpack; no kinds.json: the built-in kinds)");

/**
 * The config directory named on the command line, read before commander
 * parses it (the kinds it registers are in every command's --help): the
 * last `--config-dir DIR` (init: `--dir DIR`) before `--`. `explicit`: named,
 * so it must exist (init makes its folder).
 */
export function scanConfigDir(argv: readonly string[]): { dir: string; explicit: boolean } {
  const args = argv.slice(2);
  const dir = scanFlag(argv, args[0] === 'init' ? '--dir' : '--config-dir');
  return dir === undefined ? { dir: DEFAULT_CONFIG_DIR, explicit: false } : { dir, explicit: args[0] !== 'init' };
}

/** The value of the last `FLAG V` or `FLAG=V` before `--` on the command line, read before commander parses it. */
function scanFlag(argv: readonly string[], flag: string): string | undefined {
  const args = argv.slice(2);
  let value: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--') break;
    if (a === flag && i + 1 < args.length) value = args[++i];
    else if (a.startsWith(`${flag}=`)) value = a.slice(flag.length + 1);
  }
  return value;
}

/** The ceilings the supervisor watches the loading of the game's kinds under: the start-up bound and --max-memory-mib (its default when not a valid figure: commander refuses it later). */
function loadingCeilings(argv: readonly string[]): { startupSeconds: number; maxMemoryMib: number } {
  const mib = scanFlag(argv, '--max-memory-mib');
  return { startupSeconds: startupSeconds(), maxMemoryMib: mib !== undefined && /^\d+$/.test(mib) && Number(mib) >= 128 ? Number(mib) : defaultMaxMemoryMib() };
}

/** A failure as the CLI reports it: one line (or one per problem) on stderr; returns the exit code. */
function failure(e: unknown, io: Io): number {
  if (e instanceof Interrupted) {
    io.stderr(`proofpack: ${oneLine(e.message)}\n`);
    return e.exitCode;
  }
  if (e instanceof InputError) {
    for (const line of e.lines) io.stderr(`proofpack: ${oneLine(line)}\n`);
    return EXIT_INPUT;
  }
  const err = e as Error;
  io.stderr(`proofpack: internal error: ${String(err?.message ?? err).split('\n')[0]} (set PROOFPACK_DEBUG=1 for the stack)\n`);
  if (process.env['PROOFPACK_DEBUG']) io.stderr(`${err?.stack}\n`);
  return EXIT_INTERNAL;
}

/** A command's parsed options, as commander hands them to its action. */
type Opts = Record<string, unknown>;

/** What a command shares with others, added after its own options and always in this order (addRunnerOptions). */
interface Runner {
  /** --threads: it runs work on the pool's threads. */
  threads?: true;
  /** --task-seconds and --max-memory-mib: it runs tasks under the runner's ceilings. */
  ceilings?: true;
  /** --max-log-mib: it reads attempt logs. */
  logs?: true;
  /** --json: it can print a machine-readable report. */
  json?: true;
  /** --quiet (every command but config). */
  quiet?: false;
  /** --config-dir (every command but init, which reads --dir's): its own description of it, where it says more. */
  configDir?: false | string;
}

/** Add the options a command shares with others (runner) after its own. */
function addRunnerOptions(command: Command, runner: Runner): void {
  if (runner.threads) command.addOption(threadsOption());
  if (runner.ceilings) command.addOption(taskSecondsOption()).addOption(maxMemoryOption());
  if (runner.logs) command.addOption(maxLogOption());
  if (runner.json) command.addOption(jsonOption());
  if (runner.quiet !== false) command.addOption(quietOption(runner.json === true));
  if (runner.configDir !== false) command.addOption(runner.configDir === undefined ? configDirOption() : new Option('--config-dir <dir>', runner.configDir));
}

/** An option of one command: its value parsed, defaulted or required as `how` says. */
function option(flags: string, description: string, how: { parse?: (value: string) => unknown; value?: unknown; required?: true } = {}): Option {
  const o = new Option(flags, description);
  if (how.parse) o.argParser(how.parse);
  if (how.value !== undefined) o.default(how.value);
  if (how.required) o.makeOptionMandatory();
  return o;
}

/** One command of the table: what its --help says, and what it runs with the arguments and options commander parsed. */
interface CommandSpec {
  name: string;
  description: string;
  /** Its arguments, `<name>`, `<name...>` or `[name]`, with their descriptions (a function: the kinds are registered first). */
  arguments?: () => [string, string][];
  /** Its own options, in --help order (before the runner's). */
  options?: () => Option[];
  runner: Runner;
  /** Runs the command; returns its exit code. `args` are the arguments in order. */
  run: (o: Opts, args: unknown[], con: Console, io: Io) => number | Promise<number>;
}

/** Every command, in the order --help lists them. */
const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'generate',
    description: 'rejection-sample candidate levels of one kind into a set file',
    arguments: () => [['<kind>', kindArg()]],
    options: () => [
      option('--config <file>', "generator config (JSON, schema/<kind>.config.schema.json); default: the kind's built-in standard config"),
      option('--preset <name>', `a built-in full-size config instead of the standard one (${presetList()})`),
      option('--count <n>', 'total wanted levels, spread over the plan in its proportions', { parse: wholeNumber(1) }),
      seedOption("master seed; default: the config's seed, else the built-in standard set's"),
      option('--name <name>', "set name stored in the file (default: the config's name, else the preset name, or standard)"),
      shardOption(),
      option('--resume', 'continue from <out>.checkpoint.json left by an interrupted run of the same job'),
      option('--checkpoint-every <s>', 'seconds between checkpoints of finished slots', { parse: seconds, value: 10 }),
      budgetOption(),
      option('--out <file>', 'candidate set to write', { required: true }),
    ],
    runner: { threads: true, ceilings: true, json: true },
    run: (o, [kind], con) => generateCommand({ ...(o as Omit<GenerateOptions, 'kind'>), kind: kind as string }, con),
  },
  {
    name: 'curate',
    description: 'dedup, calibrate, tier and order a candidate set',
    arguments: () => [['<file>', 'candidate set (from generate)']],
    options: () => [option('--out <file>', 'curated set to write', { required: true })],
    runner: { ceilings: true, json: true },
    run: (o, [input], con) => curateCommand({ ...(o as Omit<CurateOptions, 'input'>), input: input as string }, con),
  },
  {
    name: 'validate',
    description: 'recompute every stored value of sets, packs and manifests; exit 1 on any difference',
    arguments: () => [['<paths...>', 'files or directories (searched for *.json)']],
    options: () => [
      shardOption(),
      option('--compare <set>', 'also compare the (first) set with this set of the same kind, e.g. recorded against generated boards'),
      option(
        '--budget <field=value...>',
        "allow a stored config this much of a budget past the kinds' defaults, e.g. scoreGhostLimit=32 (docs/untrusted-input.md)",
      ),
    ],
    runner: { threads: true, ceilings: true, logs: true, json: true },
    run: (o, [paths], con) => validateCommand({ ...(o as Omit<ValidateOptions, 'paths'>), paths: paths as string[] }, con),
  },
  {
    name: 'calibrate',
    description:
      "fit players' difficulty to a curated set from its attempt logs (JSON Lines, docs/players.md) and write the set with each level's players figures",
    arguments: () => [['<set>', 'curated set']],
    options: () => [
      option('--log <file...>', 'attempt logs (any order, any split: the same bytes)', { required: true }),
      option('--out <file>', 'calibrated set to write', { required: true }),
      option('--retier', "recut the tiers by players' difficulty (the set's tier names and sizes), easiest first"),
      option('--min-attempts <n>', `levels with fewer attempts get no figures and keep their solver tier (default ${FIT_DEFAULTS.minAttempts})`, {
        parse: wholeNumber(1),
      }),
      option('--skip-malformed', 'fit the well-formed lines and skip the others (default: nothing written if any is malformed)'),
      option('--strict', 'fail when an attempt names a level that is not in the set (default: counted and reported)'),
    ],
    runner: { ceilings: true, logs: true, json: true },
    run: (o, [input], con) => calibrateCommand({ ...(o as Omit<CalibrateOptions, 'input' | 'logs'>), input: input as string, logs: o['log'] as string[] }, con),
  },
  {
    name: 'simulate-players',
    description: 'write an attempt log from a simulated population playing a set, and the true difficulties beside it (for trying calibrate)',
    arguments: () => [['<set>', 'set whose levels are played (its order is the solver difficulty the true one is made from)']],
    options: () => [
      option('--players <n>', 'players in the population', { parse: wholeNumber(1, 1_000_000), required: true }),
      option('--attempts-per-player <m>', 'distinct levels each player attempts', { parse: wholeNumber(1, 1_000_000), required: true }),
      option('--out <file>', 'attempt log to write (JSON Lines)', { required: true }),
      seedOption('seed of the population and the true difficulties').default(1),
      option('--truth <file>', 'where the true difficulties go (default: <out>.truth.json)'),
    ],
    runner: {},
    run: (o, [input], con) => simulatePlayersCommand({ ...(o as Omit<SimulateOptions, 'input'>), input: input as string }, con),
  },
  {
    name: 'import',
    description: 'read puzzles recorded from another game (apple: 10 lines of 17 digits per board, blank lines between) into a candidate set',
    arguments: () => [
      [
        '<kind>',
        `puzzle kind with an import format: ${kinds()
          .filter((k) => k.importText)
          .map((k) => k.name)
          .join(', ')}`,
      ],
      ['<file>', 'the recorded boards'],
    ],
    options: () => [
      option('--out <file>', 'candidate set to write', { required: true }),
      option('--name <name>', 'set name stored in the file', { value: 'imported' }),
      option('--skip-malformed', 'import the well-formed records and skip the others (default: write nothing if any is malformed)'),
      option('--max-records <n>', `refuse a file of more records than this, before any is analysed (default ${IMPORT_RECORDS})`, {
        parse: wholeNumber(1, MAX_LEVELS_PER_RUN),
      }),
      option('--max-mib <n>', `refuse a file larger than this many MiB, before it is parsed (default ${IMPORT_MIB})`, { parse: wholeNumber(1, 32) }),
    ],
    runner: { threads: true, ceilings: true },
    run: (o, [kind, file], con) => importCommand({ ...(o as Omit<ImportOptions, 'kind' | 'file'>), kind: kind as string, file: file as string }, con),
  },
  {
    name: 'merge',
    description: 'combine the outputs of generate --shard or validate --shard --json into the unsharded result',
    arguments: () => [['<files...>', 'the shard outputs, one per shard']],
    options: () => [
      option('--out <file>', 'merged set file or validate report', { required: true }),
      option('--budget <field=value...>', "as validate's: allow the set shards' stored config this much of a budget past the kinds' defaults"),
    ],
    runner: { threads: true, ceilings: true, json: true },
    run: (o, [inputs], con) => mergeCommand({ ...(o as Omit<MergeOptions, 'inputs'>), inputs: inputs as string[] }, con),
  },
  {
    name: 'bundle',
    description: 'write the packs named in the packs config, manifest.json, the preview page and the client conformance vectors (conformance/<kind>.json)',
    options: () => [
      option('--packs <file>', 'packs config (its set paths are relative to its own folder)', { value: 'levels/packs.json' }),
      option('--out <dir>', 'output directory', { required: true }),
      option('--allow-short', 'accept a pack or tier with fewer levels than asked, with a warning (default: an error)'),
    ],
    runner: { ceilings: true, json: true },
    run: (o, _args, con) => bundleCommand(o as unknown as BundleOptions, con),
  },
  {
    name: 'pipeline',
    description:
      "the whole job: check every input, generate + curate every kind, validate, bundle; levels/ and dist/ are replaced only when every step passed (the configs of proofpack/, or proofpack's built-in job inside its own checkout)",
    options: () => [
      option('--levels <dir>', 'curated sets (and, for the built-in job, packs.json)', { value: 'levels' }),
      option('--dist <dir>', 'bundle output', { value: 'dist' }),
      option('--work <dir>', 'candidate sets, checkpoints and the run folder', { value: '.proofpack' }),
      option(
        '--count <n>',
        "scale every kind's plan to this many wanted levels: a small run, not a sandbox — it replaces --levels and --dist like any run (give other folders for a trial)",
        { parse: wholeNumber(1) },
      ),
      seedOption("master seed of every kind (default: each config's seed)"),
      option('--resume', 'continue an interrupted run: kinds it finished are checked, not generated again; a kind it stopped in continues from its checkpoint'),
      option('--allow-short', 'bundle packs and tiers with fewer levels than asked, with a warning'),
      budgetOption(),
    ],
    runner: {
      threads: true,
      ceilings: true,
      configDir:
        "partial configs (<kind>.json; kinds without one are skipped), packs.json and kinds.json (the game's own kinds), as proofpack init writes them; default: ./proofpack (inside proofpack's own checkout without one: the built-in configs and <levels>/packs.json)",
    },
    run: (o, _args, con) => pipelineCommand(o as unknown as PipelineOptions, con),
  },
  {
    name: 'init',
    description: "scaffold a game repository's proofpack folder: a partial config per kind (with a fresh random seed), packs.json, a CI workflow example",
    options: () => [
      option('--dir <dir>', 'folder to write', { value: 'proofpack' }),
      option('--levels <dir>', 'where pipeline writes the curated sets (the packs file points there)', { value: 'levels' }),
      seedOption('the seed written into every config (default: a fresh random one)'),
      option('--force', 'overwrite existing files'),
      option(
        '--kind <name>',
        "instead, scaffold the game's own puzzle kind NAME from the template (a small real puzzle): <dir>/kinds/NAME/, kinds.json, tsconfig.json, its config and pack",
      ),
    ],
    runner: { configDir: false },
    run: (o, _args, con) => {
      const deps = { loadTemplate, starterConfig, workflowExample, withWorkIgnored, randomSeed: () => randomInt(1, 2 ** 31) };
      return o['kind'] === undefined ? initCommand(o as unknown as InitOptions, con) : initKindCommand(o as unknown as InitKindOptions, deps, con);
    },
  },
  {
    name: 'schema',
    description: "write the JSON Schemas of every file format and of every registered kind's files (the game's own kinds too), for code in other languages",
    options: () => [option('--out <dir>', 'folder to write them into (made if missing; other files there are left alone)', { required: true })],
    runner: {},
    run: (o, _args, con) => schemaCommand(o as unknown as SchemaOptions, con),
  },
  {
    name: 'check-kind',
    description:
      'check the kind contract on a few levels generated from its config: reproducible generation, canonical forms, deterministic analyze, no throw or hang on bent levels, every analysis field checked by validate, budgets; exit 1 naming each violation',
    arguments: () => [['[name]', `the kind to check (default: the game's own kinds, those its kinds.json lists; ${kindArg()})`]],
    options: () => [
      option('--count <n>', 'levels to generate for the checks (at least 2: one run is interrupted after its first)', {
        parse: wholeNumber(2, 1000),
        value: 4,
      }),
      option('--config <file>', "generator config of the kind named (default: the kind's built-in one)"),
      seedOption("master seed (default: the config's seed)"),
      option('--member-timeout <s>', 'seconds one call of a member may take before its thread is terminated and the call named', { parse: seconds, value: 60 }),
    ],
    runner: { json: true },
    run: (o, [name], con) => checkKindCommand({ ...(o as unknown as CheckKindOptions), ...(name !== undefined ? { name: name as string } : {}) }, con),
  },
  {
    name: 'config',
    description: "print a kind's built-in default generator config (a starting point for --config)",
    arguments: () => [['<kind>', kindArg()]],
    options: () => [option('--keys', 'print instead the entry keys of the lists a partial config may change entry by entry (docs/config.md)')],
    runner: { quiet: false },
    run: (o, [kind], _con, io) => {
      printConfig(kind as string, o['keys'] === true, io);
      return 0;
    },
  },
];

/** `proofpack config KIND [--keys]`: the kind's default generator config, or the entry keys of its keyed lists. */
function printConfig(kind: string, keys: boolean, io: Io): void {
  const k = kindByName(kind);
  if (!keys) {
    io.stdout(formatDocument(k.defaults.config));
    return;
  }
  const config = k.defaults.config as Record<string, unknown[]>;
  for (const [list, keyOf] of Object.entries(k.keyedLists ?? {})) {
    const entries = config[list];
    if (!entries) throw new Error(`${k.name}: keyedLists names ${list}, which its default config does not hold`);
    io.stdout(
      `${list}:\n${entryKeys(entries, keyOf)
        .map((key) => `  ${key}\n`)
        .join('')}`,
    );
  }
}

/** Where commander writes: `io`, its own errors (unknown option, missing argument, ...) as one line, like every other error. */
function commanderOutput(io: Io, name: string) {
  return {
    writeOut: io.stdout,
    writeErr: io.stderr,
    outputError: (text: string, write: (s: string) => void) =>
      write(
        `proofpack${name ? ` ${name}` : ''}: ${oneLine(text.replace(/^error: /, '').trim()).replace(/\s+/g, ' ')} (run proofpack${name ? ` ${name}` : ''} --help for usage)\n`,
      ),
  };
}

/** Add a command of the table to the program; `done` receives its exit code. */
function addCommand(program: Command, spec: CommandSpec, io: Io, done: (code: number) => void): void {
  const command = program.command(spec.name).description(spec.description).configureOutput(commanderOutput(io, spec.name));
  for (const [name, description] of spec.arguments?.() ?? []) command.argument(name, description);
  for (const o of spec.options?.() ?? []) command.addOption(o);
  addRunnerOptions(command, spec.runner);
  // commander hands the action the arguments, then the options, then the command
  command.action(async (...parsed: unknown[]) => {
    const o = parsed.at(-2) as Opts;
    done(await spec.run(o, parsed.slice(0, -2), terminalConsole(o as { quiet?: boolean; json?: boolean }, io), io));
  });
}

/** How an in-process caller wants main() to end. */
export interface MainOptions {
  /**
   * Keep the command's worker pool for the next main() of this process
   * instead of destroying it (tests that run many commands in one process): a
   * later command with the same kinds and --threads takes it, one with others
   * replaces it. The CLI's own process never sets it.
   */
  keepPool?: boolean;
}

/** Run the CLI; returns the exit code. `io` is where it writes (tests pass buffers). */
export async function main(argv: readonly string[], io: Io = processIo, opts: MainOptions = {}): Promise<number> {
  // the game's kinds first: every command, and its --help, sees them
  const scanned = scanConfigDir(argv);
  await tellSupervisor({ t: 'ceilings', ...loadingCeilings(argv) });
  try {
    await useKinds(scanned.dir, scanned.explicit);
  } catch (e) {
    return failure(e, io);
  }
  let exitCode = 0;
  const program = new Command().name('proofpack').description('Generate, curate, validate and bundle puzzle levels that a machine has proven.');
  program.version(TOOL, '--version').exitOverride().configureOutput(commanderOutput(io, ''));
  for (const spec of COMMANDS)
    addCommand(program, spec, io, (code) => {
      exitCode = code;
    });

  // what commander parsed must be the folder whose kinds were registered
  program.hook('preAction', (_program, action) => {
    const o = action.opts() as { configDir?: string; dir?: string; threads?: number };
    // the command's pool is as large as its --threads from its first run on (tasks.ts)
    setCommandThreads(o.threads);
    const given = (action.name() === 'init' ? o.dir : o.configDir) ?? DEFAULT_CONFIG_DIR;
    if (path.resolve(given) !== path.resolve(scanned.dir))
      throw new InputError(`--config-dir ${given}: write it as --config-dir DIR (the kinds were read from ${scanned.dir})`);
  });

  try {
    await program.parseAsync([...argv]);
    return exitCode;
  } catch (e) {
    // --help and --version exit 0; `proofpack` with no command prints the usage and exits 2
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : EXIT_INPUT;
    return failure(e, io);
  } finally {
    // the worker pool the command's kind steps shared: destroyed, or kept for the caller's next command
    if (opts.keepPool) setCommandThreads(undefined);
    else await closeCommandPool();
  }
}

// run by the supervisor (bin/proofpack.js) as its child process: the command's end and exit code are told to it
if (SUPERVISED) {
  const code = await main(process.argv);
  await tellSupervisor({ t: 'done', code });
  process.exitCode = code;
  process.disconnect();
}
