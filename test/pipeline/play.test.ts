// The play-test page (dist/preview/play.html) in a real browser (Debian's
// Chromium driven by playwright-core), with real mouse and keyboard events:
// every level of every curated set listed with a #<id> link, search and sort;
// a ghost level played to the best and the worst score, a mistake costing a
// life and shown on the board; a slide level cleared with ★★★ and one with an
// undo; an apple level played from its stored solution to its stored score;
// coordinates around every board, clickable list rows, no emoji. The page's moves go through the client
// bundle, so what it shows is compared with the client run here.
import { describe, expect, it, beforeAll, afterAll, inject } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { ROOT } from '../support/helpers.ts';
import { connectBrowser, dragRectangles } from '../support/browser.ts';
import {
  startGhostPlay,
  catchAt,
  isCaught,
  isOpen,
  onCourseForBest,
  onCourseForWorst,
  type GhostLevel,
  type GhostPlay,
  type SlideLevel,
  type AppleLevel,
} from '../../tools/client/index.ts';

// the page as the current code writes it (bundled by the suite's global setup), not the committed copy
const PAGE = path.join(inject('freshDist'), 'preview', 'play.html');
const setOf = (kind: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'levels', kind, 'standard.json'), 'utf8')) as { levels: unknown[] };
const ghosts = setOf('ghost').levels as GhostLevel[];
const slides = setOf('slide').levels as SlideLevel[];
const apples = setOf('apple').levels as AppleLevel[];
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(id: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('request', (r) => {
    if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) errors.push(`network request: ${r.url()}`);
  });
  await page.goto(`${pathToFileURL(PAGE).href}#${id}`);
  await page.waitForSelector('body[data-ready="true"]');
  return { page, errors };
}

const cell = (page: Page, r: number, c: number) => page.locator(`#board .cell[data-r="${r}"][data-c="${c}"]`);
const text = (page: Page, id: string) => page.locator(`#${id}`).innerText();

/** A catching order that keeps `question` true after every catch (the first such uncaught ghost, row-major). */
function courseOrder(level: GhostLevel, question: typeof onCourseForBest): [number, number][] {
  const cells = level.solution.flatMap((row, r) => [...row].flatMap((ch, c) => (ch === 'G' ? [[r, c] as [number, number]] : [])));
  const order: [number, number][] = [];
  let now: GhostPlay = startGhostPlay(level);
  while (order.length < cells.length) {
    const next = cells.find(([r, c]) => !isCaught(now, r, c) && question(level, catchAt(level, now, r, c).play) === true);
    if (!next) throw new Error(`${level.id}: no ghost keeps the course`);
    order.push(next);
    now = catchAt(level, now, next[0], next[1]).play;
  }
  return order;
}

// a small ghost level whose best and worst scores are known and differ
const medalLevel = ghosts.find((l) => l.puzzle.size <= 6 && l.analysis.maxScore !== 'unknown' && l.analysis.maxScore !== l.analysis.minScore)!;

