// The proofpack command line (commander): parses arguments, runs a command,
// turns every failure into one line and an exit code. No rules live here.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { InputError, EXIT_INPUT, EXIT_INTERNAL, oneLine } from './lib/errors.ts';
import { terminalConsole, processIo, type Io } from './lib/console.ts';
import { TOOL } from './lib/files.ts';
import { KINDS, kindByName } from './kinds/index.ts';
import { formatDocument } from './lib/json.ts';
import { defaultThreads } from './lib/pool.ts';
import { generateCommand } from './commands/generate.ts';
import { curateCommand } from './commands/curate.ts';
import { validateCommand } from './commands/validate.ts';
import { bundleCommand } from './commands/bundle.ts';
import { mergeCommand } from './commands/merge.ts';
import { importCommand } from './commands/import.ts';
import { pipelineCommand } from './commands/pipeline.ts';
import { writeConformance } from './client/conformance.ts';
import { initCommand } from './commands/init.ts';
import { Interrupted } from './commands/shared/interrupt.ts';

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
const quietOption = () => new Option('--quiet', 'print nothing but errors (and --json output)');
const jsonOption = () => new Option('--json', 'print a machine-readable report on stdout');
const shardOption = () => new Option('--shard <i/n>', 'do only shard i of n (0-based); combine the outputs with proofpack merge');
const kinds = () => `puzzle kind: ${KINDS.map((k) => k.name).join(', ')}`;
/** The built-in presets of every kind, e.g. "ghost: full; slide: full". */
const presetList = () =>
  KINDS.filter((k) => k.presets && Object.keys(k.presets).length > 0)
    .map((k) => `${k.name}: ${Object.keys(k.presets!).join(', ')}`)
    .join('; ');

