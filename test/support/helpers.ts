// Test helpers: run the CLI as a user would, temp dirs, and a brute-force
// ghost enumerator used as an independent oracle, and a folder's exact contents (tests only).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { KINDS } from '../../tools/kinds/index.ts';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GhostPuzzle } from '../../tools/kinds/ghost/schema.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = path.join(ROOT, 'bin', 'proofpack.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], cwd = ROOT): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, CI: '1', NO_COLOR: '1' } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/**
 * A kind's default config made cheap for tests that do not test the expensive
 * parts (ghost: exact score assets only up to 16 ghosts; the committed standard
 * set is checked in full by test/pipeline/levels-*.test.ts).
 */
export function quickConfig(kind: string): unknown {
  const found = KINDS.find((k) => k.name === kind);
  if (!found) throw new Error(`no kind ${kind}`);
  const config = structuredClone(found.defaults.config) as Record<string, unknown>;
  if (kind === 'ghost') config['scoreGhostLimit'] = 16;
  return config;
}

/** quickConfig written to a file, for --config. */
export function quickConfigFile(kind: string, dir = tempDir()): string {
  const file = path.join(dir, `${kind}.quick.config.json`);
  writeFileSync(file, JSON.stringify(quickConfig(kind)));
  return file;
}

export function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'proofpack-test-'));
}

/** Every ghost placement consistent with all numbers of the puzzle (brute force over plain cells). */
export function allSolutions(p: GhostPuzzle, limit = 2): string[][] {
  const n = p.size;
  const plain: number[] = [];
  for (let i = 0; i < n * n; i++) if (p.grid[Math.floor(i / n)]![i % n] === '.') plain.push(i);
  const total = p.rows.reduce((a, b) => a + b, 0);
  const found: string[][] = [];
  const ghost = new Uint8Array(n * n);
  const check = () => {
    for (let r = 0; r < n; r++) {
      let k = 0;
      for (let c = 0; c < n; c++) k += ghost[r * n + c]!;
      if (k !== p.rows[r]) return false;
    }
    for (let c = 0; c < n; c++) {
      let k = 0;
      for (let r = 0; r < n; r++) k += ghost[r * n + c]!;
      if (k !== p.cols[c]) return false;
    }
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const ch = p.grid[r]![c]!;
        if (ch === '.') continue;
        let k = 0;
        for (let dr = -1; dr <= 1; dr++)
          for (let dc = -1; dc <= 1; dc++) {
            const rr = r + dr,
              cc = c + dc;
            if ((dr || dc) && rr >= 0 && rr < n && cc >= 0 && cc < n) k += ghost[rr * n + cc]!;
          }
        if (k !== Number(ch)) return false;
      }
    }
    return true;
  };
  const rec = (i: number, left: number) => {
    if (found.length >= limit) return;
    if (left === 0) {
      if (check()) found.push(Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => (ghost[r * n + c] ? 'G' : '.')).join('')));
      return;
    }
    if (plain.length - i < left) return;
    ghost[plain[i]!] = 1;
    rec(i + 1, left - 1);
    ghost[plain[i]!] = 0;
    rec(i + 1, left);
  };
  rec(0, total);
  return found;
}

/**
 * The score rule of SPEC §1 written straight from its text, as an oracle for
 * tests (independent of tools/kinds/ghost/score-rule.ts and the DP in tools/kinds/ghost/score/). Ghosts are numbered in
 * row-major order; a state is a bit mask of caught ghosts.
 */
