// The slide BFS over packed canonical states (docs/slide.md: the solver and the graph
// the metrics are computed on). One exploration serves both:
//  * solving: layer by layer until the layer holding the cleared state is
//    complete: minMoves, and solutionCount by saturating addition of path
//    counts along the layers. `unknown` when more than `nodeLimit` states are
//    discovered before the clear, or (generator) no clear within `depthLimit`;
//    `unsolvable` when every reachable state was explored without a clear.
//  * metric graph (when `metricBudget` is given): the BFS goes on to depth
//    maxDepth = minMoves + 2 and keeps the move edges in flat CSR arrays. The
//    last layer's states are needed only to count the graph against its
//    budget: unless `exact`, they are bounded by the moves into them instead
//    of stored, and counted exactly only when that bound passes the budget.
// Dead states (a colour with exactly one block left) never lead to a
// clear and are leaves: stored with their depth and their legal moves counted,
// never expanded, so a state reachable only through dead states is not in the
// graph (the rule the metrics are defined on, not a shortcut).
// The generator's depth-limited solve also skips states whose colours left
// (each colour needs a move of its own) cannot fit in the depth limit.
import type { SlideBoard } from './board.ts';
import * as packed from './packed-state.ts';
import { Expander, startKey } from './packed-state.ts';
import { StateTable } from './visited-set.ts';
import { Arena } from './arena.ts';

// Module-local bindings for the hot loop (see packed-state.ts).
const CHILD_CLEARED = packed.CHILD_CLEARED;
const CHILD_DEAD = packed.CHILD_DEAD;

/** solutionCount saturates here: 2^53 - 1, the largest integer JSON and doubles hold exactly. */
const COUNT_CAP = Number.MAX_SAFE_INTEGER;

const saturatingAdd = (a: number, b: number): number => {
  const s = a + b;
  return Math.min(s, COUNT_CAP);
};

/** Searches never go deeper than this (dist is a byte); no real board comes near. */
const MAX_DEPTH = 200;

export interface ExploreOptions {
  /** States discovered before the clear is found (default 2,000,000). */
  nodeLimit: number;
  /** Give up (`unknown`) when no clear is found within this many moves. */
  depthLimit?: number;
  /** Build the metric graph to minMoves + 2 within this many states (default 20,000,000). */
  metricBudget?: number;
  /** Generator only: give up (`unknown`, 'size limit') once more than this many states are stored. */
  storedLimit?: number;
  /**
   * Store the states of the deepest layer (minMoves + 2) too, so the graph's
   * state count is exact. Without it that layer is first bounded by the moves
   * into it, and counted exactly only when that bound passes the budget.
   */
  exact?: boolean;
}

export interface MetricGraph {
  table: StateTable;
  /** States at depth d are layerStart[d] .. layerStart[d + 1] - 1, for d = 0 .. maxDepth. */
  layerStart: number[];
  maxDepth: number;
  /** States below this number are expanded or dead; their edges are targets[offsets[u] .. offsets[u + 1]). */
  expanded: number;
  offsets: Int32Array;
  targets: Int32Array;
  /** Legal moves of each state below `expanded` (dead states included). */
  moves: Uint16Array;
  clear: number;
}

export type UnknownBudget = 'node limit' | 'depth limit' | 'metric budget' | 'size limit';

export type Explored =
  | {
      status: 'solved';
      minMoves: number;
      solutionCount: number;
      /** States stored (the metric graph's, all of them when `exact`). */
      states: number;
      /** The metric graph holds at most this many states (= states when exact). */
      statesAtMost: number;
      /** Moves generated (children built and looked up). */
      edges: number;
      graph: MetricGraph | null;
    }
  | { status: 'unsolvable'; states: number; edges: number; depth: number }
  | { status: 'unknown'; budget: UnknownBudget; limit: number; states: number; edges: number; depth: number };

function overBudget(opt: ExploreOptions, states: number, edges: number, depth: number): Explored {
  const metric = opt.metricBudget ?? Infinity;
  const sized = opt.storedLimit !== undefined && opt.storedLimit < metric && states > opt.storedLimit;
  return sized
    ? { status: 'unknown', budget: 'size limit', limit: opt.storedLimit!, states, edges, depth }
    : { status: 'unknown', budget: 'metric budget', limit: metric, states, edges, depth };
}

/**
 * Explore the state graph of board b. The arrays of the returned graph are
 * views into `arena`: valid until the arena's next exploration.
 */
