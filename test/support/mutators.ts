// One mutation per stored field, per kind, for the mutation suite: each turns
// a valid value into another schema-valid but wrong one (or, where no such
// value exists, into an invalid one that must be named as bad input).
import type { Level } from '../../tools/lib/kind.ts';
import type { SetFile } from '../../tools/lib/files.ts';
import { fromBase64, toBase64 } from '../../tools/lib/bytes.ts';

/** Per kind: which real levels the suite may use (keep the recomputation cheap). */
export const BASE_FILTER: Record<string, (level: Level) => boolean> = {
  // exact score assets for every picked level, at a few milliseconds each
  ghost: (l) => (l.analysis as Any).ghosts <= 18,
};

export interface Mutation {
  /** The stored field, as `puzzle.<key>`, `analysis.<key>`, `calibration.<key>`, `solution`, `tier`, `id`. */
  field: string;
  /** Change one level (or, for calibration, the set). */
  apply(level: Level, set: SetFile): void;
  /** What validate must name: the reported field starts with this. */
  reported: string;
  /** 1: found by recomputing; 2: the file no longer fits its schema (named as bad input). */
  exit: 1 | 2;
}

type Any = Record<string, any>;
const a = (l: Level) => l.analysis as Any;
const p = (l: Level) => l.puzzle as Any;

function bumpDigit(rows: string[], pattern: RegExp, by: (d: number) => number): [number, number] {
  const r = rows.findIndex((row) => pattern.test(row));
  if (r < 0) throw new Error(`no cell matching ${pattern}`);
  const c = rows[r]!.search(pattern);
  rows[r] = rows[r]!.slice(0, c) + String(by(Number(rows[r]![c]))) + rows[r]!.slice(c + 1);
  return [r, c];
}

/** A binary field (base64) with one bit of byte `at` flipped (from the end when negative): still base64, other bytes. */
export function flipByte(text: string, at: number, bit = 0): string {
  const bytes = fromBase64(text, 'mutation');
  const i = at < 0 ? bytes.length + at : at;
  bytes[i] = bytes[i]! ^ (1 << bit);
  return toBase64(bytes);
}

const otherTier = (tiers: readonly string[]) => (l: Level) => {
  l.tier = tiers[(tiers.indexOf(l.tier) + 1) % tiers.length]!;
};

