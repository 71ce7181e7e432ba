// Player difficulty for a game's own kind (issue 48): the template kind
// (templates/kind/, what `init --kind` copies), driven in this process to a
// set of its levels, played by a simulated population, its log read and
// fitted and its levels re-tiered by the same library calibrate runs
// (files/attempt-logs.ts, sets/players-fit.ts, sets/player-tiers.ts): the
// fitted difficulty recovers the true one (Spearman >= 0.9), and the recut
// keeps the kind's tier sizes.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kind as template } from '../../templates/kind/index.ts';
import { readAttemptLogs } from '../../tools/commands/files/attempt-logs.ts';
import { FIT_DEFAULTS, fitSet } from '../../tools/commands/sets/players-fit.ts';
import { levelsWithPlayers } from '../../tools/commands/sets/player-tiers.ts';
import { orderLevels } from '../../tools/commands/sets/ordering.ts';
import type { SetFile } from '../../tools/lib/files.ts';
import type { Level, PuzzleKind } from '../../tools/lib/kind.ts';
import { simulateAttempts, trueDifficulties } from '../../tools/lib/players/simulate.ts';
import { spearman } from '../../tools/lib/stats.ts';
import { stableJson } from '../../tools/lib/json.ts';
import { drive } from '../support/kind-drive.ts';
import { tempDir } from '../support/helpers.ts';

describe("a game's own kind: the template", () => {
  it('fitted from >= 100 attempts a level recovers the true difficulty (Spearman >= 0.9); the recut keeps its tier sizes', async () => {
    const kind = template as unknown as PuzzleKind;
    const config = { ...(kind.defaults.config as object), plan: [{ size: 4, count: 60, presses: [2, 10] }] };
    const driven = drive(kind, config, 11);
    const levels: Level[] = orderLevels(kind, driven.levels);
    expect(levels.length).toBeGreaterThanOrEqual(30);
    const set = { generator: { config }, calibration: driven.calibration, levels } as unknown as SetFile;
    const sim = { players: Math.ceil((levels.length * 100) / 20), attemptsPerPlayer: 20, seed: 9 };
    const scored = levels.map((l, i) => ({ id: l.id, score: i }));
    const truth = trueDifficulties(scored, sim);
    const log = path.join(tempDir(), 'template.jsonl');
    fs.writeFileSync(
      log,
      simulateAttempts(scored, truth, sim)
        .map((a) => `${stableJson(a)}\n`)
        .join(''),
    );
    const read = await readAttemptLogs([{ path: log, name: 'template.jsonl' }], { onProblem: (line) => expect.fail(line) });
    const fit = await fitSet(
      levels.map((l) => l.id),
      read,
      { ...FIT_DEFAULTS, retier: true },
    );
    expect(fit.players.size).toBe(levels.length);
    const rho = spearman(
      levels.map((l) => fit.players.get(l.id)!.difficulty),
      truth,
    );
    expect(rho).toBeGreaterThanOrEqual(0.9);
    const recut = levelsWithPlayers(kind, set, fit.players, true);
    const sizes = (ls: Level[]) => kind.tiers.map((t) => ls.filter((l) => l.tier === t).length);
    expect(sizes(recut)).toEqual(sizes(levels));
    const d = recut.map((l) => l.players!.difficulty);
    expect(d).toEqual([...d].sort((a, b) => a - b));
  });
});
