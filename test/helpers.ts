// Test helpers: run the CLI as a user would, temp dirs, and a brute-force
// ghost enumerator used as an independent oracle (tests only).
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GhostPuzzle } from '../tools/kinds/ghost/schema.ts';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
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
            const rr = r + dr, cc = c + dc;
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
