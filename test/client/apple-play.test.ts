// Playing an apple board through the client API (startApplePlay, takeRect,
// hasMove): the stored plays of a bundled pack score what the level says, a
// rectangle whose remaining digits do not sum to 10 is refused with the sum,
// removed cells count 0, and the greedy play ends with no move left.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadPack, startApplePlay, takeRect, hasMove, type AppleLevel } from '../../tools/client/index.ts';
import { ROOT } from '../support/helpers.ts';

const pack = loadPack(fs.readFileSync(path.join(ROOT, 'dist', 'apple-classic.json'), 'utf8')).pack;
const levels = pack.levels as AppleLevel[];

describe('playing an apple board through the client', () => {
  it('the stored best play takes every rectangle and scores bestScore', () => {
    for (const level of levels.slice(0, 5)) {
      const play = startApplePlay(level.puzzle);
      for (const rect of level.solution) expect(takeRect(play, rect)).toEqual({ ok: true, cleared: expect.any(Number) });
      expect(play.score).toBe(level.analysis.bestScore);
      expect(play.moves).toBe(level.solution.length);
    }
  });

  it('the greedy play ends with no rectangle left that sums to 10', () => {
    const level = levels[0]!;
    const play = startApplePlay(level.puzzle);
    expect(hasMove(play)).toBe(true);
    for (const rect of level.analysis.greedyPlay) takeRect(play, rect);
    expect(play.score).toBe(level.analysis.greedyScore);
    expect(hasMove(play)).toBe(false);
  });

  it('refuses a rectangle whose digits do not sum to 10, and one off the board, changing nothing', () => {
    const level = levels[0]!;
    const play = startApplePlay(level.puzzle);
    const d = Number(level.puzzle.board[0]![0]);
    expect(takeRect(play, [0, 0, 0, 0])).toEqual({ ok: false, why: `the remaining digits sum to ${d}, not 10` });
    expect(takeRect(play, [0, 0, 10, 0])).toEqual({ ok: false, why: 'not a rectangle on the 10x17 board' });
    expect(takeRect(play, [2, 3, 1, 3])).toEqual({ ok: false, why: 'not a rectangle on the 10x17 board' });
    expect(play.score).toBe(0);
    expect(play.moves).toBe(0);
  });

  it('counts removed cells as 0: a rectangle over a cleared one sums only what is left', () => {
    // 1 9 | 1 9 on one row: take [1 9], then [1 9 1 9] sums 10 (the first pair counts 0) and clears 2 cells
    const board = ['1919' + '5'.repeat(13), ...Array.from({ length: 9 }, () => '5'.repeat(17))];
    const play = startApplePlay({ board });
    expect(takeRect(play, [0, 0, 0, 1])).toEqual({ ok: true, cleared: 2 });
    expect(takeRect(play, [0, 0, 0, 3])).toEqual({ ok: true, cleared: 2 });
    expect(play.score).toBe(4);
    expect(takeRect(play, [0, 0, 0, 1])).toEqual({ ok: false, why: 'the remaining digits sum to 0, not 10' });
  });
});
