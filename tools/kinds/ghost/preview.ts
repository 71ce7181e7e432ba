// How a ghost level looks on the preview page: the grid with its clues and
// line counts, and its solution as the stored hint path (the deduction steps
// of the layered solve, which validate recomputes; decoded here), each step outlining the
// constraint(s) it used. Nothing is re-derived in the browser.
import type { Level, Preview, PreviewStep } from 'proofpack/kind';
import type { GhostAnalysis, GhostPuzzle, GhostSolution } from './schema.ts';
import type { ConstraintName } from './score-rule.ts';
import { decodeHints } from './hints.ts';

export const GHOST_PALETTE = ['#ffffff', '#d9dde3', '#7e57c2', '#eef3f8'] as const;
const PLAIN = 0;
const CLUE = 1;
const GHOST = 2;
const EMPTY = 3;
const LAYER_NAMES = ['', 'L1', 'L2 (pair)', 'L3 (contradiction)'];

type Ref = ConstraintName;

function describe(ref: Ref): string {
  return ref[0] === 'clue' ? `clue (${ref[1]},${ref[2]})` : `${ref[0]} ${ref[1]}`;
}

/** The rectangle a constraint covers: its line, or the clue's neighbourhood. */
function area(ref: Ref, n: number): [number, number, number, number] {
  if (ref[0] === 'row') return [ref[1], 0, ref[1], n - 1];
  if (ref[0] === 'col') return [0, ref[1], n - 1, ref[1]];
  const [, r, c] = ref;
  return [Math.max(0, r - 1), Math.max(0, c - 1), Math.min(n - 1, r + 1), Math.min(n - 1, c + 1)];
}

export function ghostPreview(level: Level<GhostPuzzle, GhostSolution, GhostAnalysis>): Preview {
  const p = level.puzzle;
  const n = p.size;
  const fill: number[] = [];
  const text: string[] = [];
  for (const row of p.grid) {
    for (const ch of row) {
      fill.push(ch === '.' ? PLAIN : CLUE);
      text.push(ch === '.' ? '' : ch);
    }
  }
  let hints: ReturnType<typeof decodeHints>;
  let unreadable: string | null = null;
  try {
    hints = decodeHints(level.analysis.hints, n, level.solution);
  } catch (e) {
    // a level whose stored hints do not decode still gets a page (validate names the problem)
    hints = [];
    unreadable = (e as Error).message;
  }
  const steps: PreviewStep[] = hints.map((h, i) => {
    const set: [number, number, string][] = [
      ...h.ghosts.map(([r, c]): [number, number, string] => [r * n + c, GHOST, 'G']),
      ...h.empties.map(([r, c]): [number, number, string] => [r * n + c, EMPTY, '×']),
    ];
    const what = [
      h.ghosts.length ? `${h.ghosts.length} ${h.ghosts.length === 1 ? 'ghost' : 'ghosts'}` : '',
      h.empties.length ? `${h.empties.length} empty` : '',
    ]
      .filter(Boolean)
      .join(', ');
    const assume = h.assume ? `assuming (${h.assume[0]},${h.assume[1]}) ${h.assume[2] === 'G' ? 'holds a ghost' : 'is empty'} breaks ` : '';
    return {
      caption: `step ${i + 1}: ${LAYER_NAMES[h.layer]}: ${assume}${h.constraints.map(describe).join(' + ')} → ${what}`,
      set,
      marks: h.constraints.map((ref) => area(ref, n)),
    };
  });
  const a = level.analysis;
  return {
    picture: { rows: n, cols: n, fill, text, colLabels: p.cols.map(String), rowLabels: p.rows.map(String) },
    steps,
    metrics: [
      ['size', `${n}×${n}`],
      ['ghosts', a.ghosts],
      ['logicDepth', a.logicDepth],
      ['rounds L1/L2/L3', `${a.direct}/${a.pair}/${a.contradiction}`],
      ['max / min score', a.maxScore === 'unknown' ? 'unknown' : `${a.maxScore} / ${a.minScore}`],
      ...(unreadable === null ? [] : [['hints', `unreadable (${unreadable})`] as [string, string]]),
    ],
  };
}