export function scoreOracle(p: GhostPuzzle, solution: readonly string[]) {
  const n = p.size;
  const plain = (cell: number) => p.grid[Math.floor(cell / n)]![cell % n] === '.';
  const isGhost = (cell: number) => solution[Math.floor(cell / n)]![cell % n] === 'G';
  const ghostCells: number[] = [];
  for (let cell = 0; cell < n * n; cell++) if (isGhost(cell)) ghostCells.push(cell);
  // every row, column and clue cell: its plain cells
  const constraints: number[][] = [];
  for (let r = 0; r < n; r++) constraints.push(Array.from({ length: n }, (_, c) => r * n + c).filter(plain));
  for (let c = 0; c < n; c++) constraints.push(Array.from({ length: n }, (_, r) => r * n + c).filter(plain));
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (plain(r * n + c)) continue;
      const cells: number[] = [];
      for (let dr = -1; dr <= 1; dr++)
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr,
            cc = c + dc;
          if ((dr || dc) && rr >= 0 && rr < n && cc >= 0 && cc < n && plain(rr * n + cc)) cells.push(rr * n + cc);
        }
      constraints.push(cells);
    }
  }
  const ghostIndex = new Map(ghostCells.map((cell, g) => [cell, g]));
  const ghostMaskOf = constraints.map((cells) => cells.filter(isGhost).reduce((m, cell) => m | (1 << ghostIndex.get(cell)!), 0));
  const isComplete = (k: number, caught: number) => (ghostMaskOf[k]! & caught) === ghostMaskOf[k]!;
  /** Open cells in state `caught`: the empty cells of every complete constraint (target-0 ones from the start). */
  const openCells = (caught: number) => {
    const open = new Set<number>();
    constraints.forEach((cells, k) => {
      if (isComplete(k, caught)) for (const cell of cells) if (!isGhost(cell)) open.add(cell);
    });
    return open;
  };
  /** Points for catching ghost g when `caught` are caught: 100 + 50 × opened × completed. */
  const gain = (caught: number, g: number) => {
    const after = caught | (1 << g);
    const completed = constraints.map((_, k) => k).filter((k) => (ghostMaskOf[k]! >> g) & 1 && isComplete(k, after));
    const before = openCells(caught);
    const opened = new Set<number>();
    for (const k of completed) for (const cell of constraints[k]!) if (!isGhost(cell) && !before.has(cell)) opened.add(cell);
    return 100 + 50 * opened.size * completed.length;
  };
  const playScore = (order: readonly number[]) => {
    let caught = 0;
    let total = 0;
    for (const g of order) {
      total += gain(caught, g);
      caught |= 1 << g;
    }
    return total;
  };
  /** Constraints holding a ghost that are complete in state `caught`. */
  const completed = (caught: number) => ghostMaskOf.filter((m, k) => m !== 0 && isComplete(k, caught)).length;
  return { G: ghostCells.length, ghostCells, gain, playScore, openCells, completed };
}

/**
 * Brute force over all G! catching orders (G ≤ 8): best and worst total, and
 * for each the states (caught masks) on an optimal order and the (state, next
 * ghost) steps those orders take.
 */
export function bruteForceScores(p: GhostPuzzle, solution: readonly string[]) {
  const o = scoreOracle(p, solution);
  const G = o.G;
  const totals: { order: number[]; total: number }[] = [];
  const rec = (order: number[], caught: number, total: number) => {
    if (order.length === G) {
      totals.push({ order: [...order], total });
      return;
    }
    for (let g = 0; g < G; g++) {
      if ((caught >> g) & 1) continue;
      order.push(g);
      rec(order, caught | (1 << g), total + o.gain(caught, g));
      order.pop();
    }
  };
  rec([], 0, 0);
  const best = Math.max(...totals.map((t) => t.total));
  const worst = Math.min(...totals.map((t) => t.total));
  const onOptimal = (value: number) => {
    const states = new Set<number>();
    const steps = new Set<string>();
    for (const t of totals) {
      if (t.total !== value) continue;
      let caught = 0;
      states.add(0);
      for (const g of t.order) {
        steps.add(`${caught}:${g}`);
        caught |= 1 << g;
        states.add(caught);
      }
    }
    return { states, steps };
  };
  const max = onOptimal(best);
  const min = onOptimal(worst);
  // free: for every state on an optimal (max) order without g, some optimal order goes on with g
  const free: number[] = [];
  for (let g = 0; g < G; g++) {
    if ([...max.states].every((s) => (s >> g) & 1 || max.steps.has(`${s}:${g}`))) free.push(g);
  }
  return { oracle: o, best, worst, max, min, free, orders: totals.length };
}

/** A pattern matching strings that start with `prefix` (for expect.stringMatching). */
export function startsWith(prefix: string): RegExp {
  return new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/**
 * Where two texts first differ, as `line N, column C: expected … / found …`
 * with some context (null when equal): a readable failure for byte-identity
 * checks of large files, including one-line JSON packs.
 */
export function firstDifference(found: string, expected: string): string | null {
  if (found === expected) return null;
  const a = found.split('\n');
  const b = expected.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const x = a[i] ?? '';
  const y = b[i] ?? '';
  let c = 0;
  while (c < x.length && c < y.length && x[c] === y[c]) c++;
  const around = (s: string | undefined) => (s === undefined ? '(end of text)' : JSON.stringify(s.slice(Math.max(0, c - 60), c + 60)));
  return `line ${i + 1}, column ${c + 1}: expected ${around(b[i])} / found ${around(a[i])}`;
}

/** Every file under `dir`, by its path relative to `dir` (`/`-separated), with its bytes as base64: a folder's exact contents, for byte-for-byte comparisons. */
export function filesUnder(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(dir, f);
    if (statSync(file).isFile()) out[f.split(path.sep).join('/')] = readFileSync(file, 'base64');
  }
  return out;
} /** The strict compiler settings a game's TypeScript is checked with in the tests (its Node types from this checkout's node_modules). */
export const GAME_STRICT_TS = {
  target: 'ES2022',
  module: 'nodenext',
  moduleResolution: 'nodenext',
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  types: ['node'],
  typeRoots: [path.join(ROOT, 'node_modules', '@types')],
};
