// The standard set of a kind (<levels>/<kind>/<set>.json: the folder the
// commands' --levels names, `levels` by default), which the bench samples and
// hands to each kind's bench hook; null when it is absent.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BenchInput, PuzzleKind } from '../lib/kind.ts';
import { loadDocument } from '../commands/files/documents.ts';

export function standardSetFile(kind: PuzzleKind, levels: string): string {
  return path.join(levels, kind.name, `${kind.defaults.setName}.json`);
}

export function standardSetOf(kind: PuzzleKind, levels: string): BenchInput<unknown, unknown, unknown, unknown, unknown>['standardSet'] {
  const file = standardSetFile(kind, levels);
  if (!fs.existsSync(file)) return null;
  const loaded = loadDocument(file, ['set']);
  if (loaded.type !== 'set') return null;
  return { levels: loaded.doc.levels, config: loaded.doc.generator.config, calibration: loaded.doc.calibration };
}
