// Conformance vectors for ports (docs/porting.md): for a sample of every
// bundled pack's levels and for hand-made edge cases, sequences of player
// actions with every result this client library gives. Pure: packs in,
// vectors out (format: tools/lib/conformance.ts). Uses the public client API
// (./index.ts) only, so the vectors say what a game calling it sees. The CLI
// hands `writeConformance` to bundle, which writes dist/conformance/<kind>.json
// (commands may not import the client; the client may not import commands).
import type { AppleConformanceCase, ConformanceFile, GhostConformanceCase, NamedPack, SlideConformanceCase } from '../lib/conformance.ts';
import {
  levelsOf,
  startGhostPlay,
  catchAt,
  ghostAt,
  isCatchProvable,
  provableCatches,
  onCourseForBest,
  onCourseForWorst,
  isGhostLevelOver,
  ghostMedalsEarned,
  startSlidePlay,
  flick,
  isCleared,
  slideBoardNow,
  starsEarned,
  starsFor,
  startApplePlay,
  takeRect,
  isAppleOver,
  appleMedalsEarned,
  type GhostLevel,
  type GhostPlay,
  type GhostAnalysis,
  type SlideLevel,
  type AppleLevel,
  type AppleRect,
  type Direction,
  type LoadedPack,
} from './index.ts';

type Cell = [number, number];

/** Levels sampled per pack: the first and the middle one. */
function sample<L>(levels: readonly L[]): L[] {
  const picks = [...new Set([0, Math.floor(levels.length / 2)])].filter((i) => i < levels.length);
  return picks.map((i) => levels[i]!);
}

// ---- ghost

/** The medal questions, by what they answer. The one place that names the client functions behind them. */
export function medalQuestions(play: GhostPlay, analysis: GhostAnalysis): { onCourseForBest: boolean | null; onCourseForWorst: boolean | null } {
  return { onCourseForBest: onCourseForBest(play, analysis), onCourseForWorst: onCourseForWorst(play, analysis) };
}

function ghostCells(level: GhostLevel): Cell[] {
  const out: Cell[] = [];
  level.solution.forEach((row, r) => [...row].forEach((ch, c) => ch === 'G' && out.push([r, c])));
  return out;
}

function ghostCase(pack: string, level: GhostLevel, name: string, choose: (play: GhostPlay) => Cell | undefined): GhostConformanceCase {
  const play = startGhostPlay(level.puzzle, level.solution);
  const start = { provable: provableCatches(play), ...medalQuestions(play, level.analysis) };
  const steps: GhostConformanceCase['steps'] = [];
  for (let next = choose(play); next; next = choose(play)) {
    const provable = isCatchProvable(play, next[0], next[1]);
    const result = catchAt(play, next[0], next[1]);
    steps.push({ catch: next, provable, result, ...medalQuestions(play, level.analysis) });
  }
  return {
    name,
    pack,
    level: level.id,
    start,
    steps,
    end: { score: play.score, over: isGhostLevelOver(play), medals: ghostMedalsEarned(play, level.analysis) },
  };
}

/** A chooser that plays `cells` in order, then stops. */
const script = (cells: Cell[]) => {
  let i = 0;
  return () => cells[i++];
};

/** First uncaught ghost (row-major) after whose catch `question` still says true; else the first uncaught. */
function seeking(level: GhostLevel, question: 'onCourseForBest' | 'onCourseForWorst') {
  const ghosts = ghostCells(level);
  return (play: GhostPlay): Cell | undefined => {
    const left = ghosts.filter(([r, c]) => !play.caught[ghostAt(play, r, c)]);
    for (const cell of left) {
      const trial = startGhostPlay(level.puzzle, level.solution);
      for (const g of play.order) {
        const [r, c] = ghosts[g]!;
        catchAt(trial, r, c);
      }
      catchAt(trial, cell[0], cell[1]);
      if (medalQuestions(trial, level.analysis)[question]) return cell;
    }
    return left[0];
  };
}

