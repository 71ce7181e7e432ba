// Difficulty metrics (docs/slide.md) on the metric graph (depth minMoves + 2):
// dist by a backward relaxation over the CSR edges, Alive, per-depth
// deadEndRatio, openingAccuracy, branchingFactor, and one shortest solution
// (the first in move order: blocks in row-major order, then U, D, L, R).
import { DIR_LETTERS, colOf, rowOf, type SlideBoard } from './board.ts';
import { Expander } from './packed-state.ts';
import type { MetricGraph } from './bfs.ts';
import { Arena } from './arena.ts';
import type { SlideMove } from './schema.ts';

const NO_DIST = 255;

/**
 * dist(s): moves from s to the clear inside the graph, wherever it decides
 * Alive(s), that is wherever depth(s) + dist(s) <= maxDepth; NO_DIST elsewhere
 * (no clear, or only a longer way). Computed in rounds t = 0, 1, ...: a state
 * not yet reached gets dist t + 1 when one of its moves leads to a state of
 * dist t; round t only looks at states with depth <= maxDepth - t - 1, so the
 * large last layers are scanned once. Every state of a path s -> clear of
 * length dist(s) <= maxDepth - depth(s) is itself within that bound, so these
 * values are exact shortest distances.
 */
export function distances(g: MetricGraph, arena = new Arena()): Uint8Array {
  const n = g.table.count;
  const dist = arena.fresh('dist', Uint8Array, n, NO_DIST);
  dist[g.clear] = 0;
  const { offsets, targets } = g;
  for (let t = 0; t < g.maxDepth; t++) {
    const end = Math.min(g.expanded, g.layerStart[g.maxDepth - t]!);
    for (let u = 0; u < end; u++) {
      if (dist[u] !== NO_DIST) continue;
      const last = offsets[u + 1]!;
      for (let e = offsets[u]!; e < last; e++) {
        if (dist[targets[e]!] === t) {
          dist[u] = t + 1;
          break;
        }
      }
    }
  }
  return dist;
}

/** Alive(s): dist(s) exists and depth(s) + dist(s) <= maxDepth, as one flag per state. */
export function aliveFlags(g: MetricGraph, dist: Uint8Array, arena = new Arena()): Uint8Array {
  const alive = arena.fresh('alive', Uint8Array, g.table.count);
  for (let d = 0; d <= g.maxDepth; d++) {
    for (let s = g.layerStart[d]!; s < g.layerStart[d + 1]!; s++) {
      if (dist[s]! !== NO_DIST && d + dist[s]! <= g.maxDepth) alive[s] = 1;
    }
  }
  return alive;
}

export interface RawMetrics {
  openingAccuracy: number;
  deadEndRatio: number;
  branchingFactor: number;
  /** Per depth d < minMoves: move edges from alive states, and those that lead to a non-alive state. */
  edgesByDepth: number[];
  blundersByDepth: number[];
}

export function rawMetrics(g: MetricGraph, minMoves: number, dist: Uint8Array, alive: Uint8Array): RawMetrics {
  const { offsets, targets, moves, layerStart } = g;
  const edgesByDepth: number[] = [];
  const blundersByDepth: number[] = [];
  let movesSum = 0;
  let states = 0;
  for (let d = 0; d < minMoves; d++) {
    let edges = 0;
    let blunders = 0;
    for (let u = layerStart[d]!; u < layerStart[d + 1]!; u++) {
      if (u === g.clear) continue;
      movesSum += moves[u]!;
      states++;
      if (!alive[u]) continue;
      const end = offsets[u + 1]!;
      for (let e = offsets[u]!; e < end; e++) {
        edges++;
        if (!alive[targets[e]!]) blunders++;
      }
    }
    edgesByDepth.push(edges);
    blundersByDepth.push(blunders);
  }
  let ratioSum = 0;
  let depths = 0;
  for (let d = 0; d < minMoves; d++) {
    if (edgesByDepth[d] === 0) continue;
    ratioSum += blundersByDepth[d]! / edgesByDepth[d]!;
    depths++;
  }
  let good = 0;
  for (let e = offsets[0]!; e < offsets[1]!; e++) if (dist[targets[e]!] === minMoves - 1) good++;
  return {
    openingAccuracy: moves[0]! === 0 ? 0 : good / moves[0]!,
    deadEndRatio: depths === 0 ? 0 : ratioSum / depths,
    branchingFactor: states === 0 ? 0 : movesSum / states,
    edgesByDepth,
    blundersByDepth,
  };
}

/** The first shortest solution in move order: from each state, the first move to a state one move closer. */
export function firstSolution(b: SlideBoard, g: MetricGraph, minMoves: number, dist: Uint8Array): SlideMove[] {
  const ex = new Expander(b);
  const W = b.words;
  const solution: SlideMove[] = [];
  let u = 0;
  for (let k = minMoves; k > 0; k--) {
    ex.expand(g.table.keys, u * W, true);
    let next = -1;
    for (let c = 0; c < ex.childCount && next < 0; c++) {
      const v = g.table.find(ex.childKeys, c * W);
      if (v >= 0 && dist[v] === k - 1) {
        next = v;
        const m = ex.childMove[c]!;
        const cell = m >> 2;
        solution.push([colOf(b, cell), rowOf(b, cell), DIR_LETTERS[m & 3]!]);
      }
    }
    if (next < 0) throw new Error(`no move from state ${u} gets closer to the clear (dist ${k}): the metric graph is inconsistent`);
    u = next;
  }
  return solution;
}

/** The score from unrounded metrics. */
export function scoreOf(m: {
  minMoves: number;
  openingAccuracy: number;
  deadEndRatio: number;
  branchingFactor: number;
  blockCount: number;
  colorCount: number;
}): number {
  return 5 * m.minMoves + 20 * (1 - m.openingAccuracy) + 30 * m.deadEndRatio + 0.5 * m.branchingFactor + 0.8 * m.blockCount + 3 * (m.colorCount - 2);
}
