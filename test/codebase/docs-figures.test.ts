// The figures the docs give are the ones the build and the committed files hold:
// the client's minified sizes (docs/client.md, packages/client/README.md) are the
// ones build/client-sizes.json holds (tools/scripts/build-client.ts writes it; the
// suite's global setup runs that build first); the standard sets' calibration and
// counts (ghost.md, slide.md, apple.md, client.md) are those of levels/<kind>/standard.json;
// the apple tier thresholds and the full presets' sizes those of the built-in configs;
// the level, pack and ghost counts and the conformance sizes (client.md, porting.md)
// those of the committed dist/; and each list of what bundle writes into dist/
// (README.md, game-repo.md, cli.md, architecture.md) names every kind of file the
// committed dist/ holds; the counts of files testing.md and the example game's README
// give. Reads files and imports the built-in configs: fast.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPLE_DEFAULT_CONFIG } from '../../tools/kinds/apple/config.ts';
import { GHOST_PRESETS } from '../../tools/kinds/ghost/config.ts';
import { SLIDE_PRESETS } from '../../tools/kinds/slide/config.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const json = (file: string) => JSON.parse(read(file)) as Record<string, unknown>;
/** `60,590` → 60590. */
const num = (text: string) => Number(text.replace(/,/g, ''));
/** The one match of `re` in `file` (its groups), or a failure naming the file and what was looked for. */
function stated(file: string, re: RegExp): string[] {
  const m = re.exec(read(file).replace(/\s+/g, ' '));
  if (!m) throw new Error(`${file}: no sentence matching ${re}`);
  return m.slice(1);
}

/** The client's sizes as the build wrote them (build/client-sizes.json). */
interface ClientSizes {
  everyExport: number;
  createClient: number;
  createClientOneFace: number;
  createClientBuiltInFaces: number;
}
function clientSizes(): ClientSizes {
  const file = path.join(ROOT, 'build', 'client-sizes.json');
  if (!fs.existsSync(file)) throw new Error('build/client-sizes.json is missing: run npm run build (the suite runs it first)');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ClientSizes;
}

/** Every `N bytes` figure of a text (`60,590 bytes`, and the figures of a `a, N; b, N; …` list ending in `bytes`). */
function byteFigures(text: string): number[] {
  return [...text.replace(/\s+/g, ' ').matchAll(/\b(\d{1,3}(?:,\d{3})+|\d+) bytes\b/g)].map((m) => num(m[1]!));
}