/** Run the CLI; returns the exit code. `io` is where it writes (tests pass buffers). */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  let exitCode = 0;
  const program = new Command()
    .name('proofpack')
    .description('Generate, curate, validate and bundle puzzle levels that a machine has proven.')
    .version(TOOL, '--version')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError('(run with --help for usage)');

  program
    .command('generate')
    .description('rejection-sample candidate levels of one kind into a set file')
    .argument('<kind>', kinds())
    .option('--config <file>', "generator config (JSON, schema/<kind>.config.schema.json); default: the kind's built-in standard config")
    .option('--preset <name>', `a built-in full-size config instead of the standard one (${presetList()})`)
    .option('--count <n>', 'total wanted levels, spread over the plan in its proportions', wholeNumber(1))
    .option('--seed <s>', "master seed; default: the built-in standard set's", wholeNumber(0))
    .option('--name <name>', 'set name stored in the file (default: the preset name, or standard)')
    .addOption(shardOption())
    .option('--resume', 'continue from <out>.checkpoint.json left by an interrupted run of the same job')
    .option('--checkpoint-every <s>', 'seconds between checkpoints of finished slots', seconds, 10)
    .addOption(threadsOption())
    .addOption(jsonOption())
    .addOption(quietOption())
    .requiredOption('--out <file>', 'candidate set to write')
    .action(async (kind: string, o) => {
      exitCode = await generateCommand(
        {
          kind,
          config: o.config,
          preset: o.preset,
          count: o.count,
          seed: o.seed,
          name: o.name,
          threads: o.threads,
          out: o.out,
          shard: o.shard,
          resume: o.resume,
          checkpointEvery: o.checkpointEvery,
          json: o.json,
        },
        terminalConsole(o, io),
      );
    });

  program
    .command('curate')
    .description('dedup, calibrate, tier and order a candidate set')
    .argument('<file>', 'candidate set (from generate)')
    .requiredOption('--out <file>', 'curated set to write')
    .addOption(jsonOption())
    .addOption(quietOption())
    .action((input: string, o) => {
      exitCode = curateCommand({ input, out: o.out, json: o.json }, terminalConsole(o, io));
    });

  program
    .command('validate')
    .description('recompute every stored value of sets, packs and manifests; exit 1 on any difference')
    .argument('<paths...>', 'files or directories (searched for *.json)')
    .addOption(shardOption())
    .option('--compare <set>', 'also compare the (first) set with this set of the same kind, e.g. recorded against generated boards')
    .option(
      '--budget <field=value...>',
      "allow a stored config this much of a budget past the kinds' defaults, e.g. scoreGhostLimit=32 (docs/untrusted-input.md)",
    )
    .addOption(threadsOption())
    .addOption(jsonOption())
    .addOption(quietOption())
    .action(async (paths: string[], o) => {
      exitCode = await validateCommand(
        { paths, threads: o.threads, json: o.json, shard: o.shard, compare: o.compare, budget: o.budget },
        terminalConsole(o, io),
      );
    });

  program
    .command('import')
    .description('read puzzles recorded from another game (apple: 10 lines of 17 digits per board, blank lines between) into a candidate set')
    .argument('<kind>', kinds())
    .argument('<file>', 'the recorded boards')
    .requiredOption('--out <file>', 'candidate set to write')
    .option('--name <name>', 'set name stored in the file', 'imported')
    .option('--skip-malformed', 'import the well-formed records and skip the others (default: write nothing if any is malformed)')
    .addOption(threadsOption())
    .addOption(quietOption())
    .action(async (kind: string, file: string, o) => {
      exitCode = await importCommand({ kind, file, out: o.out, name: o.name, threads: o.threads, skipMalformed: o.skipMalformed }, terminalConsole(o, io));
    });

  program
    .command('merge')
    .description('combine the outputs of generate --shard or validate --shard --json into the unsharded result')
    .argument('<files...>', 'the shard outputs, one per shard')
    .requiredOption('--out <file>', 'merged set file or validate report')
    .addOption(jsonOption())
    .addOption(quietOption())
    .action((files: string[], o) => {
      exitCode = mergeCommand({ inputs: files, out: o.out, json: o.json }, terminalConsole(o, io));
    });

  program
    .command('bundle')
    .description('write the packs named in the packs config, manifest.json, the preview page and the client conformance vectors (conformance/<kind>.json)')
    .option('--packs <file>', 'packs config (its set paths are relative to its own folder)', 'levels/packs.json')
    .requiredOption('--out <dir>', 'output directory')
    .option('--allow-short', 'accept a pack or tier with fewer levels than asked, with a warning (default: an error)')
    .addOption(jsonOption())
    .addOption(quietOption())
    .action(async (o) => {
      exitCode = await bundleCommand(
        { packs: o.packs, out: o.out, json: o.json, allowShort: o.allowShort, conformance: writeConformance },
        terminalConsole(o, io),
      );
    });

  program
    .command('pipeline')
    .description(
      'the whole job: generate + curate every kind into levels/, validate, bundle into dist/ (built-in configs, or those of proofpack/ when present)',
    )
    .addOption(threadsOption())
    .option(
      '--config-dir <dir>',
      'partial configs (<kind>.json; kinds without one are skipped) and packs.json, as proofpack init writes them; default: ./proofpack if it has a packs.json, else the built-in configs and <levels>/packs.json',
    )
    .option('--levels <dir>', 'curated sets (and, without a config folder, packs.json)', 'levels')
    .option('--dist <dir>', 'bundle output', 'dist')
    .option('--work <dir>', 'intermediate candidate sets', '.proofpack')
    .option('--count <n>', "scale every kind's plan to this many wanted levels", wholeNumber(1))
    .option('--resume', 'continue the generate step an interrupted run left a checkpoint for')
    .option('--allow-short', 'bundle packs and tiers with fewer levels than asked, with a warning')
    .addOption(quietOption())
    .action(async (o) => {
      exitCode = await pipelineCommand(
        {
          threads: o.threads,
          levels: o.levels,
          dist: o.dist,
          work: o.work,
          configDir: o.configDir,
          count: o.count,
          resume: o.resume,
          allowShort: o.allowShort,
          conformance: writeConformance,
        },
        terminalConsole(o, io),
      );
    });

  program
    .command('init')
    .description("scaffold a game repository's proofpack folder: a partial config per kind, packs.json, a CI workflow example")
    .option('--dir <dir>', 'folder to write', 'proofpack')
    .option('--levels <dir>', 'where pipeline writes the curated sets (the packs file points there)', 'levels')
    .option('--force', 'overwrite existing files')
    .addOption(quietOption())
    .action((o) => {
      exitCode = initCommand({ dir: o.dir, levels: o.levels, force: o.force }, terminalConsole(o, io));
    });

  program
    .command('config')
    .description("print a kind's built-in default generator config (a starting point for --config)")
    .argument('<kind>', kinds())
    .action((kind: string) => {
      io.stdout(formatDocument(kindByName(kind).defaults.config));
    });

  try {
    await program.parseAsync([...argv]);
    return exitCode;
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help' ? 0 : EXIT_INPUT;
    }
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
}
