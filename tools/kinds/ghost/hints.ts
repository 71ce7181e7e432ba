// The hint path of a ghost board: the ordered deduction steps of the layered
// solve, so a client can show "next hint". Each step names its layer, the
// constraint(s) it used (L1 one, L2 a pair, L3 where the refuted assumption's
// contradiction showed), and the cells it decided. Steps follow the solve's
// rounds; inside a round, the order in which the layer makes its deductions.
// A cell is listed once, at the first step that decides it, and steps that
// decide nothing new are left out, so the steps decide every plain cell
// exactly once. No Node-only imports.
import type { Board } from './board.ts';
import { WORDS } from './board.ts';
import type { Round } from './solver.ts';
import { constraintName, type ConstraintName } from './score-model.ts';

export type Cell = [number, number];

export interface HintStep {
  layer: number;
  constraints: ConstraintName[];
  ghosts: Cell[];
  empties: Cell[];
  /** L3 only: the refuted assumption, [row, col, 'G' | '.']. */
  assume?: [number, number, 'G' | '.'];
}

/** Hint steps from the rounds of a solve run with `explain`. */
export function hintPath(b: Board, rounds: readonly Round[]): HintStep[] {
  const decided = new Uint32Array(WORDS);
  const steps: HintStep[] = [];
  const cellOf = (p: number): Cell => {
    const cell = b.plainCell[p]!;
    return [Math.floor(cell / b.n), cell % b.n];
  };
  const fresh = (mask: Uint32Array): Cell[] => {
    const out: Cell[] = [];
    for (let w = 0; w < WORDS; w++) {
      let m = mask[w]! & ~decided[w]!;
      while (m) {
        const bit = m & -m;
        m ^= bit;
        out.push(cellOf(w * 32 + 31 - Math.clz32(bit)));
      }
    }
    return out;
  };
  for (const round of rounds) {
    for (const d of round.deductions ?? []) {
      const ghosts = fresh(d.ghosts);
      const empties = fresh(d.empties);
      if (ghosts.length + empties.length === 0) continue;
      for (let w = 0; w < WORDS; w++) decided[w]! |= d.ghosts[w]! | d.empties[w]!;
      const step: HintStep = { layer: d.layer, constraints: d.constraints.map((k) => constraintName(b.types[k]!, b.refs[k]!, b.n)), ghosts, empties };
      if (d.assume >= 0) {
        const [r, c] = cellOf(d.assume);
        step.assume = [r, c, d.assumeGhost ? 'G' : '.'];
      }
      steps.push(step);
    }
  }
  return steps;
}
