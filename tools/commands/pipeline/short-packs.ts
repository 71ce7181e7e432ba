// After every kind's set is made: every pack and tier the sets cannot fill, in
// one message, before anything else is checked or bundled (--allow-short
// bundles them with a warning). The plan entries generate found short of
// boards matter only then: they say why; else one line, nothing to do.
import { at } from '../../lib/at.ts';
import { InputError } from '../../lib/errors.ts';
import { buildPacks } from '../bundle/cut.ts';
import type { Shortfalls } from './each-kind.ts';
import type { Plan } from './job.ts';
import type { RunContext } from './steps.ts';

/** Say the short packs and their plan entries; throws (nothing bundled) when a tier is short without --allow-short. */
export function checkShortPacks({ opts, con, tree, unchanged }: RunContext, { packs, packsDoc }: Plan, shortfalls: Shortfalls): void {
  const short: string[] = [];
  buildPacks(tree.staged(packs), packsDoc, { allowShort: true, warn: (line) => short.push(tree.original(line).replace(/^warning: /, '')) });
  if (short.length > 0) for (const line of shortfalls.lines) opts.allowShort ? con.warn(line) : con.err(line);
  else if (shortfalls.notes.length > 0) con.out(`\n${shortfalls.notes.join('; ')}; every pack tier is filled, so nothing to do`);
  if (short.length > 0 && !opts.allowShort) {
    const lines = [
      ...short,
      `pipeline: ${short.length} pack tier${short.length > 1 ? 's' : ''} cannot be filled (--allow-short bundles them anyway); ${unchanged}`,
    ];
    throw new InputError(at(lines, 0), lines);
  }
}
