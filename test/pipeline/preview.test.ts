// The preview page in a real browser (Debian's Chromium driven by
// playwright-core): no console errors, one card per level of the manifest, the
// tier filter and the step-through work (for a level of every kind), and it
// stays usable with 2,000 levels.
import { describe, expect, it, beforeAll, afterAll, inject } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { ROOT, tempDir } from '../support/helpers.ts';
import { connectBrowser } from '../support/browser.ts';
import { loadDocument } from '../../tools/commands/files/documents.ts';
import { previewHtml } from '../../tools/preview/page.ts';
import { KINDS } from '../../tools/kinds/index.ts';
import type { Manifest, PackFile } from '../../tools/lib/files.ts';

// the dist the current code bundles from the committed levels (the suite's global setup)
const DIST = inject('freshDist');
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(file: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) errors.push(`network request: ${r.url()}`);
  });
  await page.goto(pathToFileURL(file).href);
  await page.waitForSelector('body[data-ready="true"]');
  return { page, errors };
}

describe('preview page', () => {
  it('shows every level of the manifest, filters by tier, steps through a solution', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(DIST, 'manifest.json'), 'utf8')) as Manifest;
    const { page, errors } = await open(path.join(DIST, 'preview', 'index.html'));
    expect(await page.locator('.card').count()).toBe(manifest.packs.reduce((a, p) => a + p.levels, 0));

    // filter the first pack by one of its tiers
    const first = manifest.packs[0]!;
    const [tier, count] = Object.entries(first.tiers)[1]!;
    const section = page.locator(`section[data-pack="${first.name}"]`);
    await section.locator(`.tier-button[data-tier="${tier}"]`).click();
    expect(await section.locator('.card:not([hidden])').count()).toBe(count);
    expect(await section.locator(`.card:not([hidden])[data-tier="${tier}"]`).count()).toBe(count);
    await section.locator('.tier-button[data-tier="*"]').click();
    expect(await section.locator('.card:not([hidden])').count()).toBe(first.levels);

    // thumbnails are drawn as they come into view
    expect(await section.locator('.card .thumb svg').count()).toBeGreaterThan(0);

    // step through the solution of a level
    const card = section.locator('.card').nth(3);
    const id = await card.getAttribute('data-id');
    await card.click();
    await expect.poll(() => page.locator('#viewer').isVisible()).toBe(true);
    expect(await page.locator('#viewer-title').textContent()).toContain(id!);
    const pack = JSON.parse(fs.readFileSync(path.join(DIST, first.file), 'utf8')) as PackFile;
    const steps = KINDS.find((k) => k.name === pack.kind)!.preview!(pack.levels.find((l) => l.id === id)!, {
      config: pack.generator.config,
      calibration: pack.calibration,
    }).steps;
    expect(await page.locator('#viewer-step').textContent()).toBe(`step 0 / ${steps.length}`);
    const before = await page.locator('#viewer-board').innerHTML();
    await page.locator('#viewer-next').click();
    expect(await page.locator('#viewer-step').textContent()).toBe(`step 1 / ${steps.length}`);
    expect(await page.locator('#viewer-caption').textContent()).toBe(steps[0]!.caption);
    expect(await page.locator('#viewer-board').innerHTML()).not.toBe(before);
    for (let i = 1; i < steps.length; i++) await page.keyboard.press('ArrowRight');
    expect(await page.locator('#viewer-step').textContent()).toBe(`step ${steps.length} / ${steps.length}`);
    expect(await page.locator('#viewer-next').isDisabled()).toBe(true);
    fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
    await page.screenshot({ path: path.join(ROOT, 'test-results', 'preview-viewer.png') });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: path.join(ROOT, 'test-results', 'preview.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('steps through a stored solution of every kind (ghost hints, slide moves, apple rectangles)', async () => {
    const manifest = loadManifest();
    const { page, errors } = await open(path.join(DIST, 'preview', 'index.html'));
    const seen = new Set<string>();
    for (const entry of manifest.packs) {
      const pack = JSON.parse(fs.readFileSync(path.join(DIST, entry.file), 'utf8')) as PackFile;
      if (seen.has(pack.kind)) continue;
      seen.add(pack.kind);
      const level = pack.levels[pack.levels.length - 1]!;
      const steps = KINDS.find((k) => k.name === pack.kind)!.preview!(level, { config: pack.generator.config, calibration: pack.calibration }).steps;
      expect(steps.length, pack.kind).toBeGreaterThan(0);
      const card = page.locator(`section[data-pack="${entry.name}"] .card[data-id="${level.id}"]`);
      await card.scrollIntoViewIfNeeded();
      await card.click();
      await expect.poll(() => page.locator('#viewer').isVisible()).toBe(true);
      expect(await page.locator('#viewer-title').textContent()).toContain(level.id);
      // the first steps one by one (each changes the board), then the keys to the last one
      let board = await page.locator('#viewer-board').innerHTML();
      const checked = Math.min(3, steps.length);
      for (let i = 0; i < checked; i++) {
        await page.locator('#viewer-next').click();
        expect(await page.locator('#viewer-step').textContent()).toBe(`step ${i + 1} / ${steps.length}`);
        expect(await page.locator('#viewer-caption').textContent()).toBe(steps[i]!.caption);
        const now = await page.locator('#viewer-board').innerHTML();
        expect(now, `${pack.kind} step ${i + 1} changes the board`).not.toBe(board);
        board = now;
      }
      for (let i = checked; i < steps.length; i++) await page.keyboard.press('ArrowRight');
      expect(await page.locator('#viewer-step').textContent()).toBe(`step ${steps.length} / ${steps.length}`);
      expect(await page.locator('#viewer-caption').textContent()).toBe(steps[steps.length - 1]!.caption);
      expect(await page.locator('#viewer-next').isDisabled()).toBe(true);
      await page.screenshot({ path: path.join(ROOT, 'test-results', `preview-viewer-${pack.kind}.png`) });
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('#viewer').isVisible()).toBe(false);
    }
    expect([...seen].sort()).toEqual(KINDS.map((k) => k.name).sort());
    expect(errors).toEqual([]);
    await page.close();
  });

  it("histograms show each bar's count and an axis with the difficulty range", async () => {
    const manifest = loadManifest();
    const entry = manifest.packs[0]!;
    const pack = JSON.parse(fs.readFileSync(path.join(DIST, entry.file), 'utf8')) as PackFile;
    const kind = KINDS.find((k) => k.name === pack.kind)!;
    const file = path.join(tempDir(), 'hist.html');
    fs.writeFileSync(
      file,
      previewHtml([{ name: entry.name, kind, levels: pack.levels, ctx: { config: pack.generator.config, calibration: pack.calibration } }], 'test'),
    );
    const { page, errors } = await open(file);
    const d = pack.levels.map((l) => kind.difficulty(l.analysis));
    const round = (x: number) => String(Math.round(x * 10) / 10);
    // a whole-number measure (ghost logicDepth) gets whole-number bins: at most 12, each of the same whole width
    const whole = d.every((v) => Number.isInteger(v));
    const span = Math.max(...d) - Math.min(...d) + 1;
    const width = whole ? Math.max(1, Math.ceil(span / 12)) : 0;
    const barCount = whole ? Math.ceil(span / width) : 12;
    expect(await page.locator('.hist-note').first().textContent()).toContain(whole ? `${barCount} bins of ${width} whole number` : '12 bins');
    for (const [tier, count] of Object.entries(entry.tiers)) {
      const fig = page.locator(`figure.hist-tier[data-tier="${tier}"]`);
      const counts = (await fig.locator('.hist-bar').evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('data-count'))))) as number[];
      expect(counts).toHaveLength(barCount);
      expect(
        counts.reduce((a, b) => a + b, 0),
        tier,
      ).toBe(count);
      // the printed counts are the non-empty bars' counts, in order
      expect((await fig.locator('.hist-count').allTextContents()).map(Number)).toEqual(counts.filter((k) => k > 0));
      expect(await fig.locator('.hist-ymax').textContent()).toBe(String(Math.max(...counts)));
      expect(await fig.locator('.hist-axis').count()).toBe(1);
      expect(await fig.locator('.hist-tick').allTextContents()).toEqual([round(Math.min(...d)), round(Math.max(...d))]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('stays usable with 2,000 levels', async () => {
    const pack = JSON.parse(fs.readFileSync(path.join(DIST, loadManifest().packs[0]!.file), 'utf8')) as PackFile;
    const kind = KINDS.find((k) => k.name === pack.kind)!;
    const levels = Array.from({ length: 2000 }, (_, i) => ({
      ...pack.levels[i % pack.levels.length]!,
      id: `${pack.kind}-${i.toString(16).padStart(12, '0')}`,
    }));
    const file = path.join(tempDir(), 'big.html');
    fs.writeFileSync(file, previewHtml([{ name: 'big', kind, levels, ctx: { config: pack.generator.config, calibration: pack.calibration } }], 'test'));
    const { page, errors } = await open(file);
    expect(await page.locator('.card').count()).toBe(2000);
    // only what is near the viewport is drawn
    expect(await page.locator('.thumb svg').count()).toBeLessThan(400);
    const tier = levels[0]!.tier;
    await page.locator(`.tier-button[data-tier="${tier}"]`).click();
    expect(await page.locator('.card:not([hidden])').count()).toBe(levels.filter((l) => l.tier === tier).length);
    await page.locator('.card:not([hidden])').last().scrollIntoViewIfNeeded();
    await page.locator('.card:not([hidden])').last().click();
    await expect.poll(() => page.locator('#viewer').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});

function loadManifest(): Manifest {
  const l = loadDocument(path.join(DIST, 'manifest.json'), ['manifest']);
  if (l.type !== 'manifest') throw new Error('not a manifest');
  return l.doc;
}
