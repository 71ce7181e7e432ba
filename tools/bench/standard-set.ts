// The committed standard set of a kind (levels/<kind>/<set>.json), which the
// bench samples and hands to each kind's bench hook; null when it is absent.
import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BenchInput, PuzzleKind } from '../lib/kind.ts';
import { PROJECT_ROOT } from '../lib/paths.ts';
import { loadDocument } from '../commands/shared/documents.ts';

export function standardSetFile(kind: PuzzleKind): string {
  return fileURLToPath(new URL(`levels/${kind.name}/${kind.defaults.setName}.json`, PROJECT_ROOT));
}

export function standardSetOf(kind: PuzzleKind): BenchInput<unknown, unknown, unknown, unknown, unknown>['standardSet'] {
  const file = standardSetFile(kind);
  if (!fs.existsSync(file)) return null;
  const loaded = loadDocument(file, ['set']);
  if (loaded.type !== 'set') return null;
  return { levels: loaded.doc.levels, config: loaded.doc.generator.config, calibration: loaded.doc.calibration };
}