/** The files of the committed dist/ that are not packs, with a kind's name as `<kind>`. */
function distNonPacks(): string[] {
  const manifest = json('dist/manifest.json') as { packs: { file: string }[] };
  const packs = new Set(manifest.packs.map((p) => p.file));
  const kinds = fs.readdirSync(path.join(ROOT, 'levels')).filter((k) => fs.existsSync(path.join(ROOT, 'levels', k, 'standard.json')));
  const files = fs
    .readdirSync(path.join(ROOT, 'dist'), { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => fs.statSync(path.join(ROOT, 'dist', f)).isFile() && !packs.has(f));
  return [...new Set(files.map((f) => kinds.reduce((g, k) => g.replace(new RegExp(`/${k}\\.json$`), '/<kind>.json'), f)))].sort();
}

/** A list of what bundle writes (the text from `from` to `to` in `file`) that leaves out a kind of file dist/ holds: what it lacks. */
function listLacks(file: string, from: RegExp, to: RegExp): string[] {
  const text = read(file).replace(/\s+/g, ' ');
  const start = text.search(from);
  if (start < 0) throw new Error(`${file}: no list starting ${from}`);
  const rest = text.slice(start);
  const end = rest.search(to);
  const list = end < 0 ? rest : rest.slice(0, end);
  // `conformance/<kind>.json` may be named by its folder, `dist/conformance/`
  return distNonPacks().filter((f) => !list.includes(f) && !(f.startsWith('conformance/') && list.includes('conformance/')));
}

describe('the client sizes in the docs are the ones the build wrote', () => {
  it('docs/client.md states each of the four, by what it measures', () => {
    const s = clientSizes();
    const [every, alone, one, builtIn] = stated(
      'docs/client.md',
      /every export, ([\d,]+) bytes; `createClient` alone, ([\d,]+) bytes; `createClient` with one kind's face \([^)]*\), ([\d,]+) bytes; the same with the three built-in faces too, ([\d,]+) bytes/,
    ).map(num);
    expect({ every, alone, one, builtIn }).toEqual({
      every: s.everyExport,
      alone: s.createClient,
      one: s.createClientOneFace,
      builtIn: s.createClientBuiltInFaces,
    });
  });

  it('every byte figure docs/client.md and the package README give is one the build wrote', () => {
    const written = new Set(Object.values(clientSizes()));
    for (const file of ['docs/client.md', 'packages/client/README.md']) {
      const figures = byteFigures(read(file));
      expect(figures.length, file).toBeGreaterThan(0);
      expect(
        figures.filter((n) => !written.has(n)),
        file,
      ).toEqual([]);
    }
    expect(byteFigures('every export, 61,001 bytes')).toEqual([61001]);
  });

  it('the only KB figure is the bundle-size test limit, the one that test holds', () => {
    const limit = Number(/toBeLessThanOrEqual\((\d+) \* 1024\)/.exec(read('test/client/bundle-size.test.ts'))![1]);
    for (const file of ['docs/client.md', 'packages/client/README.md'])
      expect(
        [...read(file).matchAll(/(\d+) KB/g)].map((m) => Number(m[1])).filter((k) => k !== limit),
        file,
      ).toEqual([]);
  });
});

describe('the standard sets as the docs give them', () => {
  it("ghost.md: the standard set's weights and tier medians", () => {
    const cal = json('levels/ghost/standard.json')['calibration'] as { tierMedians: number[]; weights: { pair: number; contradiction: number } };
    const [pair, contradiction, medians] = stated('docs/ghost.md', /The standard set: weights \((\d+), (\d+)\), tier medians ([\d /]+\d)/);
    expect({ pair: Number(pair), contradiction: Number(contradiction), medians: medians!.split(' / ').map(Number) }).toEqual({
      ...cal.weights,
      medians: cal.tierMedians,
    });
  });

  it("slide.md: the standard set's thresholds and level count", () => {
    const set = json('levels/slide/standard.json') as { calibration: { thresholds: number[] }; levels: unknown[] };
    const [thresholds] = stated('docs/slide.md', /The standard set: ([\d. /]+\d)\./);
    expect(thresholds!.split(' / ').map(Number)).toEqual(set.calibration.thresholds);
    expect(num(stated('docs/slide.md', /\*Default set\* \(`config.ts`\): ([\d,]+) levels/)[0]!)).toBe(set.levels.length);
    const [three, of] = stated('docs/slide.md', /(\d+) of the ([\d,]+) standard levels have one/).map(num);
    // a colour of three blocks: letters a–o movable, A–O fixed, the same colour in either case
    const boards = (set.levels as { puzzle: { board: string[] } }[]).map((l) => l.puzzle.board.join('').toLowerCase());
    const withThree = boards.filter((b) => [...new Set(b.replace(/[^a-o]/g, ''))].some((c) => b.split(c).length - 1 === 3)).length;
    expect({ three, of }).toEqual({ three: withThree, of: set.levels.length });
  });

  it("apple.md: the standard set's greedy-score quantiles", () => {
    const q = (json('levels/apple/standard.json')['calibration'] as { greedyQuantiles: Record<string, number> }).greedyQuantiles;
    const [p10, p25, p50, p75, p90] = stated(
      'docs/apple.md',
      /The standard set's quantiles: p10 ([\d.]+), p25 ([\d.]+), p50 ([\d.]+), p75 ([\d.]+), p90 ([\d.]+)/,
    ).map(Number);
    expect({ p10, p25, p50, p75, p90 }).toEqual(q);
  });

  it("client.md: the ghost standard set's level count", () => {
    const n = (json('levels/ghost/standard.json')['levels'] as unknown[]).length;
    expect(num(stated('docs/client.md', /`levels\/ghost\/standard.json`'s ([\d,]+) levels/)[0]!)).toBe(n);
  });
});

describe("the built-in configs' figures as the kinds' pages give them", () => {
  it("apple.md: the tier thresholds are the default config's", () => {
    const tiers = APPLE_DEFAULT_CONFIG.tiers.filter((t) => t.minGreedy > 0).map((t) => `${t.tier} ≥ ${t.minGreedy}`);
    const [stated_] = stated('docs/apple.md', /easiest first — ((?:[A-Z]+ ≥ \d+, )+)[A-Z]+ below/);
    expect(stated_!.replace(/, $/, '').split(', ')).toEqual(tiers);
  });

  it("ghost.md and slide.md: the full preset's wanted boards", () => {
    expect(num(stated('docs/ghost.md', /the standard plan scaled to ([\d,]+) wanted boards/)[0]!)).toBe(GHOST_PRESETS.full.count);
    expect(num(stated('docs/slide.md', /the standard plan scaled to ([\d,]+) wanted boards/)[0]!)).toBe(SLIDE_PRESETS.full.count);
  });
});

describe('counts of files the docs give', () => {
  it('testing.md: the number of test/pipeline/levels-*.test.ts files the sequencer starts first', () => {
    const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
    const [word] = stated('docs/testing.md', /starts the ([a-z]+) `test\/pipeline\/levels-\*\.test\.ts` files/);
    const files = fs.readdirSync(path.join(ROOT, 'test', 'pipeline')).filter((f) => /^levels-.*\.test\.ts$/.test(f));
    expect(WORDS.indexOf(word!)).toBe(files.length);
  });

  it('the example game\'s README: its kind\'s files, and its lines to within 5 % (it says "about")', () => {
    const dir = path.join(ROOT, 'examples', 'pixel-garden', 'proofpack', 'kinds', 'nonogram');
    const [lines, files] = stated('examples/pixel-garden/README.md', /about ([\d,]+) lines of TypeScript in (\d+) files/).map(num);
    const ts = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const total = ts.reduce((a, f) => a + fs.readFileSync(path.join(dir, f), 'utf8').trimEnd().split('\n').length, 0);
    expect(files).toBe(ts.length);
    expect(Math.abs(total - lines!) / total).toBeLessThanOrEqual(0.05);
  });
});

describe('the committed dist/ as the docs give it', () => {
  const packs = () => (json('dist/manifest.json') as { packs: { file: string }[] }).packs.map((p) => p.file);
  const levels = (file: string) => json(`dist/${file}`)['levels'] as { analysis: { ghosts?: number } }[];

  it('client.md: levels and packs, the largest pack, the ghost levels and their catches', () => {
    const [all, count] = stated('docs/client.md', /\(([\d,]+) levels in (\d+) packs;/).map(num);
    expect({ all, count }).toEqual({ all: packs().reduce((a, f) => a + levels(f).length, 0), count: packs().length });
    const [largest, n] = stated('docs/client.md', /the largest, `([a-z0-9-]+\.json)` with (\d+) levels/);
    const sizes = packs().map((f) => [f, levels(f).length] as const);
    expect([largest, Number(n)]).toEqual(sizes.reduce((a, b) => (b[1] > a[1] ? b : a)));
    const ghost = packs().filter((f) => f.startsWith('ghost-'));
    const [ghostLevels, catches] = stated('docs/client.md', /dist\/ghost-\*\.json`, ([\d,]+) levels, ([\d,]+) catches/).map(num);
    expect({ ghostLevels, catches }).toEqual({
      ghostLevels: ghost.reduce((a, f) => a + levels(f).length, 0),
      catches: ghost.reduce((a, f) => a + levels(f).reduce((b, l) => b + (l.analysis.ghosts ?? 0), 0), 0),
    });
  });

  it("porting.md: each kind's conformance file size", () => {
    const [ghost, slide, apple] = stated(
      'docs/porting.md',
      /Sizes with the committed packs: ghost ([\d,]+) bytes, slide ([\d,]+) bytes, apple ([\d,]+) bytes/,
    ).map(num);
    const size = (k: string) => fs.statSync(path.join(ROOT, 'dist', 'conformance', `${k}.json`)).size;
    expect({ ghost, slide, apple }).toEqual({ ghost: size('ghost'), slide: size('slide'), apple: size('apple') });
  });

  it('every list of what bundle writes into dist/ names every kind of file dist/ holds', () => {
    expect(distNonPacks()).toEqual(['conformance/<kind>.json', 'manifest.json', 'preview/index.html', 'preview/play.html']);
    expect({
      readme: listLacks('README.md', /bundles the packs named in `levels\/packs.json` into `dist\/`/, /\) and validates/),
      gameRepo: listLacks('docs/game-repo.md', /bundles the packs of `DIR\/packs.json` into `dist\/`/, /\) and validates/),
      cli: listLacks('docs/cli.md', /`proofpack bundle --out dist\/` reads the packs config/, /The new dist is built whole/),
      architecture: listLacks('docs/architecture.md', /## Data flow/, /validate reads any set/),
    }).toEqual({ readme: [], gameRepo: [], cli: [], architecture: [] });
    // a list that leaves one out is caught
    expect(distNonPacks().filter((f) => !'(packs, `manifest.json`, `preview/index.html`)'.includes(f))).toEqual([
      'conformance/<kind>.json',
      'preview/play.html',
    ]);
  });
});