function ghostCases(packs: readonly { name: string; levels: GhostLevel[] }[]): GhostConformanceCase[] {
  const cases: GhostConformanceCase[] = [];
  for (const { name, levels } of packs) {
    for (const level of sample(levels)) {
      const ghosts = ghostCells(level);
      cases.push(ghostCase(name, level, 'careful player: always the first provable catch', (p) => provableCatches(p)[0]));
      cases.push(ghostCase(name, level, 'best seeker: the first ghost that keeps onCourseForBest', seeking(level, 'onCourseForBest')));
      cases.push(ghostCase(name, level, 'worst seeker: the first ghost that keeps onCourseForWorst', seeking(level, 'onCourseForWorst')));
      cases.push(ghostCase(name, level, 'guesser: every ghost in reverse row-major order', script([...ghosts].reverse())));
    }
  }
  const first = packs[0]?.levels[0];
  if (first) {
    const n = first.puzzle.size;
    const ghost = ghostCells(first)[0]!;
    const clue = first.puzzle.grid.flatMap((row, r) => [...row].flatMap((ch, c) => (/[0-9]/.test(ch) ? [[r, c] as Cell] : [])))[0];
    const empty = first.solution.flatMap((row, r) => [...row].flatMap((ch, c) => (ch !== 'G' && first.puzzle.grid[r]![c] === '.' ? [[r, c] as Cell] : [])))[0]!;
    const misses: Cell[] = [empty, ...(clue ? [clue] : []), [-1, 0], [0, n], [n, n], ghost, ghost];
    cases.push(ghostCase(packs[0]!.name, first, 'misses: an empty cell, a clue, off the board, then the same ghost twice', script(misses)));
  }
  return cases;
}

// ---- slide

function slideCase(pack: string, level: SlideLevel, name: string, flicks: readonly [number, number, string][]): SlideConformanceCase {
  const play = startSlidePlay(level.puzzle);
  const steps = flicks.map((f) => {
    const result = flick(play, f[0], f[1], f[2] as Direction);
    return {
      flick: [...f] as [number, number, string],
      result,
      board: slideBoardNow(play),
      cleared: isCleared(play),
      stars: starsEarned(play, level.analysis),
    };
  });
  const starsByMoves = Array.from({ length: level.analysis.stars.one + 2 }, (_, m) => starsFor(m, level.analysis.stars));
  return { name, pack, level: level.id, steps, end: { moves: play.moves, cleared: isCleared(play), stars: starsEarned(play, level.analysis), starsByMoves } };
}

const DIRS: Direction[] = ['U', 'D', 'L', 'R'];

/** Up to `k` legal flicks, each the first legal one in scan order (row, column, U D L R) that is not the solution's next move. */
function wander(level: SlideLevel, k: number): [number, number, string][] {
  const out: [number, number, string][] = [];
  const play = startSlidePlay(level.puzzle);
  for (let i = 0; i < k; i++) {
    const board = slideBoardNow(play);
    let found: [number, number, Direction] | undefined;
    for (let r = 0; r < board.length && !found; r++) {
      for (let c = 0; c < board[r]!.length && !found; c++) {
        if (!/[a-o]/.test(board[r]![c]!)) continue;
        for (const d of DIRS) {
          const sol = level.solution[i];
          if (sol && sol[0] === c && sol[1] === r && sol[2] === d) continue;
          const trial = startSlidePlay(level.puzzle);
          for (const m of out) flick(trial, m[0], m[1], m[2] as Direction);
          if (flick(trial, c, r, d).ok) {
            found = [c, r, d];
            break;
          }
        }
      }
    }
    if (!found) break;
    out.push(found);
    flick(play, found[0], found[1], found[2]);
  }
  return out;
}

/** Illegal flicks on this board: off it, a wall, an empty floor cell, a fixed block, a block that cannot move that way. */
function illegalFlicks(level: SlideLevel): [number, number, string][] {
  const rows = level.puzzle.board;
  const h = rows.length;
  const w = rows[0]!.length;
  const find = (re: RegExp): Cell | undefined => {
    for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) if (re.test(rows[r]![c]!)) return [c, r];
    return undefined;
  };
  const out: [number, number, string][] = [
    [-1, 0, 'R'],
    [w, 0, 'L'],
    [0, h, 'U'],
  ];
  for (const re of [/#/, /\./, /[A-O]/]) {
    const at = find(re);
    if (at) out.push([at[0], at[1], 'R']);
  }
  const step: Record<Direction, [number, number]> = { U: [0, -1], D: [0, 1], L: [-1, 0], R: [1, 0] };
  outer: for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      if (!/[a-o]/.test(rows[r]![c]!)) continue;
      for (const d of DIRS) {
        const [dc, dr] = step[d];
        const next = rows[r + dr]?.[c + dc];
        if (next === undefined || next !== '.') {
          out.push([c, r, d]);
          break outer;
        }
      }
    }
  }
  return out;
}

