// The runner owns every cost of every command (issue 43): generate and
// pipeline take their ceilings from the command line (--budget), as validate
// does, by one rule (the largest the built-in standard config and its presets
// use); a config over a ceiling is refused before any work, one line naming
// the file, the field and the flag. pipeline no longer turns its config's
// budgets into validate's: the runner's flags decide for every file.
import { afterAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { quickConfig, tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';
import { KINDS, kindByName } from '../../tools/kinds/index.ts';
import { configBudgetProblems } from '../../tools/commands/run/budgets.ts';
import { budgetReadings } from '../../tools/lib/budget.ts';
import { pipelineCommand } from '../../tools/commands/pipeline.ts';
import type { Console } from '../../tools/lib/console.ts';
import { InputError } from '../../tools/lib/errors.ts';

const home = process.cwd();
afterAll(() => process.chdir(home));
const quiet: Console = { out() {}, warn() {}, err() {}, problem() {}, progress: () => ({ update() {}, stop() {} }) };

/** The issue's ghost config: boards of 33–36 ghosts with exact scores (today: a DP of days and hundreds of GB). */
const hugeGhost = {
  name: 'standard',
  seed: 7,
  scoreGhostLimit: 36,
  bands: [{ size: 9, ghosts: [33, 36], clues: [20, 28] }],
  plan: [{ size: 9, mode: 'direct', count: 10000, tier: 'HARD' }],
};

describe('the ceilings', () => {
  it('let the standard config and every preset of every kind run without a flag, and nothing above them', () => {
    for (const kind of KINDS) {
      const built = [kind.defaults.config, ...Object.values(kind.presets ?? {}).map((p) => p.config)];
      for (const config of built) expect(configBudgetProblems(kind, config, 'built-in')).toEqual([]);
      for (const b of kind.budgets) {
        // the ceiling is used by a built-in config (the largest one), and one more is refused
        expect(built.some((c) => budgetReadings(c, b.field).some((r) => r.value === b.ceiling))).toBe(true);
        const raised = structuredClone(kind.defaults.config) as Record<string, unknown>;
        const [first] = budgetReadings(raised, b.field);
        if (!first) throw new Error(`${kind.name} ${b.field}: not in the default config`);
        setAt(raised, first.path, b.ceiling + 1);
        expect(configBudgetProblems(kind, raised, 'x.json'), `${kind.name} ${b.field}`).toEqual([
          expect.stringContaining(`is above the runner's ceiling ${b.ceiling}`),
        ]);
      }
    }
    expect(kindByName('ghost').budgets.find((b) => b.field === 'scoreGhostLimit')?.ceiling).toBe(32); // the dense preset's
  });
});

/** Sets the value at a path such as `plan[3].deepen`. */
function setAt(config: Record<string, unknown>, place: string, value: number): void {
  const parts = place.split(/\.|\[(\d+)\]/).filter((p) => p !== undefined && p !== '');
  let v: Record<string, unknown> = config;
  for (const p of parts.slice(0, -1)) v = v[p] as Record<string, unknown>;
  v[parts.at(-1) as string] = value;
}

describe('generate refuses a config over a ceiling before any work', () => {
  const dir = tempDir();
  const write = (name: string, config: unknown) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, JSON.stringify(config));
    return file;
  };

  it('ghost scoreGhostLimit 36 on boards of 33–36 ghosts: one line, exit 2, nothing written', async () => {
    const file = write('ghost.json', hugeGhost);
    const out = path.join(dir, 'ghost-out.json');
    const t0 = performance.now();
    const r = await run(['generate', 'ghost', '--config', file, '--threads', '1', '--out', out]);
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `proofpack: ${file} › scoreGhostLimit: 36 is above the runner's ceiling 32 (the exact score DP (time grows as G·2^G, memory as 6·2^G bytes, about 2 s and 0.4 GB a board at 26)); raise it with --budget scoreGhostLimit=36\n`,
    );
    expect(fs.existsSync(out)).toBe(false);
    expect(fs.existsSync(`${out}.checkpoint.json`)).toBe(false);
  });

  it('slide nodeLimit 1e8, metricBudget 2e8, maxStates 2e8: a line for each field', async () => {
    const file = write('slide.json', { ...(quickConfig('slide') as object), nodeLimit: 1e8, metricBudget: 2e8, maxStates: 2e8 });
    const r = await run(['generate', 'slide', '--config', file, '--threads', '1', '--out', path.join(dir, 'slide-out.json')]);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toEqual([
      `proofpack: ${file} › nodeLimit: 100000000 is above the runner's ceiling 2000000 (states the solver discovers before giving up); raise it with --budget nodeLimit=100000000`,
      `proofpack: ${file} › metricBudget: 200000000 is above the runner's ceiling 20000000 (states of the metric graph); raise it with --budget metricBudget=200000000`,
      `proofpack: ${file} › maxStates: 200000000 is above the runner's ceiling 300000 (states the generator's search holds for one board); raise it with --budget maxStates=200000000`,
    ]);
  });

  it('apple search.iterations 1e8, and a ghost plan entry that deepens past the standard one (named by its key)', async () => {
    const apple = quickConfig('apple') as { search: object };
    const file = write('apple.json', { ...apple, search: { ...apple.search, iterations: 1e8 } });
    const r = await run(['generate', 'apple', '--config', file, '--threads', '1', '--out', path.join(dir, 'apple-out.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file} › search.iterations: 100000000 is above the runner's ceiling 1000000`);
    expect(r.stderr).toContain('raise it with --budget search.iterations=100000000');
    const ghost = quickConfig('ghost') as { plan: { deepen?: number }[] };
    ghost.plan[3] = { ...ghost.plan[3], deepen: 1_000_000 };
    const g = await run(['generate', 'ghost', '--config', write('deep.json', ghost), '--threads', '1', '--out', path.join(dir, 'deep-out.json')]);
    expect(g.code).toBe(2);
    expect(g.stderr).toMatch(
      /deep\.json › plan\[3\] \(\dx\d \w+ [A-Z]+\)\.deepen: 1000000 is above the runner's ceiling 4000 .*; raise it with --budget plan\.deepen=1000000/,
    );
  });

  it('--budget raises a ceiling for the run (and lowers one)', async () => {
    const config = { ...(quickConfig('ghost') as object), triesPerBoard: 700 };
    const file = write('tries.json', config);
    const out = path.join(dir, 'tries-out.json');
    const args = ['generate', 'ghost', '--config', file, '--count', '2', '--threads', '1', '--out', out];
    const refused = await run(args);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      "triesPerBoard: 700 is above the runner's ceiling 600 (sampling tries per wanted board); raise it with --budget ghost.triesPerBoard=700",
    );
    const raised = await run([...args, '--budget', 'ghost.triesPerBoard=700']);
    expect(raised.code, raised.stderr).toBe(0);
    expect(fs.existsSync(out)).toBe(true);
    // slide and apple have a triesPerBoard too: unqualified, the flag sets every kind's, and slide's built-in 10,000 is then over it
    const slide = await run(['generate', 'slide', '--count', '2', '--budget', 'triesPerBoard=700', '--out', path.join(dir, 's.json')]);
    expect(slide.stderr).toContain(
      'the default slide config › triesPerBoard: 10000 is above the ceiling 700 given with --budget slide.triesPerBoard=700 (sampling tries per wanted board); raise it with --budget slide.triesPerBoard=10000',
    );
    const lowered = await run(['generate', 'ghost', '--count', '2', '--budget', 'scoreGhostLimit=20', '--out', path.join(dir, 'low.json')]);
    expect(lowered.code).toBe(2);
    expect(lowered.stderr).toContain(
      'the default ghost config › scoreGhostLimit: 26 is above the ceiling 20 given with --budget scoreGhostLimit=20 (the exact score DP',
    );
  });
});

describe('pipeline', () => {
  const packs = (tier: string) =>
    JSON.stringify({
      type: 'packs-config',
      formatVersion: 1,
      packs: [{ name: 'p', set: '../levels/ghost/standard.json', tiers: { [tier]: 'all' }, order: 'difficulty' }],
    });
  const refusal = async (opts: Parameters<typeof pipelineCommand>[0]) => {
    try {
      await pipelineCommand(opts, quiet);
    } catch (e) {
      if (e instanceof InputError) return e.lines;
      throw e;
    }
    return [];
  };
  const opts = { threads: 1, configDir: 'proofpack', levels: 'levels', dist: 'dist', work: '.proofpack' };

  it("refuses the issue's ghost config before any work, naming the file, field and flag", async () => {
    process.chdir(tempDir());
    fs.mkdirSync('proofpack');
    fs.writeFileSync('proofpack/ghost.json', JSON.stringify(hugeGhost));
    fs.writeFileSync('proofpack/packs.json', packs('HARD'));
    const lines = await refusal(opts);
    expect(lines).toEqual([
      "proofpack/ghost.json › scoreGhostLimit: 36 is above the runner's ceiling 32 (the exact score DP (time grows as G·2^G, memory as 6·2^G bytes, about 2 s and 0.4 GB a board at 26)); raise it with --budget scoreGhostLimit=36",
    ]);
    expect(fs.existsSync('.proofpack')).toBe(false);
    expect(fs.existsSync('levels')).toBe(false);
    // with slide and apple configs over their ceilings too: every line at once, still before any work
    fs.writeFileSync('proofpack/slide.json', JSON.stringify({ nodeLimit: 1e8, metricBudget: 2e8, maxStates: 2e8 }));
    fs.writeFileSync('proofpack/apple.json', JSON.stringify({ search: { ...(quickConfig('apple') as { search: object }).search, iterations: 1e8 } }));
    const all = await refusal(opts);
    expect(all.map((l) => l.slice(0, l.indexOf(':')))).toEqual([
      'proofpack/ghost.json › scoreGhostLimit',
      'proofpack/slide.json › nodeLimit',
      'proofpack/slide.json › metricBudget',
      'proofpack/slide.json › maxStates',
      'proofpack/apple.json › search.iterations',
    ]);
    expect(fs.existsSync('.proofpack')).toBe(false);
    // the runner may allow them (a --count past what a run holds keeps this run from starting the work)
    const allowed = await refusal({
      ...opts,
      count: 100_000,
      budget: ['scoreGhostLimit=36', 'nodeLimit=100000000', 'metricBudget=200000000', 'maxStates=200000000', 'search.iterations=100000000'],
    });
    expect(allowed).toEqual([expect.stringMatching(/^--count 100000: more than/)]);
  });

  it("validate's budgets are the runner's --budget for every file, never the config's own", async () => {
    process.chdir(tempDir());
    fs.mkdirSync('proofpack');
    fs.writeFileSync('proofpack/ghost.json', JSON.stringify({ seed: 1, scoreGhostLimit: 16, plan: [{ size: 5, mode: 'direct', count: 2, tier: 'EASY' }] }));
    fs.writeFileSync('proofpack/packs.json', packs('EASY'));
    expect(await pipelineCommand(opts, quiet)).toBe(0);
    // a set in levels/ whose stored config is over a ceiling: refused by the validate step unless the runner raises it
    const set = JSON.parse(fs.readFileSync('levels/ghost/standard.json', 'utf8'));
    set.generator.config.scoreGhostLimit = 33;
    fs.writeFileSync('levels/ghost/planted.json', JSON.stringify(set));
    expect((await refusal(opts))[0]).toContain('levels/ghost/planted.json › generator.config.scoreGhostLimit: 33 is over the built-in ceiling 32');
    const raised = await refusal({ ...opts, budget: ['scoreGhostLimit=33'] });
    expect(raised.join('\n')).not.toContain('ceiling');
  });
});
