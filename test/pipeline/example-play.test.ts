// The example game's committed play page (examples/pixel-garden/dist/preview/
// play.html, its own nonogram face and view compiled in) played in the run's
// Chromium: one stored level solved through the view's input alone (clicks
// fill cells, a click then `x` crosses one), the page saying it is solved and
// no page error. A few seconds; nothing is rebuilt.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { connectBrowser } from '../support/browser.ts';
import { ROOT } from '../support/helpers.ts';

const EXAMPLE = path.join(ROOT, 'examples', 'pixel-garden');

/** The fields of a stored nonogram level this test reads. */
interface Level {
  readonly id: string;
  readonly solution: readonly string[];
  readonly analysis: { readonly filled: number };
}

let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close();
});

describe("the example game's play page", () => {
  it('plays a stored nonogram level to solved in Chromium', async () => {
    const set = JSON.parse(fs.readFileSync(path.join(EXAMPLE, 'levels', 'nonogram', 'standard.json'), 'utf8'));
    const level = set.levels[0] as Level;
    browser = await connectBrowser();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${pathToFileURL(path.join(EXAMPLE, 'dist', 'preview', 'play.html')).href}#${level.id}`);
    await page.waitForSelector('body[data-ready="true"]');
    expect(await page.locator('#board').getAttribute('class')).toBe('kind-nonogram');
    expect(await page.locator('#title').innerText()).toContain(level.id);
    expect(await page.locator('#game-status').innerText()).toBe('playing');
    const cell = (r: number, c: number) => page.locator(`#board .cell[data-r="${r}"][data-c="${c}"]`);
    // cross the first empty cell (a click fills it, `x` crosses the cell last clicked), then fill every filled one
    const r0 = level.solution.findIndex((row) => row.includes('.'));
    const c0 = level.solution[r0]!.indexOf('.');
    await cell(r0, c0).click();
    await page.keyboard.press('x');
    expect(await cell(r0, c0).getAttribute('class')).toMatch(/\bcrossed\b/);
    for (const [r, row] of level.solution.entries()) {
      for (const [c, mark] of [...row].entries()) if (mark === '#') await cell(r, c).click();
    }
    expect(await page.locator('#game-status').innerText()).toBe('solved');
    expect(await page.locator('#filled').innerText()).toBe(`${level.analysis.filled} of ${level.analysis.filled}`);
    expect(await page.locator('#last').innerText()).toBe('solved!');
    expect(errors).toEqual([]);
  });
});
