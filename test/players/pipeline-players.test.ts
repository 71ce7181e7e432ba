// pipeline re-tiers from committed logs (issue 48): a packs config whose
// `calibration.logs` names a set's attempt logs makes pipeline calibrate that
// set after curate, cut the packs from it (they carry each level's players
// figures) and validate the result; a second run gives the same bytes; a log
// the config names but that is not there is one line before any work. In
// process, a small apple job from a config folder as `init` writes one.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '../support/run-cli.ts';
import { QUICK_PEAR } from '../support/pear-game.ts';
import { filesUnder, tempDir } from '../support/helpers.ts';

type Level = { id: string; tier: string; players?: { difficulty: number } };
const readJson = <T>(f: string) => JSON.parse(fs.readFileSync(f, 'utf8')) as T;

const dir = tempDir();
const cfg = path.join(dir, 'proofpack');
const levels = path.join(dir, 'levels');
const dist = path.join(dir, 'dist');
const set = path.join(levels, 'apple', 'standard.json');
const packsConfig = (calibration?: unknown) => ({
  type: 'packs-config',
  formatVersion: 1,
  packs: [{ name: 'apples', set: '../levels/apple/standard.json', tiers: { EASY: 'all', NORMAL: 'all', HARD: 'all' }, order: 'difficulty' }],
  ...(calibration ? { calibration } : {}),
});
const pipeline = () =>
  run([
    'pipeline',
    '--config-dir',
    cfg,
    '--count',
    '16',
    '--levels',
    levels,
    '--dist',
    dist,
    '--work',
    path.join(dir, 'work'),
    '--threads',
    '1',
    '--quiet',
    '--allow-short',
  ]);

beforeAll(async () => {
  fs.mkdirSync(path.join(cfg, 'logs'), { recursive: true });
  fs.writeFileSync(path.join(cfg, 'apple.json'), JSON.stringify({ ...QUICK_PEAR, name: 'standard', seed: 5 }));
  fs.writeFileSync(path.join(cfg, 'packs.json'), JSON.stringify(packsConfig()));
  const first = await pipeline();
  expect(first.code, first.stderr).toBe(0);
  const sim = await run([
    'simulate-players',
    set,
    '--players',
    '200',
    '--attempts-per-player',
    '10',
    '--seed',
    '2',
    '--out',
    path.join(cfg, 'logs', 'apple.jsonl'),
  ]);
  expect(sim.code, sim.stderr).toBe(0);
});

describe('pipeline with calibration.logs', () => {
  it('calibrates the set after curate, the packs carry the figures, validate passes, and a second run gives the same bytes', async () => {
    fs.writeFileSync(
      path.join(cfg, 'packs.json'),
      JSON.stringify(packsConfig({ logs: { '../levels/apple/standard.json': ['logs/apple.jsonl'] }, minAttempts: 20 })),
    );
    const r = await pipeline();
    expect(r.code, r.stderr).toBe(0);
    const calibrated = readJson<{ levels: Level[]; players: { logs: { file: string }[]; params: { retier: boolean } } }>(set);
    expect(calibrated.players.logs.map((l) => l.file)).toEqual(['../../proofpack/logs/apple.jsonl']);
    expect(calibrated.players.params.retier).toBe(true);
    const fitted = calibrated.levels.filter((l) => l.players);
    expect(fitted.length).toBeGreaterThan(0);
    const pack = readJson<{ levels: Level[] }>(path.join(dist, 'apples.json'));
    expect(
      pack.levels
        .filter((l) => l.players)
        .map((l) => l.id)
        .sort(),
    ).toEqual(
      fitted
        .filter((l) => ['EASY', 'NORMAL', 'HARD'].includes(l.tier))
        .map((l) => l.id)
        .sort(),
    );
    const v = await run(['validate', levels, dist, '--threads', '1', '--quiet']);
    expect(v.code, `${v.stdout}${v.stderr}`).toBe(0);
    const before = [filesUnder(levels), filesUnder(dist)];
    const again = await pipeline();
    expect(again.code, again.stderr).toBe(0);
    expect([filesUnder(levels), filesUnder(dist)]).toEqual(before);
  });

  it('a log the config names that is not there: one line naming the packs file and entry, before any work', async () => {
    fs.writeFileSync(path.join(cfg, 'packs.json'), JSON.stringify(packsConfig({ logs: { '../levels/apple/standard.json': ['logs/missing.jsonl'] } })));
    const r = await pipeline();
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')[0]).toBe(
      `proofpack: ${path.join(cfg, 'packs.json')} › calibration.logs.../levels/apple/standard.json[0]: logs/missing.jsonl is not a file (an attempt log, relative to ${path.join(cfg, 'packs.json')})`,
    );
  });
});
