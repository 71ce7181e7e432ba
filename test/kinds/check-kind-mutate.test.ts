// check-kind's changes of a stored value come from its zod schema
// (tools/commands/check-kind/mutate.ts), not from a table a kind fills: every
// field of every kind's analysis and calibration gets a change the schema
// accepts, each change changes one field only, and bounds, tolerances, enums
// and a union's fixed members are respected.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { z } from 'zod';
import { KINDS } from '../../tools/kinds/index.ts';
import { mutations } from '../../tools/commands/check-kind/mutate.ts';
import type { SetFile } from '../../tools/lib/files.ts';
import { compareFields } from '../../tools/lib/compare.ts';
import { ROOT } from '../support/helpers.ts';

const keysOf = (schema: z.ZodType) => Object.keys((schema as unknown as { shape: object }).shape);
/** The top-level field a change is in: `analysis.stars.two` → `stars`. */
const topKey = (field: string) => /^[a-z]+\.([A-Za-z0-9]+)/.exec(field)?.[1];

describe.each(KINDS.map((k) => [k.name, k] as const))('%s: changes derived from its schemas', (_name, kind) => {
  const set = JSON.parse(fs.readFileSync(path.join(ROOT, 'levels', kind.name, `${kind.defaults.setName}.json`), 'utf8')) as SetFile;
  // a level whose analysis holds every value type its schema allows first (ghost: exact scores, not "unknown")
  const level = set.levels.find((l) => typeof (l.analysis as { maxScore?: unknown }).maxScore !== 'string') ?? set.levels[0]!;

  it('changes every analysis field that can hold another value, one field at a time, each accepted by the schema', () => {
    const ms = mutations(kind.schemas.analysis, level.analysis, 'analysis', (k) => kind.tolerances[k] ?? 0);
    const covered = new Set(ms.map((m) => topKey(m.field)));
    // a field that can hold one value only (slide's status: the literal 'solved') has no change
    const fixed = kind.name === 'slide' ? ['status'] : [];
    expect(keysOf(kind.schemas.analysis).filter((k) => !covered.has(k))).toEqual(fixed);
    for (const m of ms) {
      expect(kind.schemas.analysis.safeParse(m.value).success).toBe(true);
      const changed = compareFields('analysis', level.analysis, m.value, kind.tolerances);
      expect(changed.length, m.field).toBe(1);
      expect(m.field.startsWith(changed[0]!.field) || changed[0]!.field.startsWith(m.field), `${m.field} vs ${changed[0]!.field}`).toBe(true);
    }
  });

  it('changes every calibration field and the puzzle', () => {
    const cal = mutations(kind.schemas.calibration, set.calibration, 'calibration');
    expect(keysOf(kind.schemas.calibration).filter((k) => !cal.some((m) => topKey(m.field) === k))).toEqual([]);
    expect(mutations(kind.schemas.puzzle, level.puzzle, 'puzzle').length).toBeGreaterThan(0);
  });
});

describe('mutations', () => {
  const schema = z.strictObject({
    count: z.number().int().min(0).max(5),
    share: z.number().min(0).max(1),
    flag: z.boolean(),
    mode: z.enum(['a', 'b']),
    score: z.union([z.number().int(), z.literal('unknown')]),
    list: z.array(z.number().int().min(0)).max(3),
  });
  const value = { count: 5, share: 0.5, flag: true, mode: 'a', score: 7, list: [1, 2, 3] };
  const ms = mutations(schema, value, 'analysis', (k) => (k === 'share' ? 0.1 : 0));
  const at = (field: string) => ms.filter((m) => m.field === field).map((m) => (m.value as Record<string, unknown>)[field.split(/[.[]/)[1]!]);

  it('keeps numbers within their bounds and steps fractions past their tolerance', () => {
    expect(at('analysis.count')).toEqual([4]);
    // ±1 leaves [0, 1]; the step is past the tolerance 0.1
    expect(at('analysis.share')).toEqual([0.71, 0.29]);
  });

  it('flips booleans, picks another enum entry, and another member of a union', () => {
    expect(at('analysis.flag')).toEqual([false]);
    expect(at('analysis.mode')).toEqual(['b']);
    expect(at('analysis.score')).toEqual(['unknown', 8, 6]);
  });

  it('cuts arrays (growing past their maximum is refused) and changes their first and last entries', () => {
    expect(ms.filter((m) => m.field === 'analysis.list').map((m) => (m.value as typeof value).list)).toEqual([[1, 2]]);
    expect(ms.map((m) => m.field)).toEqual(expect.arrayContaining(['analysis.list[0]', 'analysis.list[2]']));
    expect(ms.map((m) => m.field)).not.toContain('analysis.list[1]');
  });
});
