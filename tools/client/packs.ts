// Loading packs in the game client: parse, check the shape of every field the
// client reads (pack-check.ts — no schema library in the client), and, from
// the manifest, check each pack's bytes against its SHA-256 (Web Crypto, in
// browsers and Node 20) so a game knows it has exactly what the pipeline
// proved and checked with its full schemas. One line per problem, naming the
// file or level and the field. Each loader reads the kinds of the faces it is
// given: the built-in client's (built-in.ts) or a game's (create-client.ts).
import type { PackFile, ReplayReport } from './types.ts';
import { faceOf, packProblem } from './pack-check.ts';
import type { FaceName } from '../kinds/faces.ts';
import type { KindFace } from '../lib/face.ts';
import { show } from '../lib/shape-check.ts';
import { PackError } from './pack-error.ts';
import { unknownKind } from './unknown-kind.ts';

export { PackError };

/** The rules of a pack's kind as a loaded pack carries them: its name and the replay of a level's stored solution. */
export interface PlayKind<N extends string = FaceName> {
  /** The kind's name: "ghost", "slide" or "apple", or a game's kind given to createClient. */
  readonly name: N;
  /** Replay the level's stored solution with the kind's rules (never throws). */
  replay(level: PackFile['levels'][number]): ReplayReport;
}

/** A checked pack: the rules of its kind and the pack itself. */
export interface LoadedPack<N extends string = FaceName> {
  /** The kind's rules (name, replay). */
  readonly kind: PlayKind<N>;
  /** The pack, its fields checked. */
  readonly pack: PackFile;
}

const parse = (input: string | unknown, what: string): unknown => {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input);
  } catch (e) {
    throw new PackError(`${what}: not valid JSON (${(e as Error).message})`);
  }
};

/** Parse and check a pack (JSON text or an already parsed value) of a kind of `faces`. Throws PackError naming the level id and field. */
export function loadPack(input: string | unknown, faces: readonly KindFace[]): LoadedPack<string> {
  const raw = parse(input, 'pack');
  const problem = packProblem(raw, faces);
  if (problem !== null) throw new PackError(problem);
  const pack = raw as PackFile;
  const face = faceOf(pack.kind, faces);
  if (!face) throw new PackError(`kind: ${show(pack.kind)} is not a kind this client knows`); // packProblem refused it already
  return { kind: { name: face.name, replay: (level) => face.replay(level) }, pack };
}

/** One pack as the manifest lists it. */
export interface ManifestEntry {
  /** Pack name. */
  readonly name: string;
  /** "ghost", "slide" or "apple". */
  readonly kind: string;
  /** The pack's file, relative to the manifest. */
  readonly file: string;
  /** Levels in the pack. */
  readonly levels: number;
  /** Size of the file in bytes. */
  readonly bytes: number;
  /** SHA-256 of the file's bytes, 64 lowercase hex digits. */
  readonly sha256: string;
}

/** The checked manifest: its packs. */
export interface LoadedManifest {
  /** The packs, in the manifest's order. */
  readonly packs: readonly ManifestEntry[];
}

/** Parse and check a manifest (`dist/manifest.json`, text or parsed) whose packs are of kinds of `faces`. Throws PackError naming the entry and field. */
export function loadManifest(input: string | unknown, faces: readonly KindFace[]): LoadedManifest {
  const raw = parse(input, 'manifest') as { type?: unknown; packs?: unknown } | null;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new PackError('manifest: a manifest is a JSON object');
  if (raw.type !== 'manifest') throw new PackError(`manifest › type: expected "manifest", found ${show(raw.type)}`);
  if (!Array.isArray(raw.packs)) throw new PackError('manifest › packs: expected a list');
  const packs = raw.packs.map((p: Record<string, unknown> | null, i: number): ManifestEntry => {
    const at = `manifest › packs[${i}]`;
    if (p === null || typeof p !== 'object') throw new PackError(`${at}: expected an object`);
    if (typeof p.name !== 'string') throw new PackError(`${at}.name: expected a string`);
    if (!faceOf(p.kind, faces)) throw new PackError(`${at}.kind: ${unknownKind(p.kind, faces)}`);
    if (typeof p.file !== 'string' || !/^[a-z0-9][a-z0-9_-]*\.json$/.test(p.file)) throw new PackError(`${at}.file: expected a file name like "name.json"`);
    for (const k of ['levels', 'bytes'] as const)
      if (!Number.isInteger(p[k]) || (p[k] as number) < 0) throw new PackError(`${at}.${k}: expected a whole number ≥ 0`);
    if (typeof p.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(p.sha256)) throw new PackError(`${at}.sha256: expected 64 lowercase hex digits`);
    return { name: p.name, kind: p.kind as string, file: p.file, levels: p.levels as number, bytes: p.bytes as number, sha256: p.sha256 };
  });
  return { packs };
}

/** SHA-256 of bytes (or of a string's UTF-8 bytes) as 64 lowercase hex digits, by Web Crypto (`crypto.subtle`). */
export async function sha256Hex(data: Uint8Array | string): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  let hex = '';
  for (const b of digest) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/**
 * Load the pack `entry` of a manifest from its file's bytes (or text): the
 * size and SHA-256 must match the manifest, then loadPack checks it and its
 * kind, name and level count must match the entry. Throws PackError naming the file.
 */
export async function loadVerifiedPack(entry: ManifestEntry, data: Uint8Array | string, faces: readonly KindFace[]): Promise<LoadedPack<string>> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  if (bytes.length !== entry.bytes) throw new PackError(`${entry.file}: ${bytes.length} bytes, the manifest says ${entry.bytes}: download it again`);
  const hash = await sha256Hex(bytes);
  if (hash !== entry.sha256) throw new PackError(`${entry.file}: SHA-256 ${hash}, the manifest says ${entry.sha256}: the file is not the one bundled`);
  let loaded: LoadedPack<string>;
  try {
    loaded = loadPack(new TextDecoder().decode(bytes), faces);
  } catch (e) {
    throw new PackError(`${entry.file}: ${(e as Error).message}`);
  }
  if (loaded.pack.kind !== entry.kind || loaded.pack.name !== entry.name || loaded.pack.levels.length !== entry.levels)
    throw new PackError(
      `${entry.file}: the pack is ${loaded.pack.kind} "${loaded.pack.name}" with ${loaded.pack.levels.length} levels, the manifest lists ${entry.kind} "${entry.name}" with ${entry.levels}`,
    );
  return loaded;
}