function slideCases(packs: readonly { name: string; levels: SlideLevel[] }[]): SlideConformanceCase[] {
  const cases: SlideConformanceCase[] = [];
  for (const { name, levels } of packs) {
    for (const level of sample(levels)) {
      cases.push(slideCase(name, level, "the level's stored solution", level.solution));
      cases.push(slideCase(name, level, 'wanderer: the first legal flick that is not the solution, three times', wander(level, 3)));
    }
  }
  const first = packs[0]?.levels[0];
  if (first)
    cases.push(
      slideCase(packs[0]!.name, first, 'illegal flicks (they change nothing and do not count), then the solution', [
        ...illegalFlicks(first),
        ...first.solution,
      ]),
    );
  return cases;
}

// ---- apple

function appleCase(pack: string, level: AppleLevel, name: string, rects: readonly AppleRect[]): AppleConformanceCase {
  const play = startApplePlay(level.puzzle);
  const steps = rects.map((rect) => {
    const result = takeRect(play, rect);
    return { rect: [...rect] as AppleRect, result, score: play.score, over: isAppleOver(play) };
  });
  return {
    name,
    pack,
    level: level.id,
    steps,
    end: { score: play.score, moves: play.moves, over: isAppleOver(play), medals: appleMedalsEarned(play, level.analysis) },
  };
}

/** The first rectangle (row-major corners) that sums to 10 only because it spans removed cells. */
function rectOverRemoved(cells: Uint8Array): AppleRect | undefined {
  const at = (r: number, c: number) => cells[r * 17 + c]!;
  for (let t = 0; t < 10; t++)
    for (let l = 0; l < 17; l++)
      for (let b = t; b < 10; b++)
        for (let r = l; r < 17; r++) {
          let sum = 0;
          let removed = 0;
          for (let y = t; y <= b; y++) for (let x = l; x <= r; x++) at(y, x) === 0 ? removed++ : (sum += at(y, x));
          if (sum === 10 && removed > 0) return [t, l, b, r];
        }
  return undefined;
}

function appleCases(packs: readonly { name: string; levels: AppleLevel[] }[]): AppleConformanceCase[] {
  const cases: AppleConformanceCase[] = [];
  for (const { name, levels } of packs) {
    for (const level of sample(levels)) {
      cases.push(appleCase(name, level, "the level's stored solution (bestScore)", level.solution));
      cases.push(appleCase(name, level, 'the greedy play stored in the analysis (greedyScore)', level.analysis.greedyPlay));
    }
  }
  const first = packs[0]?.levels[0];
  if (first && first.solution[0]) {
    const move = first.solution[0];
    const play = startApplePlay(first.puzzle);
    takeRect(play, move);
    const over = rectOverRemoved(play.cells);
    const rects: AppleRect[] = [[0, 0, 9, 16], [2, 0, 1, 0], [0, 3, 0, 2], [0, 0, 10, 0], [0, 0, 0, 17], [-1, 0, 0, 0], move, move, ...(over ? [over] : [])];
    cases.push(
      appleCase(
        packs[0]!.name,
        first,
        'refused rectangles (whole board, upside down, off the board), then a move, the same move again (sum 0), a rectangle over removed cells',
        rects,
      ),
    );
  }
  return cases;
}

/** The conformance vectors of the bundled packs: one file per kind present, in ghost, slide, apple order. */
export function writeConformance(packs: readonly NamedPack[]): ConformanceFile[] {
  const by = {
    ghost: [] as { name: string; levels: GhostLevel[] }[],
    slide: [] as { name: string; levels: SlideLevel[] }[],
    apple: [] as { name: string; levels: AppleLevel[] }[],
  };
  for (const { name, pack } of packs) {
    const typed = levelsOf({ pack } as LoadedPack);
    if (typed.kind === 'ghost') by.ghost.push({ name, levels: typed.levels });
    else if (typed.kind === 'slide') by.slide.push({ name, levels: typed.levels });
    else by.apple.push({ name, levels: typed.levels });
  }
  const out: ConformanceFile[] = [];
  const header = { type: 'conformance', formatVersion: 1 } as const;
  if (by.ghost.length) out.push({ ...header, kind: 'ghost', cases: ghostCases(by.ghost) });
  if (by.slide.length) out.push({ ...header, kind: 'slide', cases: slideCases(by.slide) });
  if (by.apple.length) out.push({ ...header, kind: 'apple', cases: appleCases(by.apple) });
  return out;
}
