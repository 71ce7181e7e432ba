// The conformance-vector format (dist/conformance/<kind>.json): sequences of
// player actions on shipped levels, each with every result the client library
// gives, so that a port of the client (Godot, Unity, Swift…) can check itself
// action by action. Each kind writes its own vectors and owns its cases' format
// (PuzzleKind.conformance: tools/kinds/<kind>/conformance.ts and vectors.ts);
// this file holds what every kind's file shares (the header, a case's pack and
// level, a refused event) and the hook's type. A
// level is named by its pack and id: the port loads the pack from the same dist/.
import { z } from 'zod';
import type { Level } from './level.ts';
import { at } from './at.ts';

export const int = () => z.number().int();
export const cell = z.tuple([int(), int()]).describe('[row, col], 0-based, row 0 at the top');
export const medalQuestion = z.boolean().nullable().describe('null when the level\'s score is "unknown"');
export const why = z.string().describe('why the action was refused, for people: a port compares ok, not this text');

export const caseBase = {
  name: z.string().describe('what the sequence exercises'),
  pack: z.string().describe('pack name: the level is in <pack>.json next to conformance/'),
  level: z.string().describe('level id inside that pack'),
};

// ---- whole games: actions through the kind's step function (its game.ts),
// each with the event, the state summary and the answers the game shows after
// it. `refused` events carry a `why` for people: a port compares the kind, not the text.

export const refusedOr = <T extends z.ZodType>(other: T) => z.union([z.strictObject({ kind: z.literal('refused'), why }), other]);

/** The file of one kind (schema/<kind>.conformance.schema.json): single-rule cases, and whole games through the kind's step function. */
export function conformanceSchema<K extends string, C extends z.ZodType, G extends z.ZodType>(kind: K, cases: C, games: G) {
  return z.strictObject({ type: z.literal('conformance'), formatVersion: z.literal(2), kind: z.literal(kind), cases: z.array(cases), games: z.array(games) });
}

/** A conformance file of any kind, as bundle writes it and validate reads it. */
export interface ConformanceFile {
  type: 'conformance';
  formatVersion: 2;
  kind: string;
  cases: { name: string; pack: string; level: string; steps: unknown[] }[];
  games: { name: string; pack: string; level: string; steps: unknown[] }[];
}

/** A bundled pack as the conformance writer sees it: its name (file `<name>.json`) and content. */
export interface NamedPack {
  name: string;
  /** The pack (a PackFile of tools/lib/formats.ts): its kind and levels are what the writer reads. */
  pack: { kind: string; levels: Level[] };
}

/** The packs of one kind as the conformance writer hands them to that kind: name and levels. */
export type KindPacks<L> = readonly { name: string; levels: L[] }[];

/** The conformance vectors of one kind: single-rule cases and whole games. */
export interface KindVectors {
  cases: ConformanceFile['cases'];
  games: ConformanceFile['games'];
}

/** What a kind's record carries for its vectors: the schema of its file, and the writer. */
export interface KindConformance<L extends Level = Level> {
  /** The zod schema of `conformance/<kind>.json` (conformanceSchema). */
  readonly schema: z.ZodType;
  /** The kind's vectors for its bundled packs. Declared as a method: a kind typed by its level still fits the registry. */
  vectors(packs: KindPacks<L>): KindVectors;
}

/** Levels sampled per pack for the vectors: the first and the middle one. */
export function sample<L>(levels: readonly L[]): L[] {
  const picks = [...new Set([0, Math.floor(levels.length / 2)])].filter((i) => i < levels.length);
  return picks.map((i) => at(levels, i));
}
