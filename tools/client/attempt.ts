// One attempt record from a finished (or abandoned) play, for a game's play
// log: the level, the player, whether it was solved and its mistakes (both by
// the kind's own rules, KindFace.outcome), the seconds it took and when it
// ended. The shape is the attempt log format's, one JSON line each.
// Browser-safe: no schema library; the bounds checked are the log format's.
import type { KindFace } from '../lib/face.ts';
import type { Level } from './types.ts';

/** Longest player id an attempt record carries (the attempt log format's). */
const MAX_PLAYER = 128;
/** Most seconds an attempt record carries (the attempt log format's). */
const MAX_SECONDS = 1e9;

/** One line of an attempt log: `{ level, player, solved, seconds, mistakes, at? }`. */
export interface AttemptRecord {
  level: string;
  player: string;
  solved: boolean;
  seconds: number;
  mistakes: number;
  at?: string;
}

/** What the game knows of a play that its state does not: who played, how long, when it ended. */
export interface AttemptPlay {
  /** An opaque player id, 1..128 characters (no personal data). */
  readonly player: string;
  /** Seconds spent on the play, 0..1e9. */
  readonly seconds: number;
  /** When the play ended (a Date or an ISO 8601 string, written in UTC); left out of the record when not given. */
  readonly at?: Date | string;
}

/**
 * The attempt record of a play of `level` that has reached `state` (made by
 * the face's start, step or restore): solved and mistakes from the face's
 * `outcome`, so a play stopped before the end is `solved: false`; `at` written
 * as ISO 8601 in UTC. Throws an Error when the face has no outcome, and a
 * RangeError when player or seconds are out of the format's bounds (naming
 * the field) or at is not a time.
 */
export function attemptRecord<L extends Level, St>(face: KindFace<L, string, St>, level: L, state: St, play: AttemptPlay): AttemptRecord {
  const { player, seconds, at } = play;
  if (!face.outcome) throw new Error(`attemptRecord: the ${face.name} face has no outcome`);
  if (!(typeof player === 'string' && player.length > 0 && player.length <= MAX_PLAYER)) throw new RangeError('attemptRecord: player: 1..128 characters');
  if (!(typeof seconds === 'number' && seconds >= 0 && seconds <= MAX_SECONDS)) throw new RangeError('attemptRecord: seconds: 0..1e9');
  const { solved, mistakes } = face.outcome(level, state);
  const record: AttemptRecord = { level: level.id, player, solved, seconds, mistakes };
  if (at !== undefined) record.at = new Date(at).toISOString(); // RangeError on an invalid time
  return record;
}
