// The players' fit at the scale a game's logs reach (issue 48): a synthetic
// log of 1,000,000 attempts (50,000 players, 20 levels each, over 2,000
// levels; lib/players/simulate.ts) written once, then read and fitted as
// calibrate does in a process of its own (players-fit-run.ts): seconds
// (target 30 on this 2-core machine), attempts per second, the fit's rounds
// and the peak resident memory (target 1 GiB). Sizes: BENCH_PLAYERS_ATTEMPTS
// scales the log (default 1000000).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Figure } from '../lib/bench.ts';
import { stableJson } from '../lib/json.ts';
import { simulateAttempts, trueDifficulties } from '../lib/players/simulate.ts';
import { PROJECT_ROOT } from '../lib/paths.ts';

const LEVELS = 2000;
const PER_PLAYER = 20;

let logFile: string | undefined;

/** The synthetic log, written on the first run of the suite. */
function syntheticLog(attempts: number): string {
  if (logFile) return logFile;
  const levels = Array.from({ length: LEVELS }, (_, i) => ({ id: `bench-${i.toString(16).padStart(12, '0')}`, score: i }));
  const settings = { players: Math.ceil(attempts / PER_PLAYER), attemptsPerPlayer: PER_PLAYER, seed: 1 };
  const lines = simulateAttempts(levels, trueDifficulties(levels, settings), settings).map((a) => `${stableJson(a)}\n`);
  logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'proofpack-bench-players-')), 'bench.jsonl');
  fs.writeFileSync(logFile, lines.join(''));
  return logFile;
}

export function playersFigures(): Figure[] {
  const attempts = Number(process.env['BENCH_PLAYERS_ATTEMPTS'] ?? 1_000_000);
  const log = syntheticLog(attempts);
  const script = fileURLToPath(new URL('build/tools/bench/players-fit-run.js', PROJECT_ROOT));
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [script, log, String(LEVELS)], { encoding: 'utf8' });
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`players bench: exited ${r.status}: ${r.stderr.trim()}`);
  const m = JSON.parse(r.stdout) as { attempts: number; readSeconds: number; fitSeconds: number; iterations: number; maxRssMib: number };
  const label = `${(m.attempts / 1e6).toFixed(1)} M attempts, ${LEVELS} levels, ${Math.ceil(attempts / PER_PLAYER)} players`;
  return [
    {
      kind: 'players',
      name: `calibrate read + fit, ${label} (process wall time)`,
      value: wall,
      unit: 's',
      lowerIsBetter: true,
      ...(attempts === 1_000_000 ? { target: 30 } : {}),
    },
    { kind: 'players', name: 'reading the log (parse, check, digest)', value: m.readSeconds, unit: 's', lowerIsBetter: true },
    { kind: 'players', name: 'the fit (Rasch MAP, alternating Newton)', value: m.fitSeconds, unit: 's', lowerIsBetter: true },
    { kind: 'players', name: 'attempts per second, read + fit', value: m.attempts / (m.readSeconds + m.fitSeconds), unit: 'attempts/s' },
    { kind: 'players', name: "the fit's rounds", value: m.iterations, unit: 'rounds' },
    { kind: 'players', name: 'peak resident memory of the process', value: m.maxRssMib, unit: 'MiB', lowerIsBetter: true, target: 1024 },
  ];
}
