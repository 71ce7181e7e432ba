// The proofpack command line (commander): parses arguments, runs a command,
// turns every failure into one line and an exit code. No rules live here.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { InputError, EXIT_INPUT, EXIT_INTERNAL } from './lib/errors.ts';
import { terminalConsole } from './lib/console.ts';
import { TOOL } from './lib/files.ts';
import { KINDS, kindByName } from './lib/registry.ts';
import { formatDocument } from './lib/json.ts';
import { defaultThreads } from './lib/pool.ts';
import { generateCommand } from './commands/generate.ts';
import { curateCommand } from './commands/curate.ts';
import { validateCommand } from './commands/validate.ts';
import { bundleCommand } from './commands/bundle.ts';
import { pipelineCommand } from './commands/pipeline.ts';

const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) => (value: string) => {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
  }
  return Number(value);
};

const threadsOption = () =>
  new Option('--threads <t>', 'worker threads').argParser(wholeNumber(1, 256)).default(defaultThreads(), 'the number of cores');
const quietOption = () => new Option('--quiet', 'print nothing but errors');

export async function main(argv: readonly string[]): Promise<number> {
  let exitCode = 0;
  const program = new Command()
    .name('proofpack')
    .description('Generate, curate, validate and bundle puzzle levels that a machine has proven.')
    .version(TOOL, '--version')
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)');

  program
    .command('generate')
    .description('rejection-sample candidate levels of one kind into a set file')
    .argument('<kind>', `puzzle kind: ${KINDS.map((k) => k.name).join(', ')}`)
    .option('--config <file>', "generator config (JSON, schema/<kind>.config.schema.json); default: the kind's built-in standard config")
    .option('--count <n>', 'total wanted levels, spread over the plan in its proportions', wholeNumber(1))
    .option('--seed <s>', "master seed; default: the built-in standard set's", wholeNumber(0))
    .option('--name <name>', 'set name stored in the file', 'standard')
    .addOption(threadsOption())
    .addOption(quietOption())
    .requiredOption('--out <file>', 'candidate set to write')
    .action(async (kind: string, o) => {
      exitCode = await generateCommand({ kind, config: o.config, count: o.count, seed: o.seed, name: o.name, threads: o.threads, out: o.out }, terminalConsole(o));
    });

  program
    .command('curate')
    .description('dedup, calibrate, tier and order a candidate set')
    .argument('<file>', 'candidate set (from generate)')
    .requiredOption('--out <file>', 'curated set to write')
    .addOption(quietOption())
    .action((input: string, o) => {
      exitCode = curateCommand({ input, out: o.out }, terminalConsole(o));
    });

  program
    .command('validate')
    .description('recompute every stored value of sets, packs and manifests; exit 1 on any difference')
    .argument('<paths...>', 'files or directories (searched for *.json)')
    .addOption(threadsOption())
    .option('--json', 'print a machine-readable report')
    .addOption(quietOption())
    .action(async (paths: string[], o) => {
      exitCode = await validateCommand({ paths, threads: o.threads, json: o.json }, terminalConsole(o));
    });

  program
    .command('bundle')
    .description('write the packs named in the packs config and manifest.json')
    .option('--packs <file>', 'packs config', 'levels/packs.json')
    .requiredOption('--out <dir>', 'output directory')
    .addOption(quietOption())
    .action((o) => {
      exitCode = bundleCommand({ packs: o.packs, out: o.out }, terminalConsole(o));
    });

  program
    .command('pipeline')
    .description('the whole job on the built-in defaults: generate + curate every kind into levels/, validate, bundle into dist/')
    .addOption(threadsOption())
    .option('--levels <dir>', 'curated sets and packs.json', 'levels')
    .option('--dist <dir>', 'bundle output', 'dist')
    .option('--work <dir>', 'intermediate candidate sets', '.proofpack')
    .addOption(quietOption())
    .action(async (o) => {
      exitCode = await pipelineCommand({ threads: o.threads, levels: o.levels, dist: o.dist, work: o.work }, terminalConsole(o));
    });

  program
    .command('config')
    .description("print a kind's built-in default generator config (a starting point for --config)")
    .argument('<kind>', `puzzle kind: ${KINDS.map((k) => k.name).join(', ')}`)
    .action((kind: string) => {
      process.stdout.write(formatDocument(kindByName(kind).defaults.config));
    });

  try {
    await program.parseAsync([...argv]);
    return exitCode;
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help' ? 0 : EXIT_INPUT;
    }
    if (e instanceof InputError) {
      process.stderr.write(`proofpack: ${e.message}\n`);
      return EXIT_INPUT;
    }
    const err = e as Error;
    process.stderr.write(`proofpack: internal error: ${String(err?.message ?? err).split('\n')[0]} (set PROOFPACK_DEBUG=1 for the stack)\n`);
    if (process.env['PROOFPACK_DEBUG']) process.stderr.write(`${err?.stack}\n`);
    return EXIT_INTERNAL;
  }
}
