// `proofpack calibrate` and `simulate-players` (issue 48), in process on the
// committed standard sets: a simulated population whose true difficulties the
// test reads from the side file, fitted back with Spearman >= 0.9 for every
// built-in kind; the same bytes for shuffled and split logs; the tiers recut
// with the set's names and sizes; levels below --min-attempts untouched; bad
// log lines one line each with file and line; unknown levels counted (fatal
// with --strict); a 2 GB log refused before it is read.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { spearman } from '../../tools/lib/stats.ts';
import { KINDS } from '../../tools/kinds/index.ts';
import { spawn } from 'node:child_process';
import { BIN, ROOT, tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';

type Level = { id: string; tier: string; players?: { difficulty: number; attempts: number; deviation: number } };
type SetDoc = { levels: Level[]; players?: { logs: { file: string }[]; attempts: { count: number; unknownLevels: number }; belowMinAttempts: number } };
const readJson = <T>(f: string) => JSON.parse(fs.readFileSync(f, 'utf8')) as T;

const dir = tempDir();
const levels = path.join(dir, 'levels');
const logs = path.join(levels, 'logs');
const setOf = (kind: string) => path.join(levels, kind, 'standard.json');
/** Players enough for at least `perLevel` attempts per level of the kind's standard set, 40 levels each. */
const playersFor = (kind: string, perLevel: number) => Math.ceil((readJson<SetDoc>(setOf(kind)).levels.length * perLevel) / 40);

beforeAll(async () => {
  fs.mkdirSync(logs, { recursive: true });
  for (const kind of ['ghost', 'slide', 'apple']) {
    fs.mkdirSync(path.join(levels, kind));
    fs.copyFileSync(path.join(ROOT, 'levels', kind, 'standard.json'), setOf(kind));
    const log = path.join(logs, `${kind}.jsonl`);
    const r = await run([
      'simulate-players',
      setOf(kind),
      '--players',
      String(playersFor(kind, 100)),
      '--attempts-per-player',
      '40',
      '--seed',
      '3',
      '--out',
      log,
    ]);
    expect(r.code, r.stderr).toBe(0);
  }
});

async function calibrate(kind: string, out: string, extra: string[] = [], log = [path.join(logs, `${kind}.jsonl`)]) {
  return run(['calibrate', setOf(kind), '--log', ...log, '--out', out, '--quiet', ...extra]);
}

describe('calibrate recovers the true difficulty of a simulated population', () => {
  for (const kind of ['ghost', 'slide', 'apple']) {
    it(`${kind}: every level fitted from >= 100 attempts; Spearman against the truth >= 0.9; tiers recut with the set's names and sizes`, async () => {
      const out = path.join(levels, kind, 'calibrated.json');
      const r = await calibrate(kind, out, ['--retier']);
      expect(r.code, r.stderr).toBe(0);
      const set = readJson<SetDoc>(out);
      const truth = readJson<{ difficulty: Record<string, number> }>(path.join(logs, `${kind}.truth.json`)).difficulty;
      const fitted = set.levels.filter((l) => l.players);
      expect(fitted).toHaveLength(set.levels.length);
      expect(Math.min(...fitted.map((l) => l.players!.attempts))).toBeGreaterThanOrEqual(60);
      const rho = spearman(
        fitted.map((l) => l.players!.difficulty),
        fitted.map((l) => truth[l.id]!),
      );
      expect(rho).toBeGreaterThanOrEqual(0.9);
      // the tier sizes are the solver's; within the ladder, player difficulty never goes down
      const count = (ls: Level[]) => Object.fromEntries([...new Set(ls.map((l) => l.tier))].map((t) => [t, ls.filter((l) => l.tier === t).length]));
      const before = readJson<SetDoc>(setOf(kind)).levels;
      expect(count(set.levels)).toEqual(count(before));
      const tiers = KINDS.find((k) => k.name === kind)!.tiers;
      expect(set.levels.map((l) => tiers.indexOf(l.tier))).toEqual([...set.levels.map((l) => tiers.indexOf(l.tier))].sort((a, b) => a - b));
      const d = set.levels.map((l) => l.players!.difficulty);
      expect(d).toEqual([...d].sort((a, b) => a - b));
      // and the recut moved levels: players disagree with the solver somewhere
      expect(set.levels.some((l) => before.find((b) => b.id === l.id)!.tier !== l.tier)).toBe(true);
    });
  }
});

describe('calibrate is reproducible', () => {
  it('shuffled lines and a log split in two files give the same bytes', async () => {
    const whole = path.join(levels, 'slide', 'whole.json');
    expect((await calibrate('slide', whole, ['--retier'])).code).toBe(0);
    const lines = fs.readFileSync(path.join(logs, 'slide.jsonl'), 'utf8').trimEnd().split('\n');
    // a fixed permutation (reversed, then interleaved) split unevenly into two files
    const shuffled = [...lines].reverse().flatMap((l, i, a) => (i % 2 ? [] : [l, a[i + 1]].filter((x): x is string => x !== undefined)));
    const cut = Math.floor(shuffled.length / 3);
    fs.writeFileSync(path.join(logs, 'part-b.jsonl'), `${shuffled.slice(cut).join('\n')}\n`);
    fs.writeFileSync(path.join(logs, 'part-a.jsonl'), `${shuffled.slice(0, cut).join('\n')}\n`);
    const split = path.join(levels, 'slide', 'split.json');
    const r = await calibrate('slide', split, ['--retier'], [path.join(logs, 'part-b.jsonl'), path.join(logs, 'part-a.jsonl')]);
    expect(r.code, r.stderr).toBe(0);
    const strip = (f: string) => {
      const doc = readJson<SetDoc & { players: { logs: unknown } }>(f);
      return { ...doc, players: { ...doc.players, logs: null } };
    };
    // the levels, the fit and the all-logs digest are the same; only the list of files differs
    expect(strip(split)).toEqual(strip(whole));
    expect(readJson<SetDoc>(split).players!.logs.map((l) => l.file)).toEqual(['../logs/part-a.jsonl', '../logs/part-b.jsonl']);
  });

  it('levels below --min-attempts get no figures and keep their solver tier and place', async () => {
    const out = path.join(levels, 'apple', 'few.json');
    const r = await calibrate('apple', out, ['--retier', '--min-attempts', '100000']);
    expect(r.code, r.stderr).toBe(0);
    const set = readJson<SetDoc>(out);
    expect(set.levels.every((l) => l.players === undefined)).toBe(true);
    expect(set.players!.belowMinAttempts).toBe(set.levels.length);
    expect(set.levels).toEqual(readJson<SetDoc>(setOf('apple')).levels);
  });
});

describe('attempt logs are untrusted input', () => {
  it('each bad line is one line naming the file and line number; nothing written; --skip-malformed fits the rest', async () => {
    const bad = path.join(logs, 'bad.jsonl');
    const good = fs.readFileSync(path.join(logs, 'apple.jsonl'), 'utf8').split('\n').slice(0, 200);
    good.splice(3, 0, '{"level": "apple-000000000000", "player": "p1", "solved": "yes", "seconds": 1, "mistakes": 0}');
    good.splice(7, 0, 'not json');
    fs.writeFileSync(bad, good.join('\n'));
    const out = path.join(levels, 'apple', 'bad.json');
    const r = await calibrate('apple', out, [], [bad]);
    expect(r.code).toBe(2);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^${bad}:4 › solved: .*boolean`));
    expect(lines[1]).toBe(`${bad}:8: not a JSON value (an attempt log holds one JSON object a line)`);
    expect(lines[2]).toContain(`${bad}: 2 malformed lines, nothing fitted (--skip-malformed fits the others)`);
    expect(fs.existsSync(out)).toBe(false);
    const skip = await calibrate('apple', out, ['--skip-malformed', '--min-attempts', '1'], [bad]);
    expect(skip.code, skip.stderr).toBe(0);
    expect(readJson<{ players: { attempts: { skipped: number; count: number } } }>(out).players.attempts).toMatchObject({ skipped: 2, count: 200 });
  });

  it('attempts of levels not in the set are counted and reported; --strict refuses them', async () => {
    const mixed = path.join(logs, 'mixed.jsonl');
    const apple = fs.readFileSync(path.join(logs, 'apple.jsonl'), 'utf8').split('\n').slice(0, 300);
    const slide = fs.readFileSync(path.join(logs, 'slide.jsonl'), 'utf8').split('\n').slice(0, 5);
    fs.writeFileSync(mixed, [...apple, ...slide].join('\n'));
    const out = path.join(levels, 'apple', 'mixed.json');
    const r = await run(['calibrate', setOf('apple'), '--log', mixed, '--out', out, '--min-attempts', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`warning: ${mixed}: 5 attempts name a level that is not in ${setOf('apple')} (counted in the set, not fitted)`);
    expect(readJson<SetDoc>(out).players!.attempts).toMatchObject({ count: 300, unknownLevels: 5 });
    const strict = await calibrate('apple', path.join(levels, 'apple', 'strict.json'), ['--strict'], [mixed]);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toContain('; nothing written (--strict)');
  });

  it('a 2 GB log is refused before a byte of it is read, naming the cap and the flag', async () => {
    const huge = path.join(logs, 'huge.jsonl');
    const fd = fs.openSync(huge, 'w');
    fs.ftruncateSync(fd, 2 * 1024 ** 3); // sparse: no disk used
    fs.closeSync(fd);
    const r = await calibrate('apple', path.join(levels, 'apple', 'huge.json'), [], [huge]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${huge}: 2147483648 bytes of attempt logs, over the cap of 256 MiB; nothing read (raise it with --max-log-mib N`);
    fs.rmSync(huge);
  });
});

describe('Ctrl-C', () => {
  it('while calibrate reads a large log: exit 130 within seconds, saying nothing was written', async () => {
    const big = path.join(logs, 'big.jsonl');
    const sim = await run(['simulate-players', setOf('slide'), '--players', '20000', '--attempts-per-player', '40', '--seed', '8', '--out', big]);
    expect(sim.code, sim.stderr).toBe(0);
    const out = path.join(levels, 'slide', 'interrupted.json');
    const child = spawn(process.execPath, [BIN, 'calibrate', setOf('slide'), '--log', big, '--out', out], { env: { ...process.env, CI: '1' } });
    let stderr = '';
    child.stderr.on('data', (b) => {
      stderr += String(b);
    });
    const exited = new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    // well into the reading of its 800,000 lines (several seconds)
    await new Promise((r) => setTimeout(r, 3000));
    const t0 = Date.now();
    child.kill('SIGINT');
    expect(await exited, stderr).toBe(130);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(stderr.trimEnd().split('\n').at(-1)).toBe(`proofpack: interrupted: calibrate stopped; nothing was written to ${out}`);
    expect(fs.existsSync(out)).toBe(false);
  });
});
