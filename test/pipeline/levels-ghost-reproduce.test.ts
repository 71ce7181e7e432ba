// levels/ghost/standard.json is what the default pipeline makes from its config
// and seed, byte for byte (test/support/committed-levels.ts has the parts).
import { it } from 'vitest';
import { expectReproduced } from '../support/committed-levels.ts';

it('levels/ghost/standard.json is reproduced byte for byte from its config and seed', () => expectReproduced('ghost'));
