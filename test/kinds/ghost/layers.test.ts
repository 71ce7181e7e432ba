// The layered ghost solver, layer by layer, on boards small enough to check by
// hand (the reasoning is written next to each expectation).
import { describe, expect, it } from 'vitest';
import { boardFromConstraints, compileBoard, type ConstraintSpec } from '../../../tools/kinds/ghost/board.ts';
import { refutes, solveLayered, PROPAGATION_ROUNDS, type SolveResult } from '../../../tools/kinds/ghost/solver.ts';
import { solutionOf } from '../../../tools/kinds/ghost/analyze.ts';
import { randomBoard } from '../../../tools/kinds/ghost/generate.ts';
import { rngFor } from '../../../tools/lib/rng.ts';

/** An abstract board over cells 0..cells-1 with the given constraints. */
function abstractBoard(cells: number, constraints: ConstraintSpec[]) {
  return boardFromConstraints(
    0,
    Array.from({ length: cells }, (_, i) => i),
    constraints,
  );
}

/** The cells set in mask words. */
function cellsOf(mask: Uint32Array): number[] {
  const out: number[] = [];
  for (let p = 0; p < 96; p++) if (mask[p >>> 5]! & (1 << (p & 31))) out.push(p);
  return out;
}

const rounds = (r: SolveResult) => r.rounds.map((x) => ({ layer: x.layer, ghosts: cellsOf(x.ghosts), empties: cellsOf(x.empties) }));

const blank = (n: number) => Array.from({ length: n }, () => '.'.repeat(n));

describe('L1: one constraint', () => {
  it('a line whose target is 0 is all empty, a line whose target equals its unknowns is all ghosts', () => {
    // rows: row 1 holds 5 ghosts in 5 cells, the other rows hold none.
    const b = compileBoard({ size: 5, grid: blank(5), rows: [0, 5, 0, 0, 0], cols: [1, 1, 1, 1, 1] });
    const r = solveLayered(b, { trace: true });
    expect(r.status).toBe('solved');
    expect(rounds(r)).toEqual([
      {
        layer: 1,
        ghosts: [5, 6, 7, 8, 9],
        empties: [0, 1, 2, 3, 4, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24],
      },
    ]);
    expect([r.direct, r.pair, r.contradiction]).toEqual([1, 0, 0]);
  });

  it('counts rounds: a deduction that needs the previous round waits for the next one', () => {
    // Round 1: rows 0,2,3,4 and columns 0,1,3,4 have target 0: 24 cells empty.
    // Only then does row 1 have one unknown cell for its one ghost: round 2.
    const b = compileBoard({ size: 5, grid: blank(5), rows: [0, 1, 0, 0, 0], cols: [0, 0, 1, 0, 0] });
    const r = solveLayered(b, { trace: true });
    expect(r.status).toBe('solved');
    expect(r.direct).toBe(2);
    expect(rounds(r)[1]).toEqual({ layer: 1, ghosts: [7], empties: [] });
    expect(solutionOf(b, r.state)).toEqual(['.....', '..G..', '.....', '.....', '.....']);
  });

  it('a round deriving both values for one cell is a contradiction', () => {
    // A = {0,1} holds 0 ghosts (both empty), B = {1,2} holds 2 (both ghosts): cell 1 both ways.
    const b = abstractBoard(3, [
      { cells: [0, 1], target: 0 },
      { cells: [1, 2], target: 2 },
    ]);
    expect(solveLayered(b).status).toBe('contradiction');
  });
});

