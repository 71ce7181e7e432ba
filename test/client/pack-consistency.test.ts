// loadPack checks what the stored values say against the kind's rules (issue
// 43, "the client trusts values of the right shape"): a pack whose bytes match
// its manifest can still carry values of the right shape that play would
// reward wrongly (slide stars 200 earned by the stored solution, apple
// bestScore 0, ghost maxScore 0 or min > max). Each case below bends one
// shipped level and serves it with a manifest entry of its own bytes; each
// loaded before, each is now a PackError naming the level and field.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadPack, loadVerifiedPack, PackError, sha256Hex, type ManifestEntry } from '../../tools/client/index.ts';
import { ROOT } from '../support/helpers.ts';

const packText = (file: string) => fs.readFileSync(path.join(ROOT, 'dist', file), 'utf8');
type Bend = (level: Record<string, any>) => void;

/** The shipped pack `file` with the first level that `pick` accepts bent by `bend`, and that level's id. */
function bent(file: string, bend: Bend, pick: (l: Record<string, any>) => boolean = () => true): { text: string; id: string } {
  const pack = JSON.parse(packText(file));
  const level = pack.levels.find(pick);
  if (!level) throw new Error(`${file}: no level to bend`);
  bend(level);
  return { text: JSON.stringify(pack), id: level.id };
}

const known = (l: Record<string, any>) => typeof l.analysis.maxScore === 'number' && l.analysis.maxScore > l.analysis.minScore;

const CASES: [what: string, file: string, bend: Bend, field: RegExp, pick?: (l: Record<string, any>) => boolean][] = [
  // slide
  ['slide stars 200/250/256', 'slide-free.json', (l) => (l.analysis.stars = { three: 200, two: 250, one: 256 }), /analysis\.stars/],
  ['slide stars.three one above minMoves', 'slide-free.json', (l) => (l.analysis.stars.three += 1), /analysis\.stars/],
  ['slide stars.one below stars.two', 'slide-free.json', (l) => (l.analysis.stars.one = 1), /analysis\.stars/],
  [
    'slide board with no movable block (3 stars at 0 flicks)',
    'slide-free.json',
    (l) => {
      l.puzzle.board = l.puzzle.board.map((r: string) => r.replace(/[a-o]/g, '.'));
      l.solution = [];
    },
    /puzzle\.board|solution/,
  ],
  ['slide board of fixed blocks only', 'slide-free.json', (l) => (l.puzzle.board = l.puzzle.board.map((r: string) => r.toUpperCase())), /puzzle\.board/],
  ['slide minMoves one more than the solution', 'slide-free.json', (l) => (l.analysis.minMoves += 1), /solution|analysis/],
  ['slide solution missing its last flick', 'slide-free.json', (l) => l.solution.pop(), /solution/],
  ['slide a colour that appears once', 'slide-free.json', (l) => (l.puzzle.board[1] = `o${l.puzzle.board[1].slice(1)}`), /puzzle\.board/],
  // apple
  ['apple bestScore 0 (both medals with no move)', 'apple-gentle.json', (l) => (l.analysis.bestScore = 0), /solution|analysis/],
  [
    'apple bestScore 0 and no solution',
    'apple-gentle.json',
    (l) => {
      l.analysis.bestScore = 0;
      l.solution = [];
    },
    /analysis/,
  ],
  [
    'apple bestScore and greedyScore 0, no plays',
    'apple-gentle.json',
    (l) => {
      l.analysis.bestScore = 0;
      l.analysis.greedyScore = 0;
      l.solution = [];
      l.analysis.greedyPlay = [];
    },
    /analysis\.greedyPlay/,
  ],
  ['apple greedyScore one more', 'apple-gentle.json', (l) => (l.analysis.greedyScore += 1), /analysis/],
  ['apple upperBound below bestScore', 'apple-gentle.json', (l) => (l.analysis.upperBound = l.analysis.bestScore - 2), /analysis/],
  [
    'apple a digit changed',
    'apple-gentle.json',
    (l) => (l.puzzle.board[0] = `${l.puzzle.board[0][0] === '9' ? 1 : 9}${l.puzzle.board[0].slice(1)}`),
    /puzzle|solution|analysis/,
  ],
  // ghost
  ['ghost maxScore 0', 'ghost-free.json', (l) => (l.analysis.maxScore = 0), /analysis|solution/, known],
  [
    'ghost minScore above maxScore',
    'ghost-free.json',
    (l) => ([l.analysis.minScore, l.analysis.maxScore] = [l.analysis.maxScore, l.analysis.minScore]),
    /analysis\.minScore/,
    known,
  ],
  ['ghost maxScore 50 more than the best', 'ghost-free.json', (l) => (l.analysis.maxScore += 50), /solution|analysis/, known],
  ['ghost minScore 50 less than the worst', 'ghost-free.json', (l) => (l.analysis.minScore -= 50), /solution|analysis/, known],
  [
    'ghost course assets swapped',
    'ghost-free.json',
    (l) => ([l.analysis.minCourse, l.analysis.maxCourse] = [l.analysis.maxCourse, l.analysis.minCourse]),
    /solution|analysis/,
    known,
  ],
  ['ghost a row count changed', 'ghost-free.json', (l) => (l.puzzle.rows[0] = (l.puzzle.rows[0] + 1) % (l.puzzle.size + 1)), /puzzle\.rows\[0\]/],
  [
    'ghost a ghost moved in the solution',
    'ghost-free.json',
    (l) => (l.solution[0] = l.solution[0].startsWith('G') ? `.G${l.solution[0].slice(2)}` : `G${l.solution[0].slice(1)}`),
    /puzzle|solution/,
  ],
];

describe('loadPack refuses a level whose values disagree with its own rules', () => {
  it.each(CASES)('%s', async (_what, file, bend, field, pick) => {
    const { text, id } = bent(file, bend, pick);
    expect(() => loadPack(text)).toThrow(PackError);
    expect(() => loadPack(text)).toThrow(new RegExp(`^${id} › `));
    let message = '';
    try {
      loadPack(text);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message.replace(/^[^›]*› /, '')).toMatch(field);
    expect(message).not.toContain('\n');
    // served with a manifest entry of its own bytes, the pack is refused all the same
    const bytes = new TextEncoder().encode(text);
    const pack = JSON.parse(text);
    const entry: ManifestEntry = { name: pack.name, kind: pack.kind, file, levels: pack.levels.length, bytes: bytes.length, sha256: await sha256Hex(bytes) };
    await expect(loadVerifiedPack(entry, bytes)).rejects.toThrow(PackError);
  });

  it('loads every committed pack, each level checked', () => {
    const manifest = JSON.parse(packText('manifest.json'));
    for (const entry of manifest.packs) {
      const loaded = loadPack(packText(entry.file));
      expect(loaded.pack.levels.length).toBe(entry.levels);
    }
  });
});