export const MUTATIONS: Record<string, Mutation[]> = {
  ghost: [
    { field: 'puzzle.size', apply: (l) => (p(l).size += 1), reported: 'puzzle.grid', exit: 2 },
    { field: 'puzzle.grid', apply: (l) => void bumpDigit(p(l).grid, /[0-7]/, (d) => d + 1), reported: 'puzzle.grid[', exit: 1 },
    { field: 'puzzle.rows', apply: (l) => (p(l).rows[0] += 1), reported: 'puzzle.rows[0]', exit: 1 },
    { field: 'puzzle.cols', apply: (l) => (p(l).cols[1] += 1), reported: 'puzzle.cols[1]', exit: 1 },
    {
      field: 'solution',
      apply: (l) => {
        const s = l.solution as string[];
        const r = s.findIndex((row) => row.includes('G'));
        s[r] = s[r]!.replace('G', '.');
      },
      reported: 'solution[',
      exit: 1,
    },
    { field: 'analysis.ghosts', apply: (l) => a(l).ghosts++, reported: 'analysis.ghosts', exit: 1 },
    { field: 'analysis.direct', apply: (l) => a(l).direct++, reported: 'analysis.direct', exit: 1 },
    { field: 'analysis.pair', apply: (l) => a(l).pair++, reported: 'analysis.pair', exit: 1 },
    { field: 'analysis.contradiction', apply: (l) => a(l).contradiction++, reported: 'analysis.contradiction', exit: 1 },
    { field: 'analysis.logicDepth', apply: (l) => a(l).logicDepth++, reported: 'analysis.logicDepth', exit: 1 },
    { field: 'analysis.maxScore', apply: (l) => (a(l).maxScore += 50), reported: 'analysis.maxScore', exit: 1 },
    { field: 'analysis.minScore', apply: (l) => (a(l).minScore -= 50), reported: 'analysis.minScore', exit: 1 },
    {
      field: 'analysis.freeGhosts',
      apply: (l) => {
        const free = a(l).freeGhosts as [number, number][];
        if (free.length) free.pop();
        else free.push([0, 0]);
      },
      reported: 'analysis.freeGhosts',
      exit: 1,
    },
    // the root reference (the last byte) of the course assets, and the last decided cell of the hint path
    { field: 'analysis.maxCourse', apply: (l) => (a(l).maxCourse = flipByte(a(l).maxCourse, -1)), reported: 'analysis.maxCourse', exit: 1 },
    { field: 'analysis.minCourse', apply: (l) => (a(l).minCourse = flipByte(a(l).minCourse, -1)), reported: 'analysis.minCourse', exit: 1 },
    { field: 'analysis.hints', apply: (l) => (a(l).hints = flipByte(a(l).hints, -1)), reported: 'analysis.hints', exit: 1 },
    {
      field: 'tier',
      apply: otherTier(['EASY', 'NORMAL', 'HARD', 'EXPERT', 'MASTER', 'EXTREME', 'EXTREME II', 'ULTIMATE', 'ULTIMATE II', 'ULTIMATE+']),
      reported: 'tier',
      exit: 1,
    },
    { field: 'id', apply: (l) => (l.id = `ghost-${'0123456789ab'}`), reported: 'id', exit: 1 },
    {
      field: 'calibration.weights',
      apply: (_l, s) => ((s.calibration as Any).weights.contradiction += 1),
      reported: 'calibration.weights.contradiction',
      exit: 1,
    },
    { field: 'calibration.tierMedians', apply: (_l, s) => ((s.calibration as Any).tierMedians[0] += 1), reported: 'calibration.tierMedians', exit: 1 },
    { field: 'calibration.spacing', apply: (_l, s) => ((s.calibration as Any).spacing += 0.5), reported: 'calibration.spacing', exit: 1 },
  ],
  slide: [
    {
      // a movable block slides one cell into a free neighbour: another puzzle (new id, new analysis)
      field: 'puzzle.board',
      apply: (l) => {
        const board = p(l).board as string[];
        const r = board.findIndex((row) => /[a-o]\./.test(row));
        board[r] = board[r]!.replace(/([a-o])\./, '.$1');
      },
      reported: 'id',
      exit: 1,
    },
    {
      field: 'solution',
      apply: (l) => {
        const moves = l.solution as [number, number, string][];
        const m = moves[moves.length - 1]!;
        moves[moves.length - 1] = [m[0], m[1], ({ U: 'D', D: 'U', L: 'R', R: 'L' } as Record<string, string>)[m[2]]!];
      },
      reported: 'solution',
      exit: 1,
    },
    // 'unsolvable' and 'unknown' never ship: the schema refuses them
    { field: 'analysis.status', apply: (l) => (a(l).status = 'unknown'), reported: 'analysis.status', exit: 2 },
    { field: 'analysis.minMoves', apply: (l) => a(l).minMoves++, reported: 'analysis.minMoves', exit: 1 },
    { field: 'analysis.solutionCount', apply: (l) => a(l).solutionCount++, reported: 'analysis.solutionCount', exit: 1 },
    // beyond the 0.006 tolerance of the metrics, inside [0, 1]
    {
      field: 'analysis.openingAccuracy',
      apply: (l) => (a(l).openingAccuracy = nudge(a(l).openingAccuracy, 0.01)),
      reported: 'analysis.openingAccuracy',
      exit: 1,
    },
    { field: 'analysis.deadEndRatio', apply: (l) => (a(l).deadEndRatio = nudge(a(l).deadEndRatio, 0.01)), reported: 'analysis.deadEndRatio', exit: 1 },
    { field: 'analysis.branchingFactor', apply: (l) => (a(l).branchingFactor += 0.01), reported: 'analysis.branchingFactor', exit: 1 },
    { field: 'analysis.blockCount', apply: (l) => a(l).blockCount++, reported: 'analysis.blockCount', exit: 1 },
    { field: 'analysis.colorCount', apply: (l) => a(l).colorCount++, reported: 'analysis.colorCount', exit: 1 },
    // beyond the 0.06 tolerance of the score
    { field: 'analysis.score', apply: (l) => (a(l).score = Math.round((a(l).score + 0.1) * 10) / 10), reported: 'analysis.score', exit: 1 },
    { field: 'analysis.stars', apply: (l) => a(l).stars.two++, reported: 'analysis.stars.two', exit: 1 },
    { field: 'tier', apply: otherTier(['tutorial', 'easy', 'normal', 'hard', 'expert']), reported: 'tier', exit: 1 },
    { field: 'id', apply: (l) => (l.id = 'slide-0123456789ab'), reported: 'id', exit: 1 },
    {
      field: 'calibration.method',
      apply: (_l, s) => ((s.calibration as Any).method = (s.calibration as Any).method === 'default' ? 'quantiles' : 'default'),
      reported: 'calibration.method',
      exit: 1,
    },
    { field: 'calibration.thresholds', apply: (_l, s) => ((s.calibration as Any).thresholds[1] += 1), reported: 'calibration.thresholds', exit: 1 },
  ],
  apple: [
    {
      // two digits of a row swapped: another board with the same sum
      field: 'puzzle.board',
      apply: (l) => {
        const board = p(l).board as string[];
        const r = board.findIndex((row) => row[0] !== row[1]);
        board[r] = board[r]![1]! + board[r]![0]! + board[r]!.slice(2);
      },
      reported: 'id',
      exit: 1,
    },
    { field: 'solution', apply: (l) => void (l.solution as unknown[]).pop(), reported: 'solution', exit: 1 },
    { field: 'analysis.greedyScore', apply: (l) => a(l).greedyScore++, reported: 'analysis.greedyScore', exit: 1 },
    { field: 'analysis.bestScore', apply: (l) => a(l).bestScore--, reported: 'analysis.bestScore', exit: 1 },
    { field: 'analysis.upperBound', apply: (l) => a(l).upperBound--, reported: 'analysis.upperBound', exit: 1 },
    { field: 'analysis.greedyPlay', apply: (l) => void a(l).greedyPlay.pop(), reported: 'analysis.greedyPlay', exit: 1 },
    { field: 'tier', apply: otherTier(['LUCKY', 'EASY', 'NORMAL', 'HARD', 'BRUTAL']), reported: 'tier', exit: 1 },
    { field: 'id', apply: (l) => (l.id = 'apple-0123456789ab'), reported: 'id', exit: 1 },
    {
      field: 'calibration.greedyQuantiles',
      apply: (_l, s) => ((s.calibration as Any).greedyQuantiles.p50 += 1),
      reported: 'calibration.greedyQuantiles',
      exit: 1,
    },
  ],
};

/** v moved by `by`, staying inside [0, 1]. */
function nudge(v: number, by: number): number {
  return v + by <= 1 ? v + by : v - by;
}
