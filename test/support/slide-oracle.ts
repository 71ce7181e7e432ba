// A brute-force slide oracle for tests only: SPEC §2 read literally and written
// independently of tools/kinds/slide (grid strings as states, the vanish rule
// applied to the whole board, plain Maps), for small boards.
//
// What it encodes: states are whole boards (equal blocks are equal characters,
// so interchangeable); dead states (a colour with exactly one block) are
// leaves: in the graph with their depth, their legal moves counted in
// branchingFactor, but never expanded, so a state reachable only through dead
// states is not in the graph; the metric graph is every state reachable within
// maxDepth = minMoves + 2 moves that way. `expandDead` is the non-normative
// alternative (every state expanded), kept only so tests can show that the
// normative value is the one analyze gives where the two differ.

const DIRS = [
  ['U', -1, 0],
  ['D', 1, 0],
  ['L', 0, -1],
  ['R', 0, 1],
] as const;

const isBlock = (ch: string) => /[a-oA-O]/.test(ch);
const isMovable = (ch: string) => /[a-o]/.test(ch);

export interface OracleMove {
  move: [number, number, string];
  next: string;
}

/** All legal moves of a board (rows joined by '/'), in row-major block order then U, D, L, R. */
export function oracleMoves(state: string): OracleMove[] {
  const rows = state.split('/');
  const h = rows.length;
  const w = rows[0]!.length;
  const out: OracleMove[] = [];
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const ch = rows[r]![c]!;
      if (!isMovable(ch)) continue;
      for (const [name, dr, dc] of DIRS) {
        let rr = r;
        let cc = c;
        while (rr + dr >= 0 && rr + dr < h && cc + dc >= 0 && cc + dc < w && rows[rr + dr]![cc + dc] === '.') {
          rr += dr;
          cc += dc;
        }
        if (rr === r && cc === c) continue;
        const g = rows.map((row) => [...row]);
        g[r]![c] = '.';
        g[rr]![cc] = ch;
        // every block orthogonally adjacent to a block of the same colour vanishes, all at once
        const gone: [number, number][] = [];
        for (let i = 0; i < h; i++) {
          for (let j = 0; j < w; j++) {
            const x = g[i]![j]!;
            if (!isBlock(x)) continue;
            const same = DIRS.some(([, di, dj]) => {
              const y = g[i + di]?.[j + dj];
              return y !== undefined && isBlock(y) && y.toLowerCase() === x.toLowerCase();
            });
            if (same) gone.push([i, j]);
          }
        }
        for (const [i, j] of gone) g[i]![j] = '.';
        out.push({ move: [c, r, name], next: g.map((row) => row.join('')).join('/') });
      }
    }
  }
  return out;
}

export const oracleCleared = (s: string) => ![...s].some(isBlock);

export function oracleDead(s: string): boolean {
  const counts = new Map<string, number>();
  for (const ch of s) if (isBlock(ch)) counts.set(ch.toLowerCase(), (counts.get(ch.toLowerCase()) ?? 0) + 1);
  return [...counts.values()].some((k) => k === 1);
}

export type OracleResult =
  | { status: 'unsolvable'; states: number }
  | {
      status: 'solved';
      minMoves: number;
      solutionCount: number;
      openingAccuracy: number;
      deadEndRatio: number;
      branchingFactor: number;
      graphStates: number;
    };

/**
 * The normative result: dead states are leaves. `expandDead` (not the rule, for
 * comparisons only) expands them too, so the states reachable only through
 * them join the graph; that changes nothing but branchingFactor (hence score)
 * and the graph size, on boards with a colour of three or more blocks.
 */
