// Shared by the slide tests: a quick generator config (small boards, short
// solutions) so sets for tests are made in a second or two.
import { slide } from '../../tools/kinds/slide/index.ts';
import type { SlideConfig } from '../../tools/kinds/slide/schema.ts';

export const QUICK_CONFIG: SlideConfig = {
  ...slide.defaults.config,
  triesPerBoard: 500,
  minMoves: [2, 4],
  plan: [
    { size: 5, count: 10, minMoves: [2, 4] },
    { size: 6, count: 10, minMoves: [3, 4] },
  ],
};