describe('L2: two overlapping constraints', () => {
  it('bounds the common part and decides the part outside it', () => {
    // A = {0,1,2,3,4} holds 1 ghost, B = {1,2,3} holds 1. L1: nothing (1 of 5, 1 of 3).
    // L2: C = {1,2,3}, Aonly = {0,4}, Bonly = {}; lo = max(0, 1-2, 1-0) = 1, hi = 1,
    // so Aonly holds [a-hi, a-lo] = [0,0]: cells 0 and 4 are empty.
    // Afterwards A and B both say "1 ghost in {1,2,3}": no layer can tell which (stuck).
    const b = abstractBoard(5, [
      { cells: [0, 1, 2, 3, 4], target: 1 },
      { cells: [1, 2, 3], target: 1 },
    ]);
    const r = solveLayered(b, { trace: true });
    expect(rounds(r)).toEqual([{ layer: 2, ghosts: [], empties: [0, 4] }]);
    expect(r.status).toBe('stuck');
    expect([r.direct, r.pair, r.contradiction]).toEqual([0, 1, 0]);
  });

  it('lower bound equal to the size makes a region all ghosts', () => {
    // A = {0,1,2,3} holds 3, B = {2,3,4,5} holds 1. L1: nothing (3 of 4, 1 of 4).
    // C = {2,3}, Aonly = {0,1}, Bonly = {4,5}; lo = max(0, 3-2, 1-2) = 1, hi = min(3,1,2) = 1.
    // Aonly holds [3-1, 3-1] = [2,2] = its size: cells 0,1 are ghosts; Bonly holds [0,0]: 4,5 empty.
    const b = abstractBoard(6, [
      { cells: [0, 1, 2, 3], target: 3 },
      { cells: [2, 3, 4, 5], target: 1 },
    ]);
    const r = solveLayered(b, { trace: true });
    expect(rounds(r)[0]).toEqual({ layer: 2, ghosts: [0, 1], empties: [4, 5] });
  });
});

describe('L3: one assumption', () => {
  // x = 0, a = 1, b = 2, d = 3.  A = {x,a} holds 1, B = {x,b} holds 1, D = {a,b,d} holds 1.
  // L1: nothing.  L2: (A,B) C={x}: lo=0, hi=1; (A,D) C={a}: lo=0, hi=1; (B,D) alike: nothing.
  // L3, cells in order:
  //  x=ghost: A,B give a,b empty; D then needs d: consistent.      x=empty: a,b ghosts, D has 2 > 1: refuted -> x ghost.
  //  a=ghost: x empty, b,d empty (A, D); then B has 0 of 1 left in 0 cells: refuted -> a empty.   a=empty: consistent.
  //  b: the same as a -> b empty.
  //  d=ghost: consistent.  d=empty: nothing follows (no layer-1/2 move): not refuted.
  // So the L3 round decides x ghost, a and b empty; then L1 puts the ghost of D on d.
  const gadget = () =>
    abstractBoard(4, [
      { cells: [0, 1], target: 1 },
      { cells: [0, 2], target: 1 },
      { cells: [1, 2, 3], target: 1 },
    ]);

  it('refutes an assumption by propagation and plays the opposite', () => {
    const r = solveLayered(gadget(), { trace: true });
    expect(rounds(r)).toEqual([
      { layer: 3, ghosts: [0], empties: [1, 2] },
      { layer: 1, ghosts: [3], empties: [] },
    ]);
    expect(r.status).toBe('solved');
    expect([r.direct, r.pair, r.contradiction]).toEqual([1, 0, 1]);
  });

  it('is not used when layers 1 and 2 are enough, and not at all under maxLayer 2', () => {
    const r = solveLayered(gadget(), { maxLayer: 2 });
    expect(r.status).toBe('limit');
    expect(r.direct + r.pair + r.contradiction).toBe(0);
  });

  it(`propagates at most ${PROPAGATION_ROUNDS} rounds`, () => {
    // A chain x0-x1-...-xk of constraints {xi, xi+1} holding 1 ghost each, ending in
    // E = {xk, y1, y2} holding 2 and F = {y1, y2} holding 1. Assume x0 = ghost: round i
    // decides xi (ghost for even i). For odd k, xk is empty, so round k + 1 makes y1, y2
    // ghosts (E) and F is broken. Refuted if those k + 1 rounds fit the budget of 64 (the
    // check after the last round still counts): k = 63 is refuted, k = 65 is not.
    const chain = (k: number) => {
      const cons: ConstraintSpec[] = [];
      for (let i = 0; i < k; i++) cons.push({ cells: [i, i + 1], target: 1 });
      cons.push({ cells: [k, k + 1, k + 2], target: 2 }, { cells: [k + 1, k + 2], target: 1 });
      return abstractBoard(k + 3, cons);
    };
    const none = new Uint32Array(6);
    expect(refutes(chain(21), none, 0, true)).toBe(true);
    expect(refutes(chain(63), none, 0, true)).toBe(true); // 64 rounds
    expect(refutes(chain(65), none, 0, true)).toBe(false); // would need 66
    // the other way round nothing breaks at all
    expect(refutes(chain(21), none, 0, false)).toBe(false);
  });
});

