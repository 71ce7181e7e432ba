// generate's checkpoint (`<out>.checkpoint.json`): the finished slots of an
// interrupted run and the settings of its job. A checkpoint is never destroyed
// by a mistake: a run without --resume that finds one refuses (keeping it); a
// --resume of another job names the setting that differs; every slot read back
// is checked like any input (its slot number, its shape, the kind's schemas and
// rule checks, whose results run/resume.ts brings from the pool, which also
// generates every resumed slot again and compares it byte for byte) and a bad
// one is reported, never trusted or dropped. This file reads, checks and
// writes; it runs nothing.
// A slot that found nothing (or whose solver disagreed) is never taken from the
// file: it is generated again, so `found: null` cannot thin out a set, nor a
// stored `disagreements` reach the stats. A board found in two slots is refused
// (each slot draws its own board; a copy into another plan entry's slot).
import stringify from 'fast-json-stable-stringify';
import type { z } from 'zod';
import { InputError, show, where } from '../../lib/errors.ts';
import { Checkpoint, FORMAT_VERSION } from '../../lib/files.ts';
import { readJson, writeFileAtomic } from '../../lib/io.ts';
import { sha256Hex } from '../../lib/ids.ts';
import type { PuzzleKind, SlotResult } from '../../lib/kind.ts';
import { checkDocument } from './documents.ts';
import { at } from '../../lib/at.ts';

/** The finished slots of a run, by slot index. */
export type Slots = Map<number, SlotResult<unknown, unknown, unknown>>;

/** A checkpoint document as its schema reads it. */
type CheckpointDoc = z.infer<typeof Checkpoint>;

/** Everything a job's output depends on, as stored in its checkpoint. */
export interface JobSettings {
  tool: string;
  kind: string;
  seed: number;
  name: string;
  count: number | null;
  shard: { index: number; count: number } | null;
  config: unknown;
}

export const jobHash = (settings: JobSettings): string => sha256Hex(stringify(settings));

export function writeCheckpoint(file: string, settings: JobSettings, done: Slots): void {
  const slots = [...done.entries()].sort((a, b) => a[0] - b[0]).map(([slot, result]) => ({ slot, result }));
  writeFileAtomic(file, `${stringify({ type: 'checkpoint', formatVersion: FORMAT_VERSION, job: jobHash(settings), settings, slots })}\n`);
}

/** The refusal of a run without --resume that finds a checkpoint (the checkpoint is kept). */
export function foundCheckpoint(file: string): string {
  return `${file}: a checkpoint of an interrupted run is there (kept): rerun with --resume to continue from it, or delete it to start over`;
}

/** The first place two values differ, as a field path (`plan[3].count`), or undefined when equal. */
export function firstDifference(
  a: unknown,
  b: unknown,
  at: string,
  say: (a: unknown, b: unknown) => string = (x, y) => `the checkpoint's is ${show(x)}, this run's is ${show(y)}`,
): string | undefined {
  if (stringify(a) === stringify(b)) return undefined;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${at}.length: ${say(a.length, b.length)}`;
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${at}[${i}]`, say);
      if (d) return d;
    }
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const d = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], at ? `${at}.${key}` : key, say);
      if (d) return d;
    }
  }
  return `${at}: ${say(a, b)}`;
}

/**
 * The checkpoint in `file`, refused (an InputError naming the first setting
 * that differs) unless it belongs to the job of `settings`. pipeline calls it
 * for every kind before any work, so a mismatched --resume is found before a
 * kind is regenerated.
 */
export function checkpointOfJob(file: string, settings: JobSettings): CheckpointDoc {
  const cp = checkDocument(file, readJson(file), Checkpoint);
  if (cp.job !== jobHash(settings)) {
    const theirs = cp.settings;
    const diff = theirs ? firstDifference(theirs, settings, '') : undefined;
    const what = diff ? `${diff.replace(/^\./, '')}` : 'other config, seed, name, count, shard or tool version';
    throw new InputError(
      `${where(file, 'job')}: the checkpoint belongs to another job (${what}); run the same job again to resume it, or delete the checkpoint or drop --resume`,
    );
  }
  return cp;
}

/**
 * The slots of a checkpoint of this job, each checked like any input: a slot of
 * this job given once, its shape and the kind's schemas, the kind's rule checks
 * (`ruled`: the fields that break them, by slot, from the pool), one board a
 * slot. Every bad slot is reported at once.
 */
export function checkedSlots(kind: PuzzleKind, file: string, cp: CheckpointDoc, slotsOfJob: ReadonlySet<number>, ruled: readonly (string[] | null)[]): Slots {
  const problems: string[] = [];
  const done: Slots = new Map();
  const given = new Set<number>();
  const boards = new Map<string, number>();
  // more slots than the job has: at least one is not the job's or given twice; one line, not one a slot
  if (cp.slots.length > slotsOfJob.size)
    throw new InputError(
      `${where(file, 'slots')}: ${cp.slots.length} slots, but this job has ${slotsOfJob.size}; not a checkpoint of this job: delete it to start over`,
    );
  cp.slots.forEach((s, i) => {
    const here = where(file, `slots[${i}] (slot ${s.slot})`);
    if (!slotsOfJob.has(s.slot)) return problems.push(`${here} › slot: not a slot of this job`);
    if (given.has(s.slot)) return problems.push(`${here} › slot: given twice`);
    given.add(s.slot);
    const found = s.result.found;
    if (found) {
      const before = problems.length;
      if (s.result.tries < 1) problems.push(`${here} › result.tries: a found board took at least one try (found ${s.result.tries})`);
      for (const part of ['puzzle', 'solution', 'analysis'] as const) {
        const parsed = kind.schemas[part].safeParse(found[part]);
        if (!parsed.success) {
          const issue = at(parsed.error.issues, 0);
          const field = [part, ...issue.path.map(String)].join('.');
          problems.push(`${here} › result.found.${field}: ${issue.message}`);
        }
      }
      if (problems.length === before) for (const field of ruled[i] ?? []) problems.push(`${here} › result.found.${field}: does not follow the rules`);
    }
    // a slot that found nothing, or whose solver disagreed, is not taken from the file: it is run again (its own RNG gives what an uninterrupted run gives)
    if (!found || s.result.disagreements !== 0) return;
    const key = stringify(found.puzzle);
    const twin = boards.get(key);
    if (twin !== undefined) return problems.push(`${here} › result.found.puzzle: the same board as slot ${twin}; every slot draws its own board`);
    boards.set(key, s.slot);
    done.set(s.slot, s.result as SlotResult<unknown, unknown, unknown>);
  });
  if (problems.length > 0) {
    const lines = [
      ...problems,
      `${file}: not resumed: the checkpoint has ${problems.length} bad slot${problems.length > 1 ? 's' : ''}; delete it to start over`,
    ];
    throw new InputError(at(lines, 0), lines);
  }
  return done;
}
