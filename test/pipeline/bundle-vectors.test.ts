// bundle writes the conformance vectors itself (conformance/<kind>.json), with
// nothing handed in by the CLI (issue 44).
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT, tempDir } from '../support/helpers.ts';
import { bundleCommand } from '../../tools/commands/bundle.ts';
import { memoryConsole } from '../../tools/lib/console.ts';

describe('bundle writes the conformance vectors itself', () => {
  it('bundleCommand, called with no writer, writes conformance/apple.json for the apple packs', async () => {
    const dir = tempDir();
    const levels = path.join(dir, 'levels');
    fs.mkdirSync(path.join(levels, 'apple'), { recursive: true });
    fs.copyFileSync(path.join(ROOT, 'levels', 'apple', 'standard.json'), path.join(levels, 'apple', 'standard.json'));
    const tiers = Object.fromEntries(
      (JSON.parse(fs.readFileSync(path.join(levels, 'apple', 'standard.json'), 'utf8')) as { levels: { tier: string }[] }).levels.map((l) => [l.tier, 1]),
    );
    const packs = path.join(levels, 'packs.json');
    fs.writeFileSync(
      packs,
      JSON.stringify({ type: 'packs-config', formatVersion: 1, packs: [{ name: 'apples', set: 'apple/standard.json', tiers, order: 'difficulty' }] }),
    );
    const out = path.join(dir, 'dist');
    expect(await bundleCommand({ packs, out }, memoryConsole())).toBe(0);
    expect(fs.readdirSync(path.join(out, 'conformance'))).toEqual(['apple.json']);
    const vectors = JSON.parse(fs.readFileSync(path.join(out, 'conformance', 'apple.json'), 'utf8')) as { kind: string; cases: unknown[] };
    expect(vectors.kind).toBe('apple');
    expect(vectors.cases.length).toBeGreaterThan(0);
  });
});
