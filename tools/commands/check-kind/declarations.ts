// Check: what the kind's record declares holds, and its sample fits its
// formats: tiers (some, each once), a default config its config schema
// accepts with a non-empty plan, and every generated level's puzzle, solution
// and analysis accepted by the kind's schemas and its tier one of its tiers.
import type { CheckContext } from './context.ts';

const CHECK = 'declarations';

export async function checkDeclarations(c: CheckContext): Promise<void> {
  const { kind } = c;
  const record = 'the kind record';
  if (!Array.isArray(kind.tiers) || kind.tiers.length === 0) c.v.add(CHECK, 'tiers', 'none: list the tiers, easiest first', record);
  else if (new Set(kind.tiers).size !== kind.tiers.length) c.v.add(CHECK, 'tiers', 'names a tier twice', record);
  const parsed = kind.schemas.config.safeParse(kind.defaults.config);
  if (!parsed.success) c.v.add(CHECK, 'defaults', `its config schema refuses the default config: ${parsed.error.issues[0]?.message ?? ''}`, record);
  else {
    // on the member worker, under its time limit (a throw or a time-out is named by c.member)
    const planned = await c.member(CHECK, 'plan', [kind.defaults.config], `${record}'s default config`);
    if (planned && Array.isArray(planned.value) && planned.value.length === 0) c.v.add(CHECK, 'plan', 'the default config plans no level', record);
  }
  for (const [i, level] of c.set.levels.entries()) {
    for (const part of ['puzzle', 'solution', 'analysis'] as const) {
      const r = kind.schemas[part].safeParse(level[part]);
      if (!r.success)
        c.v.add(
          CHECK,
          'generateSlot',
          `stored a ${part} its schema refuses (${r.error.issues[0]?.path.join('.') ?? ''}: ${r.error.issues[0]?.message ?? ''})`,
          c.levelInput(i),
        );
    }
    if (!kind.tiers.includes(level.tier)) c.v.add(CHECK, 'tierOf', `gave ${JSON.stringify(level.tier)}, not one of the tiers`, c.levelInput(i));
  }
}
