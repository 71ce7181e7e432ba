// Check: calibrate() depends on the set, not on the order of its levels. curate
// calibrates the deduplicated set and validate calibrates it again from the
// stored order, so a calibration that reads "the first level" differs between
// the two; the sample's levels are given in order, reversed and rotated by one,
// and every answer must be the same.
import { stableJson } from '../../lib/json.ts';
import type { CheckContext } from './context.ts';

const CHECK = 'calibrate';

export async function checkCalibrate(c: CheckContext): Promise<void> {
  const levels = c.set.levels;
  if (levels.length < 2) return;
  const config = c.set.generator.config;
  const orders: [string, unknown[]][] = [
    ['in order', [...levels]],
    ['reversed', [...levels].reverse()],
    ['rotated by one', [...levels.slice(1), levels[0]]],
  ];
  let first: string | undefined;
  for (const [name, list] of orders) {
    const got = await c.member(CHECK, 'calibrate', [list, config], `the sample's ${levels.length} levels ${name} (${c.job})`);
    if (!got) return;
    const text = stableJson(got.value);
    if (first === undefined) first = text;
    else if (text !== first) {
      c.v.add(CHECK, 'calibrate', `depends on the order of the levels: ${name} gives another calibration than in order`, `the sample's levels (${c.job})`);
      return;
    }
  }
}
