// The line solver: every cell a single row or column forces, given its clue
// and the cells known so far. Exact: a cell is forced when every placement of
// the runs that fits the known cells agrees on it. Dynamic programming over
// (cell, run) from both ends, O(length · runs · longest run).
//
// Cells: 0 unknown, 1 filled, 2 empty. The line is padded with an empty cell
// in front, and each run is placed as a unit "one empty cell, then the run",
// so that runs are always apart.

/** What one line solve found: the line with its forced cells, or null when no placement fits; and its work (cells × runs). */
export function solveLine(clue: readonly number[], cells: Uint8Array): { line: Uint8Array | null; work: number } {
  const n = cells.length + 1;
  const k = clue.length;
  const cell = (x: number) => (x === 0 ? 2 : (cells[x - 1] ?? 0));
  const fits = (x: number, len: number) => {
    if (x + len > n - 1 || cell(x) === 1) return false;
    for (let y = x + 1; y <= x + len; y++) if (cell(y) === 2) return false;
    return true;
  };
  const width = k + 1;
  const pre = new Uint8Array((n + 1) * width);
  const suf = new Uint8Array((n + 1) * width);
  pre[0] = 1;
  for (let x = 0; x < n; x++)
    for (let j = 0; j <= k; j++) {
      if (!pre[x * width + j]) continue;
      if (cell(x) !== 1) pre[(x + 1) * width + j] = 1;
      const len = clue[j] ?? 0;
      if (j < k && fits(x, len)) pre[(x + len + 1) * width + j + 1] = 1;
    }
  suf[n * width + k] = 1;
  for (let x = n - 1; x >= 0; x--)
    for (let j = k; j >= 0; j--) {
      if (cell(x) !== 1 && suf[(x + 1) * width + j]) suf[x * width + j] = 1;
      const len = clue[j] ?? 0;
      if (j < k && fits(x, len) && suf[(x + len + 1) * width + j + 1]) suf[x * width + j] = 1;
    }
  const work = n * width;
  if (!suf[0]) return { line: null, work };
  const canFill = new Uint8Array(n);
  const canEmpty = new Uint8Array(n);
  for (let x = 0; x < n; x++)
    for (let j = 0; j <= k; j++) {
      if (!pre[x * width + j]) continue;
      if (cell(x) !== 1 && suf[(x + 1) * width + j]) canEmpty[x] = 1;
      const len = clue[j] ?? 0;
      if (j < k && fits(x, len) && suf[(x + len + 1) * width + j + 1]) {
        canEmpty[x] = 1;
        for (let y = x + 1; y <= x + len; y++) canFill[y] = 1;
      }
    }
  const line = new Uint8Array(cells.length);
  for (let x = 1; x < n; x++) line[x - 1] = canFill[x] && canEmpty[x] ? 0 : canFill[x] ? 1 : 2;
  return { line, work };
}
