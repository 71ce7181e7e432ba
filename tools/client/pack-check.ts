// The client's own check of a pack, without a schema library: the envelope
// here, each level by its kind's face (KindFace.levelProblem: the shape of
// every field the rules read, and every asset decoded), so that a level that
// passes cannot make the play functions misbehave. The pipeline checks packs
// in full with its zod schemas (bundle, validate); a game that also checks the
// manifest's SHA-256 (loadManifest, loadVerifiedPack) knows it has exactly the
// bytes the pipeline checked. First problem only, as
// "<level id> › <field>: <what is wrong>".
import { show } from '../lib/shape-check.ts';
import type { KindFace } from '../lib/face.ts';
import { unknownKind } from './unknown-kind.ts';

/** The face of the kind named `name` among `faces` (the client's), or undefined. */
export function faceOf(name: unknown, faces: readonly KindFace[]): KindFace | undefined {
  return faces.find((f) => f.name === name);
}

/** The first problem of a parsed pack as one line naming the level and field, or null when the client, knowing `faces`, can play it. */
export function packProblem(raw: unknown, faces: readonly KindFace[]): string | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return 'a pack is a JSON object';
  const pack = raw as Record<string, unknown>;
  const face = faceOf(pack.kind, faces);
  if (!face) return `kind: ${unknownKind(pack.kind, faces)}`;
  if (pack.type !== 'pack') return `type: expected "pack", found ${show(pack.type)}`;
  if (typeof pack.name !== 'string') return `name: expected a string, found ${show(pack.name)}`;
  if (!Array.isArray(pack.levels)) return `levels: expected a list, found ${show(pack.levels)}`;
  const seen = new Set<string>();
  for (let i = 0; i < pack.levels.length; i++) {
    const level = pack.levels[i] as Record<string, unknown> | null;
    if (level === null || typeof level !== 'object' || Array.isArray(level)) return `levels[${i}]: expected a level object`;
    const id = typeof level.id === 'string' && new RegExp(`^${pack.kind}-[0-9a-f]{12}$`).test(level.id) ? level.id : null;
    if (!id) return `levels[${i}] › id: expected "${pack.kind}-" and 12 hex digits, found ${show(level.id)}`;
    if (seen.has(id)) return `${id} › id: appears twice in the pack`;
    seen.add(id);
    if (typeof level.tier !== 'string') return `${id} › tier: expected a string, found ${show(level.tier)}`;
    const e = face.levelProblem(level);
    if (e !== null) return `${id} › ${e.replace(/^\./, '')}`;
  }
  return null;
}
