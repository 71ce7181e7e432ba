// The greedy baseline (docs/apple.md): at every step take, among all
// valid rectangles, the one with the largest single digit; ties -> fewest
// remaining cells; then smallest area; then smallest top, left, bottom, right.
// Deterministic; a lower bound on the best score, not the optimum.
//
// Only tight rectangles are compared: a valid rectangle that is not tight has
// the same remaining cells (same largest digit, same count) as the tight one
// inside it and a strictly larger area, so it never wins the tie-break. Valid
// rectangles whose border rows or columns hold only removed cells are distinct
// rectangles under the spec's wording; this rule is why they never matter.
import { COLS as BOARD_COLS } from './bounds.ts';
import { enumerateMoves, clearRect, rectArea, rectTop, rectLeft, rectBottom, rectRight, MAX_MOVES } from './rects.ts';
// board constants as module-local values (hot loops; some loaders turn imports into getters)
const COLS = BOARD_COLS;

export interface Play {
  score: number;
  /** Packed rectangles in play order. */
  moves: number[];
}

const moves = new Int32Array(MAX_MOVES);

function digitAndCount(v: Uint8Array, m: number): [number, number] {
  let mx = 0;
  let k = 0;
  for (let y = rectTop(m), yb = rectBottom(m); y <= yb; y++) {
    for (let i = y * COLS + rectLeft(m), e = y * COLS + rectRight(m); i <= e; i++) {
      const d = v[i]!;
      if (d !== 0) {
        k++;
        if (d > mx) mx = d;
      }
    }
  }
  return [mx, k];
}

/** The greedy's next move in state v, or -1 when no move is left. */
export function greedyMove(v: Uint8Array): number {
  const n = enumerateMoves(v, moves);
  if (n === 0) return -1;
  let best = moves[0]!;
  let [bestDigit, bestCount] = digitAndCount(v, best);
  let bestArea = rectArea(best);
  for (let i = 1; i < n; i++) {
    const m = moves[i]!;
    const [d, k] = digitAndCount(v, m);
    if (d < bestDigit || (d === bestDigit && k > bestCount)) continue;
    const area = rectArea(m);
    if (d === bestDigit && k === bestCount) {
      if (area > bestArea) continue;
      // equal area: smaller top, left, bottom, right first (the packing is not in that order)
      if (area === bestArea && positionKey(m) > positionKey(best)) continue;
    }
    best = m;
    bestDigit = d;
    bestCount = k;
    bestArea = area;
  }
  return best;
}

/** (top, left, bottom, right) as one number that orders like the tuple. */
function positionKey(m: number): number {
  return ((rectTop(m) * 32 + rectLeft(m)) * 16 + rectBottom(m)) * 32 + rectRight(m);
}

/** The greedy play from the start board (digits 1..9, nothing removed). */
export function greedyPlay(board: Uint8Array): Play {
  const v = board.slice();
  const played: number[] = [];
  let score = 0;
  for (;;) {
    const m = greedyMove(v);
    if (m < 0) break;
    played.push(m);
    score += clearRect(v, m);
  }
  return { score, moves: played };
}
