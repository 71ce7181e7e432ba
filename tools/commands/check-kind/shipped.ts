// Check: nothing unknown shipped. Every level generate stored is one that
// analyze proves: an `unknown` (a budget ran out, nothing is known) or a
// `rejected` outcome for a stored level means the kind's generateSlot keeps
// what it should have thrown away (docs/kind-contract.md: unknown is never shipped).
import type { Outcome } from '../../lib/kind.ts';
import type { CheckContext } from './context.ts';

export function checkShipped(c: CheckContext, outcomes: readonly (Outcome<unknown, unknown> | undefined)[]): void {
  outcomes.forEach((o, i) => {
    if (o && o.status !== 'proven')
      c.v.add(
        'nothing unknown shipped',
        'generateSlot',
        `stored a level that analyze calls ${o.status} (${o.reason}): only proven levels may be stored`,
        c.levelInput(i),
      );
  });
}
