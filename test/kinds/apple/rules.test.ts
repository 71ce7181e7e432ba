// Apple rules: the move search against a brute force over every rectangle,
// the greedy's tie-breaks on hand-made states, rectangles spanning removed
// cells, and replay of plays.
import { describe, expect, it } from 'vitest';
import { CELLS, COLS } from '../../../tools/kinds/apple/bounds.ts';
import { enumerateMoves, packRect, unpackRect, replay, MAX_MOVES } from '../../../tools/kinds/apple/rects.ts';
import { greedyMove, greedyPlay } from '../../../tools/kinds/apple/greedy.ts';
import { rngFor } from '../../../tools/lib/rng.ts';
import { bruteForceMoves, stateWith } from '../../support/apple-helpers.ts';

const moves = (v: Uint8Array) => {
  const out = new Int32Array(MAX_MOVES);
  const n = enumerateMoves(v, out);
  return [...out.slice(0, n)].map((m) => unpackRect(m).join(',')).sort();
};

describe('the move search', () => {
  it('lists exactly the distinct valid moves, on random states from full to nearly empty', () => {
    for (let i = 0; i < 60; i++) {
      const rng = rngFor(1, 'apple-moves', i);
      const v = new Uint8Array(CELLS);
      const removed = rng.int(0, 100);
      for (let c = 0; c < CELLS; c++) v[c] = rng.int(0, 99) < removed ? 0 : rng.int(1, 9);
      expect(moves(v)).toEqual(bruteForceMoves(v));
    }
  });

  it('finds a rectangle whose remaining digits sum to 10 across removed cells', () => {
    // row 4: 3 . . 7 (two removed cells between): one move, [4,2,4,5], spanning them
    const v = stateWith([
      [4, 2, 3],
      [4, 5, 7],
    ]);
    expect(moves(v)).toEqual(['4,2,4,5']);
    // a 4 in the way makes 14: no move until it is gone
    const blocked = stateWith([
      [4, 2, 3],
      [4, 3, 4],
      [4, 5, 7],
    ]);
    expect(moves(blocked)).toEqual([]);
  });

  it('lists a group once, as its tight rectangle, however many removed rows and columns could surround it', () => {
    // 6 at (2,3) and 4 at (5,8): every rectangle containing both and nothing else sums to 10;
    // the tight one is their bounding box
    expect(
      moves(
        stateWith([
          [2, 3, 6],
          [5, 8, 4],
        ]),
      ),
    ).toEqual(['2,3,5,8']);
  });
});

