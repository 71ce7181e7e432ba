// Apple generation (docs/apple.md): the original game's rejection sampling. All 170
// digits are drawn uniformly and independently from 1..9 with the slot's RNG
// (rng.int(1, 9), row-major); a board whose sum is not a multiple of 10 is
// thrown away whole and drawn again. There is no target test: every accepted
// board is a level, so a set keeps the model's spread of difficulty.
import { type Rng, type AnalyzeContext, type PlanEntry, type SlotResult, at } from 'proofpack/kind';
import { formatBoard } from './board.ts';
import { CELLS } from './bounds.ts';
import type { AppleAnalysis, AppleCalibration, AppleConfig, ApplePuzzle, AppleSolution } from './schema.ts';
import { analyzeApple } from './analyze.ts';

/** Generation needs no per-entry parameters: every slot draws from the same model. */
export type AppleSpec = Record<string, never>;

export function planApple(config: AppleConfig): PlanEntry<AppleSpec>[] {
  return [{ label: '10x17 uniform digits, sum a multiple of 10', count: config.boards, spec: {} }];
}

/** One whole-board draw: 170 digits, each rng.int(1, 9), row-major. */
function drawDigits(rng: Rng, out: Uint8Array = new Uint8Array(CELLS)): Uint8Array {
  for (let i = 0; i < CELLS; i++) out[i] = rng.int(1, 9);
  return out;
}

/** Draws whole boards until the sum is a multiple of 10, at most maxDraws times. */
export function drawBoard(rng: Rng, maxDraws: number): { board: Uint8Array | null; draws: number } {
  const board = new Uint8Array(CELLS);
  for (let draws = 1; draws <= maxDraws; draws++) {
    drawDigits(rng, board);
    let sum = 0;
    for (let i = 0; i < CELLS; i++) sum += at(board, i);
    if (sum % 10 === 0) return { board, draws };
  }
  return { board: null, draws: maxDraws };
}

export function generateAppleSlot(
  config: AppleConfig,
  _spec: AppleSpec,
  rng: Rng,
  ctx: AnalyzeContext<AppleConfig, AppleCalibration>,
): SlotResult<ApplePuzzle, AppleSolution, AppleAnalysis> {
  const { board, draws } = drawBoard(rng, config.triesPerBoard);
  if (!board) return { found: null, tries: draws, disagreements: 0 };
  const puzzle: ApplePuzzle = { board: formatBoard(board) };
  const outcome = analyzeApple(puzzle, ctx);
  // every board whose sum is a multiple of 10 is analysable: anything else is a solver bug
  if (outcome.status !== 'proven') return { found: null, tries: draws, disagreements: 1 };
  return { found: { puzzle, solution: outcome.solution, analysis: outcome.analysis }, tries: draws, disagreements: 0 };
}
