// The client as a browser game ships it: tools/client/index.ts bundled with
// everything it imports and minified (each kind's face, read from the one
// list of kinds as build-client reads it), at most 60 KB, with no schema
// library and no play-page view inside (the client checks packs itself and by
// the manifest's SHA-256).
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { build } from 'esbuild';
import { kindParts } from '../../tools/scripts/kind-parts.ts';
import { ROOT } from '../support/helpers.ts';

describe('client browser bundle', () => {
  it('is at most 60 KB minified with its dependencies, and holds no zod', async () => {
    const r = await build({
      entryPoints: [path.join(ROOT, 'tools', 'client', 'index.ts')],
      bundle: true,
      plugins: [kindParts(['face'])],
      minify: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      legalComments: 'none',
      logLevel: 'silent',
    });
    const bytes = r.outputFiles[0]!.contents.length;
    const inputs = Object.keys(r.metafile.inputs);
    expect(inputs.filter((f) => f.includes('node_modules'))).toEqual([]);
    expect(inputs.filter((f) => /schema\.ts$|commands|lib\/formats|vectors|kinds\/[^/]+\/view\.ts$/.test(f))).toEqual([]);
    expect(bytes).toBeLessThanOrEqual(60 * 1024);
  });

  it("ships the declarations its own reach, not the kinds' pipeline (the list of kinds brings it into tsc's program)", () => {
    const dir = path.join(ROOT, 'packages', 'client', 'dist', 'types');
    const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.d.ts'));
    expect(files).toContain(path.join('client', 'index.d.ts'));
    const pipeline = /^(commands|bench)\/|^kinds\/[^/]+\/(analyze|bench|dp-[a-z]+|deepen|tiers|preview|vectors)\.d\.ts$/;
    expect(files.filter((f) => pipeline.test(f.split(path.sep).join('/')))).toEqual([]);
  });
});