describe('the greedy (SPEC §3 tie-breaks)', () => {
  const pick = (v: Uint8Array) => unpackRect(greedyMove(v));

  it('takes the move with the largest digit first', () => {
    // a 5+5 pair at the top left, a 9+1 pair further down: the 9 wins
    const v = stateWith([
      [0, 0, 5],
      [0, 1, 5],
      [7, 10, 9],
      [7, 11, 1],
    ]);
    expect(pick(v)).toEqual([7, 10, 7, 11]);
  });

  it('breaks a tie on the largest digit by fewest remaining cells', () => {
    // 8+1+1 at the top left (3 cells), 8+2 lower right (2 cells): both hold an 8, the pair wins
    const v = stateWith([
      [0, 0, 8],
      [0, 1, 1],
      [0, 2, 1],
      [6, 12, 8],
      [6, 13, 2],
    ]);
    expect(pick(v)).toEqual([6, 12, 6, 13]);
  });

  it('then by smallest area: a pair spanning a removed cell loses to an adjacent one', () => {
    // 7 . 3 at the top (area 3), 7 3 further down (area 2)
    const v = stateWith([
      [0, 0, 7],
      [0, 2, 3],
      [8, 5, 7],
      [8, 6, 3],
    ]);
    expect(pick(v)).toEqual([8, 5, 8, 6]);
  });

  it('then by smallest top, then left, then bottom', () => {
    // two 6+4 pairs of area 2: rows 3 and 5 -> top 3 wins
    expect(
      pick(
        stateWith([
          [5, 0, 6],
          [5, 1, 4],
          [3, 9, 6],
          [3, 10, 4],
        ]),
      ),
    ).toEqual([3, 9, 3, 10]);
    // same top 3: left 2 beats left 9
    expect(
      pick(
        stateWith([
          [3, 9, 6],
          [3, 10, 4],
          [3, 2, 4],
          [4, 2, 6],
        ]),
      ),
    ).toEqual([3, 2, 4, 2]);
    // same top and left (the 6 at (3,2) pairs right with a 4 or down with a 4): bottom 3 beats bottom 4
    expect(
      pick(
        stateWith([
          [3, 2, 6],
          [3, 3, 4],
          [4, 2, 4],
        ]),
      ),
    ).toEqual([3, 2, 3, 3]);
    // equal area, top, left and bottom force equal right: "then right" never has to decide
  });

  it('plays a hand-made state to the end', () => {
    // row 0: 9 1 5 5 ; row 1: 2 . . 8
    // 9+1 (digit 9) first, then 2 . . 8 would be area 4 vs ... the 8+2 pair [1,0,1,3] (digit 8),
    // then 5+5 (digit 5): 8 cells in 3 moves
    const v = stateWith([
      [0, 0, 9],
      [0, 1, 1],
      [0, 2, 5],
      [0, 3, 5],
      [1, 0, 2],
      [1, 3, 8],
    ]);
    const p = greedyPlay(v);
    expect(p.moves.map(unpackRect)).toEqual([
      [0, 0, 0, 1],
      [1, 0, 1, 3],
      [0, 2, 0, 3],
    ]);
    expect(p.score).toBe(6);
  });
});

describe('replay', () => {
  const v = stateWith([
    [0, 0, 9],
    [0, 1, 1],
    [0, 2, 5],
    [0, 3, 5],
    [1, 0, 2],
    [1, 3, 8],
  ]);
  it('scores a legal play by the cells it clears, removed cells inside a rectangle counting 0', () => {
    // [0,0,0,1] clears 9+1; then [0,0,1,3] holds 5 5 2 8 = 20: illegal; [1,0,1,3] clears 2+8 across two removed cells
    expect(
      replay(v, [
        [0, 0, 0, 1],
        [1, 0, 1, 3],
        [0, 2, 0, 3],
      ]),
    ).toEqual({ ok: true, score: 6 });
    // after both pairs, the whole board rectangle holds only 5+5
    expect(
      replay(v, [
        [0, 0, 0, 1],
        [1, 0, 1, 3],
        [0, 0, 9, 16],
      ]),
    ).toEqual({ ok: true, score: 6 });
  });
  it('names the first illegal move', () => {
    const r = replay(v, [
      [0, 0, 0, 1],
      [0, 0, 1, 3],
    ]);
    expect(r).toMatchObject({ ok: false, index: 1 });
    expect(r.ok ? '' : r.reason).toMatch(/sum to 20/);
    expect(replay(v, [[0, 0, 0, 17]])).toMatchObject({ ok: false, index: 0 });
    expect(replay(v, [[1, 0, 0, 0]])).toMatchObject({ ok: false, index: 0 });
    // a rectangle with nothing left in it sums to 0
    expect(
      replay(v, [
        [0, 0, 0, 1],
        [0, 0, 0, 1],
      ]),
    ).toMatchObject({ ok: false, index: 1 });
  });
  it('packs rectangles losslessly', () => {
    for (const [t, l, b, r] of [
      [0, 0, 0, 0],
      [9, 16, 9, 16],
      [2, 5, 7, 11],
    ])
      expect(unpackRect(packRect(t!, l!, b!, r!))).toEqual([t, l, b, r]);
  });
  it('state helper sanity: cells outside the list are removed', () => {
    expect(v.reduce((a, d) => a + d, 0)).toBe(30);
    expect(COLS).toBe(17);
  });
});