export function oracle(board: readonly string[], opts: { expandDead?: boolean } = {}): OracleResult {
  const start = board.join('/');
  // solve: BFS by layers with path counts (every move counts, even two moves to one state)
  const depth = new Map<string, number>([[start, 0]]);
  let layer = [start];
  let paths = new Map<string, number>([[start, 1]]);
  let minMoves = -1;
  let solutionCount = 0;
  for (let d = 0; layer.length > 0 && minMoves < 0; d++) {
    const next: string[] = [];
    const nextPaths = new Map<string, number>();
    for (const u of layer) {
      if (oracleDead(u)) continue;
      for (const { next: v } of oracleMoves(u)) {
        if (!depth.has(v)) {
          depth.set(v, d + 1);
          next.push(v);
        }
        if (depth.get(v) === d + 1) nextPaths.set(v, (nextPaths.get(v) ?? 0) + paths.get(u)!);
      }
    }
    for (const v of next) {
      if (oracleCleared(v)) {
        minMoves = d + 1;
        solutionCount = nextPaths.get(v)!;
      }
    }
    layer = next;
    paths = nextPaths;
  }
  if (minMoves < 0) return { status: 'unsolvable', states: depth.size };

  // the metric graph: every state within maxDepth moves
  const maxDepth = minMoves + 2;
  const gDepth = new Map<string, number>([[start, 0]]);
  const edges = new Map<string, string[]>();
  const moveCount = new Map<string, number>();
  let frontier = [start];
  for (let d = 0; d < maxDepth; d++) {
    const next: string[] = [];
    for (const u of frontier) {
      const ms = oracleMoves(u);
      moveCount.set(u, ms.length);
      if (oracleDead(u) && !opts.expandDead) continue;
      edges.set(
        u,
        ms.map((m) => m.next),
      );
      for (const { next: v } of ms) {
        if (!gDepth.has(v)) {
          gDepth.set(v, d + 1);
          next.push(v);
        }
      }
    }
    frontier = next;
  }
  // dist: backward BFS from the cleared state
  const preds = new Map<string, string[]>();
  for (const [u, vs] of edges) for (const v of vs) preds.set(v, [...(preds.get(v) ?? []), u]);
  const clear = [...gDepth.keys()].find(oracleCleared)!;
  const dist = new Map<string, number>([[clear, 0]]);
  let q = [clear];
  while (q.length) {
    const nq: string[] = [];
    for (const v of q) {
      for (const u of preds.get(v) ?? []) {
        if (!dist.has(u)) {
          dist.set(u, dist.get(v)! + 1);
          nq.push(u);
        }
      }
    }
    q = nq;
  }
  const alive = (s: string) => dist.has(s) && gDepth.get(s)! + dist.get(s)! <= maxDepth;
  let ratioSum = 0;
  let ratioDepths = 0;
  let movesSum = 0;
  let statesBelow = 0;
  for (let d = 0; d < minMoves; d++) {
    let e = 0;
    let bl = 0;
    for (const [u, du] of gDepth) {
      if (du !== d || oracleCleared(u)) continue;
      movesSum += moveCount.get(u)!;
      statesBelow++;
      if (!alive(u)) continue;
      for (const v of edges.get(u) ?? []) {
        e++;
        if (!alive(v)) bl++;
      }
    }
    if (e > 0) {
      ratioSum += bl / e;
      ratioDepths++;
    }
  }
  const first = edges.get(start)!;
  return {
    status: 'solved',
    minMoves,
    solutionCount,
    openingAccuracy: first.filter((v) => dist.get(v) === minMoves - 1).length / first.length,
    deadEndRatio: ratioDepths ? ratioSum / ratioDepths : 0,
    branchingFactor: movesSum / statesBelow,
    graphStates: gDepth.size,
  };
}

/** Replay moves with the oracle's rules: the final board, or null at an illegal move. */
export function oracleReplay(board: readonly string[], moves: readonly (readonly [number, number, string])[]): string | null {
  let s = board.join('/');
  for (const [c, r, dir] of moves) {
    const m = oracleMoves(s).find((x) => x.move[0] === c && x.move[1] === r && x.move[2] === dir);
    if (!m) return null;
    s = m.next;
  }
  return s;
}
