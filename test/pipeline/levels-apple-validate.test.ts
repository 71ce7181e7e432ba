// Every apple level of levels/ and dist/ validates: re-analysed, each distinct
// level once (test/support/committed-levels.ts has the parts).
import { it } from 'vitest';
import { expectKindValidates } from '../support/committed-levels.ts';

it('levels/apple/ and the apple packs of dist/ validate, every level re-analysed', () => expectKindValidates('apple'));
