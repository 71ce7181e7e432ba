// validate recomputes players' figures (issue 48): a calibrated set is fitted
// again from the logs it names, and every figure, tier and the order compared;
// a changed log line, a missing log, a forged figure, swapped tiers or
// figures without logs each fail with the line naming the set and what
// differs; a pack cut from a re-tiered set passes with its set and is refused
// alone (its players' tiers need the set). In process, on the run's small
// ghost set (30 levels) and a simulated population.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';

type Level = { id: string; tier: string; players?: { difficulty: number } };
type SetDoc = { levels: Level[]; players?: unknown };
const readJson = <T>(f: string) => JSON.parse(fs.readFileSync(f, 'utf8')) as T;

const dir = tempDir();
const levels = path.join(dir, 'levels');
const plain = path.join(levels, 'ghost', 'small.json');
const log = path.join(levels, 'logs', 'ghost.jsonl');
const set = path.join(levels, 'ghost', 'calibrated.json');

beforeAll(async () => {
  fs.mkdirSync(path.join(levels, 'ghost'), { recursive: true });
  fs.copyFileSync(inject('smallGhostSet').curated, plain);
  const sim = await run(['simulate-players', plain, '--players', '300', '--attempts-per-player', '12', '--seed', '5', '--out', log]);
  expect(sim.code, sim.stderr).toBe(0);
  const cal = await run(['calibrate', plain, '--log', log, '--out', set, '--retier', '--min-attempts', '60', '--quiet']);
  expect(cal.code, cal.stderr).toBe(0);
  expect(readJson<SetDoc>(set).levels.filter((l) => l.players).length).toBeGreaterThan(20);
});

/** validate `file` --quiet: its exit code and the lines it printed. */
async function validate(...paths: string[]) {
  const r = await run(['validate', ...paths, '--threads', '1', '--quiet']);
  return { code: r.code, lines: `${r.stdout}${r.stderr}`.trimEnd().split('\n') };
}

/** A copy of the calibrated set (and its log, beside it) changed by `edit`. */
function variant(name: string, edit: (doc: SetDoc) => void): string {
  const file = path.join(levels, 'ghost', `${name}.json`);
  const doc = readJson<SetDoc>(set);
  edit(doc);
  fs.writeFileSync(file, JSON.stringify(doc));
  return file;
}

describe('validate of a calibrated set', () => {
  it('passes as calibrate wrote it', async () => {
    expect(await validate(set)).toEqual({ code: 0, lines: [''] });
  });

  it('a changed log line: exit 1, the line names the set and the log', async () => {
    const before = fs.readFileSync(log);
    const lines = before.toString().split('\n');
    lines[4] = lines[4]!.includes('"solved":true')
      ? lines[4]!.replace('"solved":true', '"solved":false')
      : lines[4]!.replace('"solved":false', '"solved":true');
    fs.writeFileSync(log, lines.join('\n'));
    try {
      const r = await validate(set);
      expect(r.code).toBe(1);
      expect(r.lines).toContainEqual(
        expect.stringMatching(new RegExp(`^${set} › set › players\\.logs\\[0\\]\\.sha256 \\(\\.\\./logs/ghost\\.jsonl changed since the set was calibrated`)),
      );
    } finally {
      fs.writeFileSync(log, before);
    }
  });

  it('a missing log: exit 1, one line naming the logs and why', async () => {
    const moved = `${log}.away`;
    fs.renameSync(log, moved);
    try {
      const r = await validate(set);
      expect(r.code).toBe(1);
      expect(r.lines.filter((l) => l.includes('players'))).toEqual([
        expect.stringMatching(
          new RegExp(
            `^${set} › set › players\\.logs \\(.*/logs/ghost\\.jsonl: cannot read the attempt log \\(no such file\\); restore the log, or calibrate again\\): stored \\["\\.\\./logs/ghost\\.jsonl"\\], recomputed "logs that can be read"$`,
          ),
        ),
      ]);
    } finally {
      fs.renameSync(moved, log);
    }
  });

  it('a forged figure, swapped tiers, figures without logs: each named by level and field', async () => {
    const forged = variant('forged', (d) => {
      d.levels[0]!.players!.difficulty += 0.5;
    });
    const r1 = await validate(forged);
    expect(r1.code).toBe(1);
    const first = readJson<SetDoc>(set).levels[0]!;
    expect(r1.lines).toContainEqual(expect.stringMatching(new RegExp(`^${forged} › ${first.id} › players\\.difficulty: stored`)));

    const doc = readJson<SetDoc>(set);
    const a = 0;
    const b = doc.levels.findIndex((l) => l.tier !== doc.levels[a]!.tier && l.players);
    const swapped = variant('swapped', (d) => {
      [d.levels[a]!.tier, d.levels[b]!.tier] = [d.levels[b]!.tier, d.levels[a]!.tier];
    });
    const r2 = await validate(swapped);
    expect(r2.code).toBe(1);
    expect(r2.lines).toContainEqual(
      `${swapped} › ${doc.levels[a]!.id} › tier: stored "${doc.levels[b]!.tier}", recomputed "${doc.levels[a]!.tier} (by players' difficulty)"`,
    );

    const unlogged = variant('unlogged', (d) => {
      delete d.players;
    });
    const r3 = await validate(unlogged);
    expect(r3.code).toBe(1);
    expect(r3.lines).toContainEqual(
      expect.stringMatching(new RegExp(`^${unlogged} › ${first.id} › players: stored .*no players figures \\(the set names no attempt logs`)),
    );
  });

  it('a pack cut from the re-tiered set: passes validated with its set; alone, its players-tiers are refused, not trusted', async () => {
    const packs = path.join(levels, 'packs.json');
    const tiers = Object.fromEntries(readJson<SetDoc>(set).levels.map((l) => [l.tier, 'all']));
    fs.writeFileSync(
      packs,
      JSON.stringify({ type: 'packs-config', formatVersion: 1, packs: [{ name: 'all', set: 'ghost/calibrated.json', tiers, order: 'difficulty' }] }),
    );
    const dist = path.join(dir, 'dist');
    const b = await run(['bundle', '--packs', packs, '--out', dist, '--quiet']);
    expect(b.code, b.stderr).toBe(0);
    const pack = readJson<SetDoc>(path.join(dist, 'all.json'));
    expect(pack.levels.filter((l) => l.players).length).toBeGreaterThan(20);
    // with its set (the only other sets copied aside so the folder holds just this one)
    const only = path.join(dir, 'only', 'ghost');
    fs.mkdirSync(only, { recursive: true });
    fs.copyFileSync(set, path.join(only, 'calibrated.json'));
    fs.cpSync(path.join(levels, 'logs'), path.join(dir, 'only', 'logs'), { recursive: true });
    expect((await validate(path.join(dir, 'only'), dist)).code).toBe(0);
    const alone = await validate(path.join(dist, 'all.json'));
    const moved = readJson<SetDoc>(set).levels.filter((l) => l.players && readJson<SetDoc>(plain).levels.find((p) => p.id === l.id)!.tier !== l.tier);
    expect(moved.length).toBeGreaterThan(0);
    expect(alone.code).toBe(1);
    expect(alone.lines).toContainEqual(expect.stringContaining(`› ${moved[0]!.id} › tier: stored "${moved[0]!.tier}", recomputed`));
    expect(alone.lines.join('\n')).toContain('a tier from players is checked against its set: validate the levels folder and the dist together');
  });
});
