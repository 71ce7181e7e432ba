// The solver and grader. Line logic (line.ts) in rounds: a round solves every
// line the previous round changed, each against the grid as the round found it,
// and applies what they force together. When line logic stalls, a probing
// phase tries both values of every unknown cell against that grid; a value
// that leads line logic to a contradiction is impossible, so the cell takes
// the other (each such cell counts as a probe), all at once, and line logic
// goes on. Every step is forced, so a grid it completes is the only solution
// (uniqueness proven); a contradiction on the board itself proves there is
// none; a stall means the puzzle needs guessing. Rounds and phases treat all
// lines and cells alike, so the grade is the same for a turned or mirrored
// puzzle. Work (line cells × runs, summed) is bounded by the config.
import type { Clues } from './board.ts';
import { solveLine } from './line.ts';

/** What solving found: the grid (1 filled, 2 empty) when solved, the rounds and probes it took, and its work. */
export type Solved =
  | { status: 'solved'; grid: Uint8Array; rounds: number; probes: number; work: number }
  | { status: 'no solution' | 'needs guessing' | 'over budget'; work: number };

type State = 'ok' | 'contradiction' | 'over';

class Solver {
  work = 0;
  readonly h: number;
  readonly w: number;
  constructor(
    readonly clues: Clues,
    readonly limit: number,
  ) {
    this.h = clues.rows.length;
    this.w = clues.cols.length;
  }

  /** Line logic from the `first` lines (rows 0..h-1, then columns h..h+w-1) to a fixpoint on `grid`, in place. */
  propagate(grid: Uint8Array, first: Iterable<number>): { state: State; rounds: number } {
    const { h, w } = this;
    let dirty = new Set(first);
    let rounds = 0;
    while (dirty.size > 0) {
      rounds++;
      const forced = new Map<number, number>();
      let contradiction = false;
      for (const k of dirty) {
        const row = k < h;
        const i = row ? k : k - h;
        const cellAt = (x: number) => (row ? i * w + x : x * w + i);
        const cells = Uint8Array.from({ length: row ? w : h }, (_, x) => grid[cellAt(x)] ?? 0);
        const { line, work } = solveLine((row ? this.clues.rows[i] : this.clues.cols[i]) ?? [], cells);
        this.work += work;
        if (!line) contradiction = true;
        else
          line.forEach((v, x) => {
            if (v === cells[x]) return;
            if ((forced.get(cellAt(x)) ?? v) !== v) contradiction = true;
            forced.set(cellAt(x), v);
          });
      }
      if (this.work > this.limit) return { state: 'over', rounds };
      if (contradiction) return { state: 'contradiction', rounds };
      dirty = new Set();
      for (const [c, v] of forced) {
        grid[c] = v;
        dirty.add(Math.floor(c / w));
        dirty.add(h + (c % w));
      }
    }
    return { state: 'ok', rounds };
  }

  solve(): Solved {
    const { h, w } = this;
    const grid = new Uint8Array(h * w);
    const stop = (state: State): Solved => ({ status: state === 'over' ? 'over budget' : 'no solution', work: this.work });
    let next = this.propagate(
      grid,
      Array.from({ length: h + w }, (_, k) => k),
    );
    let rounds = next.rounds;
    let probes = 0;
    while (next.state === 'ok' && grid.includes(0)) {
      const decided = new Map<number, number>();
      for (let c = 0; c < h * w; c++) {
        if (grid[c] !== 0) continue;
        for (const guess of [1, 2]) {
          const trial = grid.slice();
          trial[c] = guess;
          const t = this.propagate(trial, [Math.floor(c / w), h + (c % w)]);
          if (t.state === 'over') return stop('over');
          if (t.state === 'contradiction') decided.set(c, decided.has(c) ? -1 : 3 - guess);
        }
      }
      if (decided.size === 0) return { status: 'needs guessing', work: this.work };
      if ([...decided.values()].includes(-1)) return stop('contradiction');
      for (const [c, v] of decided) grid[c] = v;
      probes += decided.size;
      next = this.propagate(
        grid,
        [...decided.keys()].flatMap((c) => [Math.floor(c / w), h + (c % w)]),
      );
      rounds += next.rounds;
    }
    if (next.state !== 'ok') return stop(next.state);
    return { status: 'solved', grid, rounds, probes, work: this.work };
  }
}

/** Solve the puzzle with at most `limit` work. */
export const solve = (clues: Clues, limit: number): Solved => new Solver(clues, limit).solve();
