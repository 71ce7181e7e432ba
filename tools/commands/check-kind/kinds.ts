// The kinds check-kind checks: the one named (built-in or the game's), or
// with no name every kind of the game — the modules its kinds.json lists, as
// the registry loaded them (kinds/index.ts). A game kind's module goes with
// it, so the member worker loads the same module through the same loader.
import { InputError } from '../../lib/errors.ts';
import { gameKindModules, kindByName, kinds, kindsConfigFile } from '../../kinds/index.ts';
import type { KindSource } from './calls.ts';

/** The game's own kinds with their modules, in kinds.json's order. */
function gameKinds(): KindSource[] {
  // the registry lists the built-in kinds, then one kind per game module
  const modules = gameKindModules();
  return kinds()
    .slice(kinds().length - modules.length)
    .map((kind, i) => ({ kind, module: modules[i]?.url ?? null }));
}

export function kindsToCheck(name?: string): KindSource[] {
  if (name !== undefined) {
    const kind = kindByName(name);
    return [gameKinds().find((s) => s.kind === kind) ?? { kind, module: null }];
  }
  const game = gameKinds();
  if (game.length === 0)
    throw new InputError(
      `check-kind: ${kindsConfigFile()} registers no kind of the game's to check; list its modules there (docs/game-repo.md), or name a kind (check-kind ${kinds()
        .map((k) => k.name)
        .join('|')})`,
    );
  return game;
}
