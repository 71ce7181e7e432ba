// Picking a sample that covers a whole difficulty range: bundle cuts packs
// with it and the bench draws its validate sample with it.
import { at } from '../../lib/at.ts';

/** `count` levels spread evenly over `levels` (which is in difficulty order). */
export function spread<T>(levels: readonly T[], count: number): T[] {
  if (count >= levels.length) return [...levels];
  return Array.from({ length: count }, (_, j) => at(levels, Math.floor((j * levels.length) / count)));
}