describe('play-test page', () => {
  it('lists every level of every curated set with a #<id> link, searches and sorts', async () => {
    const { page, errors } = await open(ghosts[0]!.id);
    const total = ghosts.length + slides.length + apples.length;
    expect(await page.locator('#list a[href^="#"]').count()).toBe(total);
    await page.locator('#search').fill(slides[3]!.id.slice(0, 12));
    expect(await page.locator('#list tr').count()).toBe(1);
    await page.locator('#search').fill('');
    await page.locator('#kind').selectOption('ghost');
    await page.locator('#sort').selectOption('metric-down');
    const deepest = Math.max(...ghosts.map((l) => l.analysis.logicDepth));
    expect(await page.locator('#list tr').first().locator('.metric').innerText()).toBe(`logicDepth ${deepest}`);
    await page.locator('#kind').selectOption('');
    await page.locator(`#list a[href="#${slides[2]!.id}"]`).click();
    await expect.poll(() => page.locator('#title').innerText()).toContain(slides[2]!.id);
    expect(errors).toEqual([]);
  });

  it('ghost: played to 💎 with double-clicks, on course all the way', async () => {
    const { page, errors } = await open(medalLevel.id);
    for (const [r, c] of courseOrder(medalLevel, onCourseForBest)) {
      await cell(page, r, c).dblclick();
      expect(await text(page, 'course-best')).toBe('yes');
    }
    expect(await text(page, 'game-status')).toContain('won · best score');
    expect(await text(page, 'score')).toMatch(new RegExp(`^${medalLevel.analysis.maxScore} `));
    expect(errors).toEqual([]);
  });

  it('ghost: played to 💀, and a mistake costs a life', async () => {
    const { page, errors } = await open(medalLevel.id);
    expect(await text(page, 'lives')).toBe('3 of 3');
    const empty = medalLevel.solution.flatMap((row, r) => [...row].flatMap((ch, c) => (ch === '.' && medalLevel.puzzle.grid[r]![c] === '.' ? [[r, c]] : [])));
    const play = startGhostPlay(medalLevel);
    const closed = empty.find(([r, c]) => !isOpen(medalLevel, play, r!, c!))!;
    await cell(page, closed[0]!, closed[1]!).dblclick(); // a catch on an empty cell
    expect(await text(page, 'lives')).toBe('2 of 3');
    expect(await text(page, 'clean')).toBe('no');
    await page.keyboard.press('r'); // restart: full lives, attempt 2
    expect(await text(page, 'lives')).toBe('3 of 3');
    for (const [r, c] of courseOrder(medalLevel, onCourseForWorst)) await cell(page, r, c).dblclick();
    expect(await text(page, 'game-status')).toContain('worst score');
    expect(await text(page, 'score')).toMatch(new RegExp(`^${medalLevel.analysis.minScore} `));
    expect(errors).toEqual([]);
  });

  it('ghost: a × by click, the next hint shown, a wrong × on a ghost costs a life', async () => {
    const { page } = await open(medalLevel.id);
    expect(await text(page, 'next-hint')).toMatch(/^layer [123] from /);
    const [gr, gc] = courseOrder(medalLevel, onCourseForBest)[0]!;
    await cell(page, gr, gc).click();
    await expect.poll(() => text(page, 'lives')).toBe('2 of 3');
  });

  it('slide: the stored solution with mouse and arrow keys gives ★★★; a wrong flick, undo, then ★★★', async () => {
    const level = slides.find((l) => l.analysis.minMoves >= 3)!;
    const { page, errors } = await open(level.id);
    const keys = { U: 'ArrowUp', D: 'ArrowDown', L: 'ArrowLeft', R: 'ArrowRight' } as const;
    const play = async (moves: readonly (readonly [number, number, 'U' | 'D' | 'L' | 'R'])[]) => {
      for (const [col, row, dir] of moves) {
        await cell(page, row, col).click();
        await page.keyboard.press(keys[dir]);
      }
    };
    expect(await text(page, 'reach3')).toBe('yes');
    await play(level.solution);
    expect(await text(page, 'stars')).toBe('★★★');
    await page.locator('#restart').click();
    // a legal first flick after which ★★★ is out of reach, found by trying the blocks and direction buttons
    const blocks = level.puzzle.board.flatMap((row, r) => [...row].flatMap((ch, c) => (/[a-o]/.test(ch) ? [[c, r] as const] : [])));
    let wrong = false;
    search: for (const [c0, r0] of blocks)
      for (const dir of ['U', 'D', 'L', 'R'] as const) {
        await cell(page, r0, c0).click();
        await page.locator(`#dir-${dir}`).click();
        if ((await text(page, 'moves')).startsWith('1 ')) {
          if ((await text(page, 'reach3')) === 'no') {
            wrong = true;
            break search;
          }
          await page.keyboard.press('u');
        }
      }
    expect(wrong).toBe(true);
    await page.locator('#undo').click();
    expect(await text(page, 'reach3')).toBe('yes');
    await play(level.solution);
    expect(await text(page, 'stars')).toBe('★★★');
    expect(await text(page, 'undos')).toMatch(/^[1-9]\d* \/ 1$/);
    expect(errors).toEqual([]);
  });

  it('apple: the stored solution dragged with the mouse reaches the stored best score', async () => {
    const level = apples[0]!;
    const { page, errors } = await open(level.id);
    await dragRectangles(page, level.solution, async () => {
      expect(await text(page, 'sum')).toMatch(/^10 in /);
    });
    expect(await text(page, 'score')).toMatch(
      new RegExp(`^${level.analysis.bestScore} \\(greedy ${level.analysis.greedyScore}, best ${level.analysis.bestScore}`),
    );
    // the medal shows once the best score is reached; a board with no digit left says cleared
    expect(await text(page, 'game-status')).toBe(`${level.analysis.bestScore === 170 ? 'cleared' : 'no move'} · best score`);
    expect(errors).toEqual([]);
  });
});

/** Cells of a ghost level: its ghosts, and its plain empty cells not open at the start. */
function ghostAndClosedCells(level: GhostLevel): { ghostCells: [number, number][]; closed: [number, number][] } {
  const play = startGhostPlay(level);
  const ghostCells: [number, number][] = [];
  const closed: [number, number][] = [];
  level.solution.forEach((row, r) =>
    [...row].forEach((ch, c) => {
      if (ch === 'G') ghostCells.push([r, c]);
      else if (level.puzzle.grid[r]![c] === '.' && !isOpen(level, play, r, c)) closed.push([r, c]);
    }),
  );
  return { ghostCells, closed };
}

