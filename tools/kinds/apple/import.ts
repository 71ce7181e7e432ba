// Reading boards recorded from the original game (proofpack import apple): 10
// lines of 17 digits per board, blank lines between boards. A malformed board
// is named with its line: wrong length, a 0 or another character, or a sum
// that is not a multiple of 10 (the original's own checksum: a misread digit
// breaks it nine times in ten).
import { COLS, ROWS } from './bounds.ts';
import type { ApplePuzzle } from './schema.ts';
import { at } from 'proofpack/kind';

export function importAppleText(text: string): { puzzles: ApplePuzzle[]; problems: { where: string; message: string }[] } {
  const lines = text.split(/\r?\n/);
  const puzzles: ApplePuzzle[] = [];
  const problems: { where: string; message: string }[] = [];
  let group: { line: number; text: string }[] = [];
  const flush = () => {
    if (group.length === 0) return;
    const where = `board ${puzzles.length + problems.length + 1} (line ${at(group, 0).line})`;
    const bad = check(group);
    if (bad) problems.push({ where, message: bad });
    else puzzles.push({ board: group.map((g) => g.text) });
    group = [];
  };
  lines.forEach((raw, i) => {
    const t = raw.trim();
    if (t === '') flush();
    else group.push({ line: i + 1, text: t });
  });
  flush();
  return { puzzles, problems };
}

function check(rows: { line: number; text: string }[]): string | null {
  if (rows.length !== ROWS) return `${rows.length} lines, a board has ${ROWS} lines of ${COLS} digits`;
  let sum = 0;
  for (const { line, text } of rows) {
    if (text.length !== COLS) return `line ${line} has ${text.length} characters, a row has ${COLS} digits`;
    const bad = text.search(/[^1-9]/);
    if (bad >= 0)
      return text[bad] === '0'
        ? `line ${line} has a 0 at column ${bad + 1}: apples hold 1..9`
        : `line ${line} has ${JSON.stringify(text[bad])} at column ${bad + 1}: a row has digits 1..9 only`;
    for (const ch of text) sum += Number(ch);
  }
  if (sum % 10 !== 0) return `its digits sum to ${sum}, not a multiple of 10 (the game's checksum: a digit was probably misread)`;
  return null;
}
