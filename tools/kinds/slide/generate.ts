// Slide generation by rejection sampling (docs/slide.md, generation): random terrain
// and blocks within the size's bands, respecting the start rules; a board is
// kept only when the depth-limited solver (depth limit = top of the minMoves
// band) finds it solved with minMoves in the band, and analyze() then proves
// it and builds its metric graph within budget.
import { type Rng, type AnalyzeContext, type PlanEntry, type SlotResult, at, entryKeys, noBandLine } from 'proofpack/kind';
import { compileBoard } from './board.ts';
import { explore } from './bfs.ts';
import { ARENA, analyzeSlideDetailed } from './analyze.ts';
import type { SlideAnalysis, SlideCalibration, SlideConfig, SlidePuzzle, SlideSolution } from './schema.ts';
import { SLIDE_KEYED_LISTS } from './config.ts';

export interface SlideSpec {
  size: number;
  walls: [number, number];
  colours: [number, number];
  blocksPerColour: [number, number];
  fixed: [number, number];
  minMoves: [number, number];
}

export function planSlide(config: SlideConfig): PlanEntry<SlideSpec>[] {
  const keys = entryKeys(config.plan, SLIDE_KEYED_LISTS.plan);
  return config.plan.map((entry, i) => {
    const band = config.bands.find((b) => b.size === entry.size);
    if (!band) throw new Error(noBandLine(at(keys, i), entry.size, config.bands.map(SLIDE_KEYED_LISTS.bands)));
    const minMoves = entry.minMoves ?? config.minMoves;
    if (minMoves[0] < config.minMoves[0] || minMoves[1] > config.minMoves[1] || minMoves[0] > minMoves[1]) {
      throw new Error(
        `plan › ${JSON.stringify(at(keys, i))} › minMoves: ${minMoves[0]}-${minMoves[1]} is not inside the config's minMoves ${config.minMoves[0]}-${config.minMoves[1]}; narrow the entry's, or widen the config's`,
      );
    }
    const spec: SlideSpec = {
      size: entry.size,
      walls: entry.walls ?? band.walls,
      colours: entry.colours ?? band.colours,
      blocksPerColour: entry.blocksPerColour ?? band.blocksPerColour,
      fixed: entry.fixed ?? band.fixed,
      minMoves,
    };
    const band2 = (name: string, r: [number, number] | undefined) => (r ? ` ${name} ${r[0] === r[1] ? r[0] : `${r[0]}-${r[1]}`}` : '');
    return {
      label: `${entry.size}x${entry.size} minMoves ${minMoves[0]}-${minMoves[1]}${band2('colours', entry.colours)}${band2('per colour', entry.blocksPerColour)}${band2('fixed', entry.fixed)}${band2('walls', entry.walls)}`,
      count: entry.count,
      spec,
    };
  });
}

const LETTERS = 'abcdefghijklmno';

/**
 * A random board of the spec's size: wall count, colour count, blocks per
 * colour and fixed-block count drawn uniformly from their bands, then walls and
 * blocks on uniformly random distinct cells and the fixed blocks a uniformly
 * random subset of the blocks. Null when the draw breaks a start rule (two
 * same-coloured blocks adjacent), does not fit, or has a colour whose blocks
 * are all fixed (it could never vanish): the try is spent.
 */
export function randomBoard(rng: Rng, spec: SlideSpec): SlidePuzzle | null {
  const n = spec.size;
  const cells = n * n;
  const walls = rng.int(spec.walls[0], spec.walls[1]);
  const colours = rng.int(spec.colours[0], spec.colours[1]);
  const colourOf: number[] = [];
  for (let c = 0; c < colours; c++) {
    const k = rng.int(spec.blocksPerColour[0], spec.blocksPerColour[1]);
    for (let j = 0; j < k; j++) colourOf.push(c);
  }
  const blocks = colourOf.length;
  const fixed = Math.min(rng.int(spec.fixed[0], spec.fixed[1]), blocks - 1);
  if (walls + blocks > cells) return null;
  const order = rng.sample(
    new Int16Array(cells).map((_, i) => i),
    cells,
    walls + blocks,
  );
  const pick = rng.sample(
    new Int16Array(blocks).map((_, i) => i),
    blocks,
    fixed,
  );
  const isFixed = new Uint8Array(blocks);
  for (let i = 0; i < fixed; i++) isFixed[at(pick, i)] = 1;
  const grid: string[] = new Array<string>(cells).fill('.');
  const colourAt = new Int8Array(cells).fill(-1);
  for (let i = 0; i < walls; i++) grid[at(order, i)] = '#';
  for (let i = 0; i < blocks; i++) {
    const cell = at(order, walls + i);
    const letter = at(LETTERS, at(colourOf, i));
    grid[cell] = isFixed[i] ? letter.toUpperCase() : letter;
    colourAt[cell] = at(colourOf, i);
  }
  for (let cell = 0; cell < cells; cell++) {
    const c = at(colourAt, cell);
    if (c < 0) continue;
    if (cell % n < n - 1 && colourAt[cell + 1] === c) return null;
    if (cell + n < cells && colourAt[cell + n] === c) return null;
  }
  const movable = new Uint8Array(colours);
  for (let i = 0; i < blocks; i++) if (!isFixed[i]) movable[at(colourOf, i)] = 1;
  if (movable.includes(0)) return null;
  const board: string[] = [];
  for (let r = 0; r < n; r++) board.push(grid.slice(r * n, r * n + n).join(''));
  return { board };
}

export function generateSlideSlot(
  config: SlideConfig,
  spec: SlideSpec,
  rng: Rng,
  ctx: AnalyzeContext<SlideConfig, SlideCalibration>,
): SlotResult<SlidePuzzle, SlideSolution, SlideAnalysis> {
  const [lo, hi] = spec.minMoves;
  let disagreements = 0;
  for (let tries = 1; tries <= config.triesPerBoard; tries++) {
    const puzzle = randomBoard(rng, spec);
    if (!puzzle) continue;
    const b = compileBoard(puzzle);
    const quick = explore(b, { nodeLimit: config.nodeLimit, depthLimit: hi }, ARENA);
    if (quick.status !== 'solved' || quick.minMoves < lo) continue;
    const { outcome } = analyzeSlideDetailed(puzzle, ctx.config, config.maxStates);
    if (outcome.status !== 'proven') continue;
    if (outcome.analysis.minMoves !== quick.minMoves || outcome.analysis.solutionCount !== quick.solutionCount) {
      disagreements++; // the pruned and the full search disagree: a bug to report
      continue;
    }
    return { found: { puzzle, solution: outcome.solution, analysis: outcome.analysis }, tries, disagreements };
  }
  return { found: null, tries: config.triesPerBoard, disagreements };
}
