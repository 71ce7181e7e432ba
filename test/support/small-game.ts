// A game folder for pipeline tests in this process: proofpack/ with a ghost
// config of a few 5x5 direct levels and a packs.json with one pack, "easy",
// of the set's EASY levels; the folders a run of it writes.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The folders of a small game (the pipeline's --config-dir, --levels, --dist, --work). */
export interface SmallGame {
  configDir: string;
  levels: string;
  dist: string;
  work: string;
}

/** Write the game's ghost config: `count` 5x5 direct levels of seed `seed`, all EASY. */
export function writeSmallGhostConfig(game: SmallGame, seed: number, count = 3): void {
  fs.writeFileSync(
    path.join(game.configDir, 'ghost.json'),
    JSON.stringify({ seed, scoreGhostLimit: 16, plan: [{ size: 5, mode: 'direct', count, tier: 'EASY' }] }),
  );
}

/** A small ghost game in `dir`: its config (seed 1, `count` levels) and packs file written. */
export function smallGhostGame(dir: string, count = 3): SmallGame {
  const game = {
    configDir: path.join(dir, 'proofpack'),
    levels: path.join(dir, 'levels'),
    dist: path.join(dir, 'dist'),
    work: path.join(dir, '.proofpack'),
  };
  fs.mkdirSync(game.configDir);
  writeSmallGhostConfig(game, 1, count);
  fs.writeFileSync(
    path.join(game.configDir, 'packs.json'),
    JSON.stringify({
      type: 'packs-config',
      formatVersion: 1,
      packs: [{ name: 'easy', set: '../levels/ghost/standard.json', tiers: { EASY: 'all' }, order: 'difficulty' }],
    }),
  );
  return game;
}