export function explore(b: SlideBoard, opt: ExploreOptions, arena = new Arena()): Explored {
  const W = b.words;
  const metrics = opt.metricBudget !== undefined;
  const budget = opt.metricBudget ?? Infinity;
  /** Stored states may not pass this (the last layer's exact count only checks `budget`). */
  const storeCap = Math.min(budget, opt.storedLimit ?? Infinity);
  const depthLimit = Math.min(opt.depthLimit ?? MAX_DEPTH, MAX_DEPTH);
  const prune = !metrics && opt.depthLimit !== undefined;
  const table = new StateTable(W, 4096, arena);
  const ex = new Expander(b);
  table.insert(startKey(b), 0);
  let paths = arena.fresh('paths', Float64Array, 4096);
  paths[0] = 1;
  let offsets = arena.fresh('offsets', Int32Array, metrics ? 4096 : 0);
  let targets = arena.fresh('targets', Int32Array, metrics ? 1 << 16 : 0);
  let moves = arena.fresh('moves', Uint16Array, metrics ? 4096 : 0);
  /** 1 for a dead state (a colour with one block left): its moves count, its children never matter. */
  let dead = arena.fresh('dead', Uint8Array, metrics ? 4096 : 0);
  let edges = 0;
  let generated = 0;
  const layerStart = [0];
  let clear = -1;
  let minMoves = -1;
  let maxDepth = Infinity;
  let pruned = false;
  const childKeys = ex.childKeys;
  const childFlags = ex.childFlags;
  const childColours = ex.childColours;

  for (let d = 0; ; d++) {
    const lo = layerStart[d]!;
    const hi = table.count;
    layerStart.push(hi);
    const solving = clear < 0;
    if (metrics) {
      offsets = arena.grow('offsets', Int32Array, offsets, hi + 1);
      moves = arena.grow('moves', Uint16Array, moves, hi);
    }
    if (metrics && !solving && d + 1 === maxDepth && opt.exact !== true) {
      // The deepest expanded layer, minMoves + 1: a state there is alive iff one
      // move clears it, which needs exactly one colour left. Its children are
      // only counted (an upper bound on the new states of the last layer).
      let bound = 0;
      for (let u = lo; u < hi; u++) {
        if (!dead[u]) {
          ex.decode(table.keys, u * W);
          const generate = ex.colours === 1;
          ex.children(table.keys, u * W, generate);
          bound += ex.moveCount;
          if (generate) {
            generated += ex.childCount;
            for (let c = 0; c < ex.childCount; c++) {
              if (!(childFlags[c]! & CHILD_CLEARED)) continue;
              targets = arena.grow('targets', Int32Array, targets, edges + 1);
              targets[edges++] = clear;
            }
          }
        }
        offsets[u + 1] = edges;
      }
      let atMost = table.count + bound;
      if (atMost > budget) {
        // The bound is not enough: count the last layer's distinct states exactly.
        for (let u = lo; u < hi; u++) {
          if (dead[u]) continue;
          ex.expand(table.keys, u * W, true);
          generated += ex.childCount;
          for (let c = 0; c < ex.childCount; c++) {
            table.insert(childKeys, c * W);
            if (table.count > budget) return { status: 'unknown', budget: 'metric budget', limit: budget, states: table.count, edges: generated, depth: d + 1 };
          }
        }
        atMost = table.count;
      }
      layerStart.push(table.count);
      return {
        status: 'solved',
        minMoves,
        solutionCount: paths[clear]!,
        states: table.count,
        statesAtMost: atMost,
        edges: generated,
        graph: { table, layerStart, maxDepth, expanded: hi, offsets, targets, moves, clear },
      };
    }
    for (let u = lo; u < hi; u++) {
      if (metrics && dead[u] && !solving && d >= minMoves) {
        // a dead state beyond the depths whose moves are counted: nothing to do
        offsets[u + 1] = edges;
        continue;
      }
      ex.decode(table.keys, u * W);
      if (prune && d + ex.colours > depthLimit) {
        pruned = true;
        continue;
      }
      ex.children(table.keys, u * W, ex.ones === 0);
      if (metrics) moves[u] = ex.moveCount;
      const count = ex.childCount;
      generated += count;
      if (metrics) targets = arena.grow('targets', Int32Array, targets, edges + count);
      const pu = paths[u]!;
      for (let c = 0; c < count; c++) {
        if (prune && !(childFlags[c]! & CHILD_CLEARED)) {
          // never clears (dead), or cannot clear within the depth limit: not even stored
          if (childFlags[c]! & CHILD_DEAD) continue;
          if (d + 1 + childColours[c]! > depthLimit) {
            pruned = true;
            continue;
          }
        }
        const before = table.count;
        const v = table.insert(childKeys, c * W);
        if (v === before) {
          if (metrics) {
            if (v >= dead.length) dead = arena.grow('dead', Uint8Array, dead, v + 1);
            dead[v] = childFlags[c]! & CHILD_DEAD;
          }
          if (solving) {
            if (table.count > opt.nodeLimit && clear < 0)
              return { status: 'unknown', budget: 'node limit', limit: opt.nodeLimit, states: table.count, edges: generated, depth: d + 1 };
            if (v >= paths.length) paths = arena.grow('paths', Float64Array, paths, v + 1);
          }
          if (table.count > storeCap) return overBudget(opt, table.count, generated, d + 1);
        }
        if (solving && v >= hi) paths[v] = saturatingAdd(paths[v]!, pu);
        if (clear < 0 && childFlags[c]! & CHILD_CLEARED) clear = v;
        // Edges out of the last expanded layer only matter through the clear (they
        // decide dist 1 there; Alive needs nothing more at that depth): keep just those.
        if (metrics && (d + 1 < maxDepth || childFlags[c]! & CHILD_CLEARED)) targets[edges++] = v;
      }
      if (metrics) offsets[u + 1] = edges;
    }
    if (solving) {
      if (clear >= 0) {
        minMoves = d + 1;
        if (!metrics)
          return { status: 'solved', minMoves, solutionCount: paths[clear]!, states: table.count, statesAtMost: table.count, edges: generated, graph: null };
        maxDepth = minMoves + 2;
      } else if (table.count === hi) {
        return pruned
          ? { status: 'unknown', budget: 'depth limit', limit: depthLimit, states: table.count, edges: generated, depth: d }
          : { status: 'unsolvable', states: table.count, edges: generated, depth: d };
      } else if (d + 1 >= depthLimit) {
        return { status: 'unknown', budget: 'depth limit', limit: depthLimit, states: table.count, edges: generated, depth: d + 1 };
      }
    }
    if (d + 1 === maxDepth) {
      layerStart.push(table.count);
      return {
        status: 'solved',
        minMoves,
        solutionCount: paths[clear]!,
        states: table.count,
        statesAtMost: table.count,
        edges: generated,
        graph: { table, layerStart, maxDepth, expanded: hi, offsets, targets, moves, clear },
      };
    }
  }
}
