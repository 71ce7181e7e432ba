// The hint path of a ghost board: the ordered deduction steps of the layered
// solve, so a client can show "next hint". Each step names its layer, the
// constraint(s) it used (L1 one, L2 a pair, L3 where the refuted assumption's
// contradiction showed), and the cells it decided. Steps follow the solve's
// rounds; inside a round, the order in which the layer makes its deductions.
// A cell is listed once, at the first step that decides it, and steps that
// decide nothing new are left out, so the steps decide every plain cell
// exactly once. Levels store the path in the compact form below
// (encodeHints / decodeHints). No Node-only imports.
import type { Board } from './board.ts';
import { WORDS } from './board.ts';
import type { Round } from './solver.ts';
import { constraintName, type ConstraintName } from './score-rule.ts';
import { ByteReader, ByteWriter, fromBase64, toBase64, at } from 'proofpack/face';

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
    const cell = at(b.plainCell, p);
    return [Math.floor(cell / b.n), cell % b.n];
  };
  const fresh = (mask: Uint32Array): Cell[] => {
    const out: Cell[] = [];
    for (let w = 0; w < WORDS; w++) {
      let m = at(mask, w) & ~at(decided, w);
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
      for (let w = 0; w < WORDS; w++) decided[w] = at(decided, w) | (at(d.ghosts, w) | at(d.empties, w));
      const step: HintStep = { layer: d.layer, constraints: d.constraints.map((k) => constraintName(at(b.types, k), at(b.refs, k), b.n)), ghosts, empties };
      if (d.assume >= 0) {
        const [r, c] = cellOf(d.assume);
        step.assume = [r, c, d.assumeGhost ? 'G' : '.'];
      }
      steps.push(step);
    }
  }
  return steps;
}

// ---------------------------------------------------------------------------
// The stored form: a hint path in a few bytes, base64 in the JSON. Format
// version 1: byte 1, then per step
//   header byte   (layer − 1) | constraints << 2 | min(cells, 7) << 5
//   when cells ≥ 7: varint cells − 7
//   one byte per constraint: row r → r, column c → 9 + c, clue at (r, c) → 18 + r·n + c
//   one byte per decided cell, r·n + c, ascending
// Which decided cells hold a ghost is the level's solution (every deduction is
// sound), so it is not stored again; nor is a layer-3 step's assumption: it is
// always the step's single decided cell with the value the solution refutes.
// The steps end with the bytes.

export const HINTS_VERSION = 1;
const LINE_CODES = 9;

function constraintCode(ref: ConstraintName, n: number): number {
  if (ref[0] === 'row') return ref[1];
  if (ref[0] === 'col') return LINE_CODES + ref[1];
  return 2 * LINE_CODES + ref[1] * n + ref[2];
}

/** The stored form of a hint path of a board of size n whose solution is `solution`. */
export function encodeHints(steps: readonly HintStep[], n: number, solution: readonly string[]): string {
  const out = new ByteWriter().byte(HINTS_VERSION);
  for (const s of steps) {
    const cells = [...s.ghosts, ...s.empties].map(([r, c]) => r * n + c).sort((a, b) => a - b);
    if (s.constraints.length > 7 || cells.length === 0 || s.layer < 1 || s.layer > 3) throw new Error('hints: a step the format cannot hold (bug)');
    if (s.ghosts.some(([r, c]) => at(solution, r)[c] !== 'G') || s.empties.some(([r, c]) => at(solution, r)[c] === 'G'))
      throw new Error('hints: a step disagrees with the solution (bug)');
    if (s.layer === 3) {
      const [r, c, v] = s.assume ?? [-1, -1, '.'];
      if (cells.length !== 1 || cells[0] !== r * n + c || (at(solution, r)[c] === 'G') === (v === 'G'))
        throw new Error('hints: a layer-3 step not of the stored shape (bug)');
    } else if (s.assume) throw new Error('hints: an assumption outside layer 3 (bug)');
    out.byte((s.layer - 1) | (s.constraints.length << 2) | (Math.min(cells.length, 7) << 5));
    if (cells.length >= 7) out.varint(cells.length - 7);
    for (const ref of s.constraints) out.byte(constraintCode(ref, n));
    for (const cell of cells) out.byte(cell);
  }
  return toBase64(out.bytes());
}

/** The hint steps of a stored hint path; throws naming `what` when malformed. */
export function decodeHints(text: string, n: number, solution: readonly string[], what = 'hints'): HintStep[] {
  const r = new ByteReader(fromBase64(text, what), what);
  const version = r.byte();
  if (version !== HINTS_VERSION) throw new Error(`${what}: format version ${version}, this client reads ${HINTS_VERSION}`);
  const steps: HintStep[] = [];
  while (!r.done) {
    const h = r.byte();
    const layer = (h & 3) + 1;
    if (layer > 3) throw new Error(`${what}: step ${steps.length}: layer 4`);
    const nc = (h >>> 2) & 7;
    let cells = h >>> 5;
    if (cells === 7) cells += r.varint();
    if (cells === 0) throw new Error(`${what}: step ${steps.length} decides no cell`);
    const constraints: ConstraintName[] = [];
    for (let i = 0; i < nc; i++) {
      const code = r.byte();
      if (code < LINE_CODES) constraints.push(['row', code]);
      else if (code < 2 * LINE_CODES) constraints.push(['col', code - LINE_CODES]);
      else if (code - 2 * LINE_CODES < n * n) constraints.push(['clue', Math.floor((code - 2 * LINE_CODES) / n), (code - 2 * LINE_CODES) % n]);
      else throw new Error(`${what}: step ${steps.length}: constraint code ${code} out of range`);
    }
    const ghosts: Cell[] = [];
    const empties: Cell[] = [];
    let last = -1;
    for (let i = 0; i < cells; i++) {
      const cell = r.byte();
      if (cell >= n * n || cell <= last) throw new Error(`${what}: step ${steps.length}: cell ${cell} out of range or order`);
      last = cell;
      const rc: Cell = [Math.floor(cell / n), cell % n];
      (solution[rc[0]]?.[rc[1]] === 'G' ? ghosts : empties).push(rc);
    }
    const step: HintStep = { layer, constraints, ghosts, empties };
    if (layer === 3) {
      if (cells !== 1) throw new Error(`${what}: step ${steps.length}: a layer-3 step decides one cell`);
      const [rr, cc] = at([...ghosts, ...empties], 0);
      step.assume = [rr, cc, ghosts.length ? '.' : 'G'];
    }
    steps.push(step);
  }
  return steps;
}