const centreOf = async (page: Page, r: number, c: number) => {
  const box = (await cell(page, r, c).boundingBox())!;
  return [box.x + box.width / 2, box.y + box.height / 2] as const;
};

describe('play-test page, as a player tries it', () => {
  it.each(['%', 'constructor', '%E0%A4%A', '__proto__'])('#%s opens the first level, no error', async (hash) => {
    const { page, errors } = await open(hash);
    await expect.poll(() => page.locator('#title').innerText()).toContain(ghosts[0]!.id);
    expect(errors).toEqual([]);
  });

  it('ghost: two × clicks on different cells within 200 ms both place a ×', async () => {
    const { closed } = ghostAndClosedCells(medalLevel);
    const { page, errors } = await open(medalLevel.id);
    const [a, b] = [await centreOf(page, ...closed[0]!), await centreOf(page, ...closed[1]!)];
    await page.mouse.click(a[0], a[1]);
    await page.mouse.click(b[0], b[1]);
    await expect.poll(() => page.locator('#board .cell.mark').count()).toBe(2);
    expect(errors).toEqual([]);
  });

  it('ghost: a × on a ghost then a quick double click on another ghost: the mistake is recorded and the catch made', async () => {
    const { ghostCells } = ghostAndClosedCells(medalLevel);
    const { page, errors } = await open(medalLevel.id);
    const [a, b] = [await centreOf(page, ...ghostCells[0]!), await centreOf(page, ...ghostCells[1]!)];
    await page.mouse.click(a[0], a[1]);
    await page.mouse.dblclick(b[0], b[1]);
    await expect.poll(() => text(page, 'lives')).toBe('2 of 3');
    expect(await page.locator('#board .cell.ghost').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('ghost: after a loss the page is not on course for any medal', async () => {
    const { closed } = ghostAndClosedCells(medalLevel);
    const { page, errors } = await open(medalLevel.id);
    for (const [r, c] of closed.slice(0, 3)) await cell(page, r, c).dblclick(); // three catches on empty cells
    expect(await text(page, 'game-status')).toBe('lost');
    expect(await text(page, 'course-best')).toBe('no');
    expect(await text(page, 'course-worst')).toBe('no');
    expect(errors).toEqual([]);
  });

  it('apple: a rectangle that does not sum to 10 says so after the release', async () => {
    const level = apples[0]!;
    const { page, errors } = await open(level.id);
    const [x, y] = await centreOf(page, 0, 0);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.up();
    const digit = Number(level.puzzle.board[0]![0]);
    expect(await text(page, 'last')).toBe(`not taken: [0, 0, 0, 0] sums to ${digit}, not 10`);
    expect(errors).toEqual([]);
  });

  it('apple: the 2-minute timer toggle starts a timed game whose clock runs', async () => {
    const { page, errors } = await open(apples[0]!.id);
    expect(await text(page, 'time')).toBe('untimed');
    await page.locator('#timed').check();
    await expect.poll(async () => Number.parseFloat(await text(page, 'time'))).toBeLessThan(120);
    await page.locator('#timed').uncheck();
    expect(await text(page, 'time')).toBe('untimed');
    expect(errors).toEqual([]);
  });

  it('slide: a click on empty floor drops the selection', async () => {
    const level = slides.find((l) => l.puzzle.board.some((row) => row.includes('.')))!;
    const { page, errors } = await open(level.id);
    const [c0, r0] = level.solution[0]!;
    await cell(page, r0, c0).click();
    expect(await page.locator('#board .cell.selected').count()).toBe(1);
    const r1 = level.puzzle.board.findIndex((row) => row.includes('.'));
    await cell(page, r1, level.puzzle.board[r1]!.indexOf('.')).click();
    expect(await page.locator('#board .cell.selected').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

/** Where a pictograph that only an emoji font draws appears in `text` (a machine without one shows an empty box). */
const emoji = (text: string) => [...text.matchAll(/\p{Emoji_Presentation}/gu)].map((m) => m[0]);

describe('play-test page, what a new player met (issue 43)', () => {
  it("no glyph needs an emoji font: not in the page file (every view's text is inlined there), not on a won or lost board", async () => {
    expect(emoji(fs.readFileSync(PAGE, 'utf8'))).toEqual([]);
    const { page, errors } = await open(medalLevel.id);
    for (const [r, c] of courseOrder(medalLevel, onCourseForBest)) await cell(page, r, c).dblclick();
    expect(emoji(await page.locator('body').innerText())).toEqual([]);
    expect(await page.locator('#board .cell.ghost').first().innerText()).toBe('G');
    expect(errors).toEqual([]);
  });

  it.each<[kind: string, id: string, cols: number, rows: number]>([
    ['ghost', medalLevel.id, medalLevel.puzzle.size, medalLevel.puzzle.size],
    ['slide', slides[0]!.id, slides[0]!.puzzle.board[0]!.length, slides[0]!.puzzle.board.length],
    ['apple', apples[0]!.id, 17, 10],
  ])('%s: the board has its coordinates, columns and rows from 0', async (_kind, id, cols, rows) => {
    const { page, errors } = await open(id);
    expect(await page.locator('#board .col-coord').allInnerTexts()).toEqual([...Array(cols).keys()].map(String));
    expect(await page.locator('#board .row-coord').allInnerTexts()).toEqual([...Array(rows).keys()].map(String));
    expect(errors).toEqual([]);
  });

  it('ghost: the counts stay beside the coordinates', async () => {
    const { page } = await open(medalLevel.id);
    expect(await page.locator('#board .col-label').allInnerTexts()).toEqual(medalLevel.puzzle.cols.map(String));
    expect(await page.locator('#board .row-label').allInnerTexts()).toEqual(medalLevel.puzzle.rows.map(String));
  });

  it('ghost: a lost game shows where the mistakes were, and the ghosts left', async () => {
    const { closed, ghostCells } = ghostAndClosedCells(medalLevel);
    const { page, errors } = await open(medalLevel.id);
    const wrong = closed.slice(0, 3);
    for (const [r, c] of wrong) await cell(page, r, c).dblclick(); // three catches on empty cells
    expect(await text(page, 'game-status')).toBe('lost');
    for (const [r, c] of wrong) {
      expect(await cell(page, r, c).getAttribute('class')).toContain('mistake');
      expect(await cell(page, r, c).innerText()).toBe('!');
    }
    expect(await text(page, 'mistakes')).toBe(wrong.map(([r, c]) => `(${r}, ${c})`).join(' '));
    expect(await page.locator('#board .cell.missed').count()).toBe(ghostCells.length);
    await page.keyboard.press('r');
    expect(await page.locator('#board .cell.mistake').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('slide: a cleared board says cleared, with its moves and stars', async () => {
    const level = slides[0]!;
    const { page, errors } = await open(level.id);
    expect(await text(page, 'game-status')).toBe('playing');
    const keys = { U: 'ArrowUp', D: 'ArrowDown', L: 'ArrowLeft', R: 'ArrowRight' } as const;
    for (const [col, row, dir] of level.solution) {
      await cell(page, row, col).click();
      await page.keyboard.press(keys[dir]);
    }
    expect(await text(page, 'game-status')).toBe(`cleared in ${level.solution.length} moves ★★★`);
    expect(errors).toEqual([]);
  });

  it('apple: a full clear says cleared, not no move', async () => {
    const level = apples.find((l) => l.analysis.bestScore === 170);
    if (!level) throw new Error('no apple level of the standard set clears the board');
    const { page, errors } = await open(level.id);
    for (const [t, l, b, r] of level.solution) {
      const [x0, y0] = await centreOf(page, t, l);
      const [x1, y1] = await centreOf(page, b, r);
      await page.mouse.move(x0, y0);
      await page.mouse.down();
      await page.mouse.move(x1, y1, { steps: 2 });
      await page.mouse.up();
    }
    expect(await text(page, 'game-status')).toBe('cleared · best score');
    expect(errors).toEqual([]);
  });

  it('a click anywhere on a list row opens its level', async () => {
    const { page, errors } = await open(ghosts[0]!.id);
    await page.locator(`#list tr[data-id="${apples[1]!.id}"] td`).nth(2).click();
    await expect.poll(() => page.locator('#title').innerText()).toContain(apples[1]!.id);
    expect(await page.locator('#list tr.current').getAttribute('data-id')).toBe(apples[1]!.id);
    expect(errors).toEqual([]);
  });

  it("opening a level moves the list's mark to its row; the list is not drawn again (a click stays fast with thousands of rows)", async () => {
    const { page, errors } = await open(ghosts[0]!.id);
    // tag every row: a list drawn again has rows without the tag
    await page.locator('#list tr').evaluateAll((rows) => {
      for (const tr of rows) tr.setAttribute('data-kept', '');
    });
    const last = apples[apples.length - 1]!.id;
    await page.locator(`#list tr[data-id="${last}"] td`).nth(1).click();
    await expect.poll(() => page.locator('#title').innerText()).toContain(last);
    await page.evaluate((id) => {
      location.hash = `#${id}`;
    }, slides[5]!.id);
    await expect.poll(() => page.locator('#title').innerText()).toContain(slides[5]!.id);
    expect(await page.locator('#list tr:not([data-kept])').count()).toBe(0);
    expect(await page.locator('#list tr.current').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')))).toEqual([slides[5]!.id]);
    expect(errors).toEqual([]);
  });
});
