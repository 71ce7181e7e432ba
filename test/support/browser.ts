// The run's one Chromium (started by global-setup.ts, playwright-core's
// server): each browser test file connects to it instead of launching its own;
// and the one way the tests drag an apple rectangle on a play page.
import { inject } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';

/** A connection to the run's Chromium; close() disconnects and leaves the browser to the other files. */
export async function connectBrowser(): Promise<Browser> {
  const { wsEndpoint, missing } = inject('chromium');
  if (!wsEndpoint) throw new Error(missing);
  return chromium.connect(wsEndpoint);
}

/**
 * Drags each rectangle `[top, left, bottom, right]` of an apple solution on a
 * play page's board with the mouse, corner cell to corner cell; `held` runs
 * with the button still down (e.g. to read the sum shown).
 */
export async function dragRectangles(page: Page, rects: readonly (readonly number[])[], held?: () => Promise<void>): Promise<void> {
  const centre = async (r: number | undefined, c: number | undefined) => {
    const box = await page.locator(`#board .cell[data-r="${r}"][data-c="${c}"]`).boundingBox();
    if (!box) throw new Error(`no cell ${r},${c} on the board`);
    return [box.x + box.width / 2, box.y + box.height / 2] as const;
  };
  for (const [t, l, b, r] of rects) {
    const [x0, y0] = await centre(t, l);
    const [x1, y1] = await centre(b, r);
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    await page.mouse.move(x1, y1, { steps: 2 });
    await held?.();
    await page.mouse.up();
  }
}
