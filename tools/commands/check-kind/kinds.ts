// The kinds check-kind checks: the one named, or with no name every kind of
// the game. Today that is every registered kind (the registry is the list the
// other commands read); where the game's own kinds come from is decided here
// and nowhere else in check-kind.
import { KINDS, kindByName } from '../../kinds/index.ts';
import type { KindSource } from './calls.ts';

export function kindsToCheck(name?: string): KindSource[] {
  const kinds = name === undefined ? KINDS : [kindByName(name)];
  return kinds.map((kind) => ({ kind, module: null }));
}
