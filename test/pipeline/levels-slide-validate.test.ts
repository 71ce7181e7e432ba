// Every slide level of levels/ and dist/ validates: re-analysed, each distinct
// level once (test/support/committed-levels.ts has the parts).
import { it } from 'vitest';
import { expectKindValidates } from '../support/committed-levels.ts';

it('levels/slide/ and the slide packs of dist/ validate, every level re-analysed', () => expectKindValidates('slide'));
