// Loading a pack in the game client: parse, check against the pack schema of
// its kind (the same zod schemas the pipeline writes packs with), and return
// the typed pack. One line per problem, naming the level and the field.
import { packSchema, type PackFile } from '../lib/formats.ts';
import { clientKind, CLIENT_KINDS, type ClientKind } from './kinds.ts';

/** The error loadPack throws: one line naming the level id and the field, or what is wrong with the file as a whole. */
export class PackError extends Error {}

/** A checked pack: the client rules of its kind and the pack itself. */
export interface LoadedPack {
  /** The kind's client rules (formats, replay, vectors). */
  readonly kind: ClientKind;
  /** The pack as checked against its kind's schemas. */
  readonly pack: PackFile;
}

/** Parse and schema-check a pack (JSON text or an already parsed value). Throws PackError. */
export function loadPack(input: string | unknown): LoadedPack {
  let raw: unknown = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch (e) {
      throw new PackError(`not valid JSON (${(e as Error).message})`);
    }
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new PackError('a pack is a JSON object');
  const name = (raw as { kind?: unknown }).kind;
  const kind = clientKind(String(name));
  if (!kind) throw new PackError(`kind: expected one of ${CLIENT_KINDS.map((k) => JSON.stringify(k.formats.name)).join(', ')}, found ${JSON.stringify(name)}`);
  const parsed = packSchema(kind.formats).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.map(String);
    const where =
      path[0] === 'levels' && path.length > 1
        ? `${(raw as { levels: { id?: unknown }[] }).levels[Number(path[1])]?.id ?? `levels[${path[1]}]`} › ${path.slice(2).join('.') || '(level)'}`
        : path.join('.') || '(pack)';
    throw new PackError(`${where}: ${issue.message}`);
  }
  return { kind, pack: parsed.data as PackFile };
}
