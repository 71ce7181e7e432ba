// The other reading of SPEC §2's branchingFactor, for the generator only.
//
// SPEC §2 lets a solver skip expanding dead states (a colour with one block
// left) as long as it counts their moves; analyze does that (explore.ts). But
// skipping also leaves out the states reachable *only* through dead states,
// and those are non-cleared states with depth < minMoves too, so an
// implementation that expands every state can get another branchingFactor
// (and score) on boards with three blocks of a colour. The generator keeps a
// board only when both readings agree exactly, so no shipped value depends on
// the choice. This BFS expands every state, dead or not, with the same
// expander and state table as the solver, down to depth minMoves - 1.
import { COLOUR_MASK, type SlideBoard } from './board.ts';
import { Expander, startKey } from './expand.ts';
import { StateTable } from './table.ts';
import type { Arena } from './arena.ts';

/** Blocks of the most frequent colour: below 3, no state is ever dead and both readings agree. */
export function largestColourGroup(b: SlideBoard): number {
  const counts = new Uint8Array(COLOUR_MASK + 1);
  let most = 0;
  for (const v of b.startValues) most = Math.max(most, ++counts[v & COLOUR_MASK]!);
  return most;
}

/**
 * branchingFactor with every state expanded: the mean number of legal moves
 * over all states at depth < minMoves (none of them is cleared: the clear is
 * first reached at depth minMoves). null when more than `stateLimit` states
 * are stored.
 */
export function branchingFactorExpandingAll(b: SlideBoard, minMoves: number, stateLimit: number, arena: Arena): number | null {
  const W = b.words;
  const table = new StateTable(W, 4096, arena);
  const ex = new Expander(b);
  table.insert(startKey(b), 0);
  let movesSum = 0;
  let lo = 0;
  for (let d = 0; d < minMoves; d++) {
    const hi = table.count;
    const last = d === minMoves - 1;
    for (let u = lo; u < hi; u++) {
      ex.expand(table.keys, u * W, !last);
      movesSum += ex.moveCount;
      if (last) continue;
      for (let c = 0; c < ex.childCount; c++) {
        table.insert(ex.childKeys, c * W);
        if (table.count > stateLimit) return null;
      }
    }
    lo = hi;
  }
  return movesSum / lo;
}
