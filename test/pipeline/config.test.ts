// Generator configs as users write them: partial configs merged over the
// kind's defaults (the effective config is what the set stores), every problem
// reported at once, "did you mean", a config of another kind named as such,
// and the try-budget hint.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { quickConfigFile, tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';
import { mergePartial, closestName, editDistance, entryKeys } from '../../tools/lib/partial.ts';
import { checkJobConfig } from '../../tools/commands/files/config.ts';
import { InputError } from '../../tools/lib/errors.ts';
import { kindByName } from '../../tools/kinds/index.ts';

const dir = tempDir();
const write = (name: string, doc: unknown) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(doc));
  return file;
};

describe('mergePartial', () => {
  it('merges objects key by key and replaces arrays whole', async () => {
    const defaults = { a: 1, o: { x: 1, y: 2 }, list: [1, 2, 3] };
    expect(mergePartial(defaults, { o: { y: 5 }, list: [9] })).toEqual({ a: 1, o: { x: 1, y: 5 }, list: [9] });
    expect(mergePartial(defaults, {})).toEqual(defaults);
    expect(mergePartial(defaults, { extra: true })).toEqual({ ...defaults, extra: true });
  });

  it('gives every kind its own defaults back from a complete config', async () => {
    for (const name of ['ghost', 'slide', 'apple']) {
      const d = kindByName(name).defaults.config;
      expect(mergePartial(d, structuredClone(d))).toEqual(d);
    }
  });

  it('suggests only names within a typo', async () => {
    expect(editDistance('triesPerBord', 'triesPerBoard')).toBe(1);
    expect(closestName('triesPerBord', ['plan', 'triesPerBoard', 'bands'])).toBe('triesPerBoard');
    expect(closestName('colour', ['plan', 'bands'])).toBeUndefined();
  });

  it('counts a swap of two neighbouring letters as one edit, so `coutn` gets "did you mean count"', async () => {
    expect(editDistance('coutn', 'count')).toBe(1);
    expect(editDistance('tiresPerBoard', 'triesPerBoard')).toBe(1);
    expect(closestName('coutn', ['count', 'size', 'mode', 'tier'])).toBe('count');
  });

  it('keeps __proto__, constructor and toString as own keys, never a prototype', async () => {
    const partial = JSON.parse('{"__proto__": {"polluted": 1}, "constructor": 2, "toString": 3}');
    const merged = mergePartial({ a: 1 }, partial) as Record<string, unknown>;
    expect(Object.keys(merged)).toEqual(['a', '__proto__', 'constructor', 'toString']);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

/** The lines of the InputError `run` throws. */
function problems(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (e) {
    if (e instanceof InputError) return e.lines;
    throw e;
  }
  throw new Error('no error');
}

describe('a config file: seed, name, keyed changes, every key known or reported', () => {
  const ghost = kindByName('ghost');
  const plan = (ghost.defaults.config as { plan: { size: number; mode: string; tier: string; count: number }[] }).plan;

  it('takes seed and name out of the config; the stored config is the kind config alone', async () => {
    const r = checkJobConfig(ghost, 'g.json', { seed: 9, name: 'my-game' });
    expect(r).toEqual({ config: ghost.defaults.config, seed: 9, name: 'my-game' });
    expect(problems(() => checkJobConfig(ghost, 'g.json', { seed: -1, name: 'My Game' }))).toEqual([
      'g.json › seed: expected a whole number from 0 to 9007199254740991 (found -1)',
      'g.json › name: expected a set name: lower-case letters, digits, - and _, at most 64, starting with a letter or digit (found "My Game")',
    ]);
  });

  it('changes, removes and adds plan entries by key without restating the plan', async () => {
    const keys = entryKeys(plan, ghost.keyedLists!['plan']!);
    expect(new Set(keys).size).toBe(plan.length);
    expect(keys).toContain('9x9 pair ULTIMATE II #2');
    const r = checkJobConfig(ghost, 'g.json', {
      plan: {
        '9x9 contradiction ULTIMATE+': { count: 5 },
        '5x5 direct EASY': null,
        'my long chains': { size: 9, mode: 'pair', count: 1, tier: 'EXTREME II' },
      },
    });
    const got = (r.config as { plan: typeof plan }).plan;
    expect(got).toHaveLength(plan.length);
    expect(got.find((e) => e.size === 5 && e.tier === 'EASY')).toBeUndefined();
    expect(got.find((e) => e.size === 9 && e.tier === 'ULTIMATE+')!.count).toBe(5);
    expect(got.at(-1)).toEqual({ size: 9, mode: 'pair', count: 1, tier: 'EXTREME II' });
  });

  it('a typo in a key, a field or a job key gets a suggestion; __proto__, constructor and toString are reported', async () => {
    const raw = JSON.parse(
      '{"sede": 3, "plan": {"9x9 pair ULTIMTAE II": {"count": 2}, "5x5 direct EASY": {"coutn": 3}}, "__proto__": 1, "constructor": 2, "toString": 3}',
    );
    const lines = problems(() => checkJobConfig(ghost, 'g.json', raw));
    expect(lines).toEqual([
      'g.json › sede: unknown field (did you mean "seed"?)',
      'g.json › plan › "9x9 pair ULTIMTAE II": no such entry (did you mean "9x9 pair ULTIMATE II"?)',
      ...['__proto__', 'constructor', 'toString'].map(
        (k) => `g.json › ${k}: unknown field (known: triesPerBoard, maxZeroTargets, bands, plan, ladder, weightChoices, scoreGhostLimit)`,
      ),
      'g.json › plan › "5x5 direct EASY" › coutn: unknown field (did you mean "count"?)',
    ]);
  });
  it('a misspelt key that names no entry (`"EASY 5x5"`) is read as a new entry: one line says so and where the keys are listed, not "size: missing"', async () => {
    const lines = problems(() => checkJobConfig(ghost, 'g.json', { plan: { 'EASY 5x5': { count: 3 }, extra: { size: 8, count: 2, cuont: 1 } } }));
    expect(lines).toEqual([
      'g.json › plan › "EASY 5x5": no entry has this key, so it is read as a new entry, which must give every field (missing: size, mode); to change an existing entry, use its key: proofpack config ghost --keys lists them',
      'g.json › plan › "extra": no entry has this key, so it is read as a new entry, which must give every field (missing: mode); to change an existing entry, use its key: proofpack config ghost --keys lists them',
      'g.json › plan › "extra" › cuont: unknown field (did you mean "count"?)',
    ]);
    // a complete new entry is still added without a word
    const added = checkJobConfig(ghost, 'g.json', { plan: { extra: { size: 8, mode: 'pair', count: 2, tier: 'MASTER' } } });
    expect((added.config as { plan: unknown[] }).plan.at(-1)).toEqual({ size: 8, mode: 'pair', count: 2, tier: 'MASTER' });
  });
});

describe('generate --config', () => {
  it('bands given as a list replace the default bands but keep the default plan: a plan entry with no band is named by file and key, with the ways out (not "config: plan entry 5x5 direct")', async () => {
    const partial = write('bands-only.json', { bands: [{ size: 9, ghosts: [20, 22], clues: [20, 28] }] });
    const out = path.join(dir, 'bands-only-out.json');
    const r = await run(['generate', 'ghost', '--config', partial, '--out', out, '--threads', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      `proofpack: ${partial} › plan › "5x5 direct EASY": no band for size 5 (the bands are 9x9); add a band of size 5, drop the entry ("5x5 direct EASY": null), or give the plan as a list`,
    );
    expect(fs.existsSync(out)).toBe(false);
  });
  it('a partial config gives the same bytes as the complete config it stands for, and the set stores the effective config', async () => {
    const full = quickConfigFile('ghost', dir); // the defaults with scoreGhostLimit 16
    const partial = write('partial.json', { scoreGhostLimit: 16 });
    const a = path.join(dir, 'full-out.json');
    const b = path.join(dir, 'partial-out.json');
    const args = ['generate', 'ghost', '--count', '12', '--seed', '3', '--threads', '1'];
    expect((await run([...args, '--config', full, '--out', a])).code).toBe(0);
    const r = await run([...args, '--config', partial, '--out', b]);
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readFileSync(a).equals(fs.readFileSync(b))).toBe(true);
    const stored = JSON.parse(fs.readFileSync(b, 'utf8')).generator.config;
    expect(stored).toEqual({ ...(kindByName('ghost').defaults.config as object), scoreGhostLimit: 16 });
  });

  it('the printed default config gives the same bytes as no --config', async () => {
    const printed = await run(['config', 'slide']);
    expect(printed.code).toBe(0);
    const file = write('slide-full.json', JSON.parse(printed.stdout));
    const a = path.join(dir, 'slide-a.json');
    const b = path.join(dir, 'slide-b.json');
    expect((await run(['generate', 'slide', '--count', '6', '--threads', '1', '--out', a])).code).toBe(0);
    expect((await run(['generate', 'slide', '--count', '6', '--threads', '1', '--config', file, '--out', b])).code).toBe(0);
    expect(fs.readFileSync(a).equals(fs.readFileSync(b))).toBe(true);
  });

  it('reports every problem at once, each unknown key with a "did you mean"', async () => {
    const file = write('typos.json', { triesPerBord: 5, plan: [{ size: 5, mode: 'direct', cont: 3 }], scoreGhostLimit: 99 });
    const r = await run(['generate', 'ghost', '--config', file, '--out', path.join(dir, 'never.json')]);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toContain(`proofpack: ${file} › triesPerBord: unknown field (did you mean "triesPerBoard"?)`);
    expect(lines).toContain(`proofpack: ${file} › plan[0].cont: unknown field (did you mean "count"?)`);
    expect(lines).toContain(`proofpack: ${file} › plan[0].count: missing`);
    expect(lines).toContain(`proofpack: ${file} › scoreGhostLimit: must be <= 36 (found 99)`);
    expect(lines).toHaveLength(4);
    expect(fs.existsSync(path.join(dir, 'never.json'))).toBe(false);
  });

  it('names a config of another kind as such', async () => {
    const printed = await run(['config', 'ghost']);
    const file = write('ghost-full.json', JSON.parse(printed.stdout));
    const r = await run(['generate', 'slide', '--config', file, '--out', path.join(dir, 'never.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `proofpack: ${file}: this looks like a ghost config, not a slide config: it has the ghost keys ladder, maxZeroTargets, scoreGhostLimit, weightChoices (use it with \`generate ghost\`, or start from \`proofpack config slide\`)\n`,
    );
  });

  it('names a partial config that is valid only for another kind as such', async () => {
    const file = write('ghost-plan.json', { plan: [{ size: 7, mode: 'pair', count: 4, tier: 'MASTER' }] });
    const r = await run(['generate', 'slide', '--config', file, '--out', path.join(dir, 'never.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `proofpack: ${file}: this looks like a ghost config, not a slide config: it is valid for ghost and not for slide (use it with \`generate ghost\`, or start from \`proofpack config slide\`)\n`,
    );
  });

  it('"no board passed" names triesPerBoard', async () => {
    const file = write('hopeless.json', { triesPerBoard: 1, scoreGhostLimit: 16, plan: [{ size: 9, mode: 'contradiction', count: 2, tier: 'ULTIMATE+' }] });
    const out = path.join(dir, 'hopeless-out.json');
    const r = await run(['generate', 'ghost', '--config', file, '--seed', '1', '--threads', '1', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'warning: ghost 9x9 contradiction -> ULTIMATE+: no board passed in 2 tries (2 wanted); raise triesPerBoard (1 tries per wanted board), widen its bands or relax its target\n',
    );
    expect(r.stderr).toContain(`proofpack: ${out}: not written: no ghost board passed its target test\n`);
  });
});
