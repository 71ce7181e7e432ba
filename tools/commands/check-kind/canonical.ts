// Check: canonical() is idempotent and gives the id generate stored, and
// every puzzle equivalents() lists — the puzzle itself first — is a valid
// puzzle with the same canonical form (the same level id).
import { levelId } from '../../lib/ids.ts';
import { stableJson } from '../../lib/json.ts';
import type { CheckContext } from './context.ts';

const CHECK = 'canonical and equivalents';

export async function checkCanonical(c: CheckContext): Promise<void> {
  const { kind } = c;
  for (const [i, level] of c.set.levels.entries()) {
    const input = c.levelInput(i);
    const first = await c.member(CHECK, 'canonical', [level.puzzle], input);
    if (!first) continue;
    const again = await c.member(CHECK, 'canonical', [first.value], input);
    if (again && stableJson(again.value) !== stableJson(first.value))
      c.v.add(CHECK, 'canonical', 'is not idempotent: canonical(canonical(p)) differs from canonical(p)', input);
    if (levelId(kind.name, first.value) !== level.id) c.v.add(CHECK, 'canonical', 'gives another id than generate stored', input);
    const eq = await c.member(CHECK, 'equivalents', [level.puzzle], input);
    if (!eq) continue;
    if (!Array.isArray(eq.value) || eq.value.length === 0) {
      c.v.add(CHECK, 'equivalents', 'returned no list of puzzles', input);
      continue;
    }
    const list: unknown[] = eq.value;
    if (stableJson(list[0]) !== stableJson(level.puzzle)) c.v.add(CHECK, 'equivalents', 'does not list the puzzle itself first', input);
    for (const [k, q] of list.entries()) {
      if (!kind.schemas.puzzle.safeParse(q).success) {
        c.v.add(CHECK, 'equivalents', `equivalents[${k}] is not a valid puzzle (its schema refuses it)`, input);
        continue;
      }
      const cq = await c.member(CHECK, 'canonical', [q], `equivalents[${k}] of ${input}`);
      if (cq && stableJson(cq.value) !== stableJson(first.value))
        c.v.add(CHECK, 'equivalents', `equivalents[${k}] has another canonical form (another id) than the puzzle`, input);
    }
  }
}