describe('L3 rounds against refutes(), one assumption at a time', () => {
  // An L3 round starts each assumption from the round's prepared snapshot and
  // its L2 looks only at pairs whose constraints changed; refutes() prepares
  // the assumed state afresh and looks at every pair. A round must decide
  // exactly the cells whose other value refutes() refutes.
  it('every L3 round of 300 random 7x7 to 9x9 boards', () => {
    let rounds3 = 0;
    for (let i = 0; i < 300; i++) {
      const rng = rngFor(32, 'l3-rounds', i);
      const n = rng.int(7, 9);
      const { puzzle } = randomBoard(rng, n, rng.int(2 * n, 3 * n), rng.int(2 * n, 3 * n));
      const b = compileBoard(puzzle);
      const r = solveLayered(b, { trace: true });
      const s = new Uint32Array(6);
      for (const round of r.rounds) {
        if (round.layer === 3) {
          rounds3++;
          const ghosts = new Uint32Array(3);
          const empties = new Uint32Array(3);
          for (let p = 0; p < b.plainCount; p++) {
            const w = p >>> 5;
            const bit = 1 << (p & 31);
            if ((s[w]! | s[w + 3]!) & bit) continue;
            if (refutes(b, s, p, true)) empties[w]! |= bit;
            if (refutes(b, s, p, false)) ghosts[w]! |= bit;
          }
          expect([...round.ghosts], `board ${i}`).toEqual([...ghosts]);
          expect([...round.empties], `board ${i}`).toEqual([...empties]);
        }
        for (let w = 0; w < 3; w++) {
          s[w]! |= round.ghosts[w]!;
          s[w + 3]! |= round.empties[w]!;
        }
      }
    }
    expect(rounds3).toBeGreaterThan(20);
  });
});

describe('every round against a solve that starts from the state before it', () => {
  // solveLayered prepares its counts once and adds each round's deductions
  // with update(); after its first L2 round, L2 looks only at pairs with a
  // constraint changed since the last one. A solve started from a round's
  // state prepares afresh and its first L2 round looks at every pair: each
  // round, with its deductions, must be that solve's first round, and the
  // solve must end the same way. Some boards get one number wrong, so that
  // contradictions are seen too.
  it('on 200 random 5x5 to 9x9 boards, one in four with a wrong number', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const rng = rngFor(32, 'incremental-rounds', i);
      const n = rng.int(5, 9);
      const { puzzle } = randomBoard(rng, n, rng.int(n, 3 * n), rng.int(n, 3 * n));
      if (i % 4 === 3) {
        const row = rng.int(0, n - 1);
        puzzle.rows[row] = puzzle.rows[row]! + (rng.int(0, 1) ? 1 : -1);
      }
      const b = compileBoard(puzzle);
      const r = solveLayered(b, { explain: true });
      const s = new Uint32Array(6);
      for (const [k, round] of r.rounds.entries()) {
        seen.add(`layer ${round.layer}${k > 0 ? ' later' : ''}`);
        const fresh = solveLayered(b, { start: s, maxRounds: 1, explain: true });
        expect(fresh.rounds[0], `board ${i} round ${k}`).toEqual(round);
        for (let w = 0; w < 3; w++) {
          s[w]! |= round.ghosts[w]!;
          s[w + 3]! |= round.empties[w]!;
        }
      }
      const end = solveLayered(b, { start: s, explain: true });
      expect(end.rounds, `board ${i}`).toEqual([]);
      expect(end.status, `board ${i}`).toBe(r.status);
      seen.add(r.status);
    }
    // every layer after a first round, and every way a solve ends
    expect([...seen]).toEqual(expect.arrayContaining(['contradiction', 'layer 1', 'layer 1 later', 'layer 2 later', 'layer 3 later', 'solved', 'stuck']));
  });
});
