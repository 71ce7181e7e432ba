// validate rebuilds a manifest with bundle's own builder from the packs it
// names and compares every field (issue 43): a manifest whose pack kind, tier
// counts, source hash or source seed was changed is one problem line naming
// manifest.json, the pack entry and the field, exit 1 — never "ok".
import { beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';
import { stableJson } from '../../tools/lib/json.ts';
import { sha256Hex } from '../../tools/lib/ids.ts';

const dir = tempDir();
const levels = path.join(dir, 'levels');
const dist = path.join(dir, 'dist');

beforeAll(async () => {
  fs.mkdirSync(path.join(levels, 'slide'), { recursive: true });
  const candidates = path.join(dir, 'c.json');
  expect((await run(['generate', 'slide', '--count', '6', '--seed', '3', '--threads', '1', '--quiet', '--out', candidates])).code).toBe(0);
  expect((await run(['curate', candidates, '--out', path.join(levels, 'slide', 'standard.json'), '--quiet'])).code).toBe(0);
  const pack = (name: string, tiers: Record<string, 'all'>) => ({ name, set: 'slide/standard.json', tiers, order: 'difficulty' });
  const packs = {
    type: 'packs-config',
    formatVersion: 1,
    packs: [
      pack('p0', { tutorial: 'all', easy: 'all' }),
      pack('p1', { normal: 'all' }),
      pack('p2', { hard: 'all' }),
      pack('p3', { expert: 'all' }),
      pack('p4', { tutorial: 'all', normal: 'all' }),
    ],
  };
  fs.writeFileSync(path.join(levels, 'packs.json'), JSON.stringify(packs));
  const b = await run(['bundle', '--packs', path.join(levels, 'packs.json'), '--out', dist, '--quiet']);
  expect(b.code, b.stderr).toBe(0);
});

type Entry = { kind: string; tiers: Record<string, number>; source: { sha256: string; seed: number } };

/** A copy of the bundle with its manifest edited; validate's problem lines and exit code on it (as `validate dist` and `validate levels dist`). */
async function tampered(edit: (packs: Entry[]) => void, withLevels: boolean) {
  const copy = fs.mkdtempSync(path.join(dir, 'dist-'));
  fs.cpSync(dist, copy, { recursive: true });
  const file = path.join(copy, 'manifest.json');
  const m = JSON.parse(fs.readFileSync(file, 'utf8'));
  edit(m.packs);
  fs.writeFileSync(file, JSON.stringify(m));
  const r = await run(['validate', ...(withLevels ? [levels] : []), copy, '--threads', '1']);
  return { code: r.code, problems: r.stdout.split('\n').filter((l) => l.includes(': stored ')), file };
}

describe('validate compares every field of a manifest with what bundle builds from its packs', () => {
  it('the bundle as written is ok', async () => {
    const r = await run(['validate', levels, dist, '--threads', '1']);
    expect(r.code, r.stdout).toBe(0);
  });

  for (const withLevels of [false, true]) {
    const how = withLevels ? 'validate levels dist' : 'validate dist';
    it(`${how}: packs[4].kind says apple for a slide pack`, async () => {
      const r = await tampered((p) => void (p[4]!.kind = 'apple'), withLevels);
      expect(r.code).toBe(1);
      expect(r.problems).toEqual([`${r.file} › p4 › packs[4].kind: stored "apple", recomputed "slide"`]);
    });

    it(`${how}: packs[0].tiers counts changed`, async () => {
      let was = 0;
      const r = await tampered((p) => {
        was = p[0]!.tiers['tutorial']!;
        p[0]!.tiers['tutorial'] = was + 2;
      }, withLevels);
      expect(r.code).toBe(1);
      expect(r.problems).toEqual([`${r.file} › p0 › packs[0].tiers.tutorial: stored ${was + 2}, recomputed ${was}`]);
    });

    it(`${how}: source.sha256 zeros`, async () => {
      let was = '';
      const r = await tampered((p) => {
        was = p[2]!.source.sha256;
        p[2]!.source.sha256 = '0'.repeat(64);
      }, withLevels);
      expect(r.code).toBe(1);
      expect(r.problems).toEqual([`${r.file} › p2 › packs[2].source.sha256: stored "${'0'.repeat(64)}", recomputed "${was}"`]);
    });

    it(`${how}: source.seed changed`, async () => {
      const r = await tampered((p) => void (p[1]!.source.seed = 4), withLevels);
      expect(r.code).toBe(1);
      expect(r.problems).toEqual([`${r.file} › p1 › packs[1].source.seed: stored 4, recomputed 3`]);
    });
  }

  it('a tier the pack does not have, added to the manifest, is named too', async () => {
    const r = await tampered((p) => void (p[3]!.tiers['hard'] = 1), false);
    expect(r.code).toBe(1);
    expect(r.problems).toEqual([`${r.file} › p3 › packs[3].tiers.hard: stored 1, recomputed undefined`]);
  });

  it('validate levels dist: a pack whose generator record differs from its set (manifest kept consistent) is named in the pack', async () => {
    const copy = fs.mkdtempSync(path.join(dir, 'dist-'));
    fs.cpSync(dist, copy, { recursive: true });
    const packFile = path.join(copy, 'p1.json');
    const pack = JSON.parse(fs.readFileSync(packFile, 'utf8'));
    const was = pack.generator.untiered;
    pack.generator.untiered = was + 5;
    const text = `${stableJson(pack)}\n`;
    fs.writeFileSync(packFile, text);
    const m = JSON.parse(fs.readFileSync(path.join(copy, 'manifest.json'), 'utf8'));
    m.packs[1].bytes = Buffer.byteLength(text);
    m.packs[1].sha256 = sha256Hex(text);
    fs.writeFileSync(path.join(copy, 'manifest.json'), JSON.stringify(m));
    const r = await run(['validate', levels, copy, '--threads', '1']);
    expect(r.code, r.stdout).toBe(1);
    expect(r.stdout.split('\n').filter((l) => l.includes(': stored '))).toEqual([
      `${packFile} › pack › generator.untiered: stored ${was + 5}, recomputed ${was}`,
    ]);
  });
});
