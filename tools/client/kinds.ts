// The puzzle kinds the client knows, as the pipeline side of it sees them:
// for each, the formats (zod schemas: the pipeline's full pack check and the
// kind contract test), the replay of a level's stored solution and its
// conformance vectors. Not part of the game's import (index.ts): a game
// checks packs with pack-check.ts and the manifest's hashes, without zod.
// Adding a kind to the client = its modules like ./ghost.ts and
// ./ghost-vectors.ts, a check in pack-check.ts and one entry here.
import type { ClientKind } from './client-kind.ts';
import { GHOST_TIERS, GhostAnalysis, GhostCalibration, GhostConfig, GhostPuzzle, GhostSolution } from '../kinds/ghost/schema.ts';
import { SLIDE_TIERS, SlideAnalysis, SlideCalibration, SlideConfig, SlidePuzzle, SlideSolution } from '../kinds/slide/schema.ts';
import { APPLE_TIERS, AppleAnalysis, AppleCalibration, AppleConfig, ApplePuzzle, AppleSolution } from '../kinds/apple/schema.ts';
import { replayGhost } from './ghost.ts';
import { replaySlide } from './slide.ts';
import { replayApple } from './apple.ts';
import { ghostVectors } from './ghost-vectors.ts';
import { slideVectors } from './slide-vectors.ts';
import { appleVectors } from './apple-vectors.ts';

export type { ClientKind, ReplayReport } from './client-kind.ts';

/** Every kind the client can load and play: ghost, slide, apple. */
export const CLIENT_KINDS: readonly ClientKind<any>[] = [
  {
    formats: {
      name: 'ghost',
      tiers: GHOST_TIERS,
      schemas: { puzzle: GhostPuzzle, solution: GhostSolution, analysis: GhostAnalysis, config: GhostConfig, calibration: GhostCalibration },
    },
    replay: replayGhost,
    vectors: ghostVectors,
  },
  {
    formats: {
      name: 'slide',
      tiers: SLIDE_TIERS,
      schemas: { puzzle: SlidePuzzle, solution: SlideSolution, analysis: SlideAnalysis, config: SlideConfig, calibration: SlideCalibration },
    },
    replay: replaySlide,
    vectors: slideVectors,
  },
  {
    formats: {
      name: 'apple',
      tiers: APPLE_TIERS,
      schemas: { puzzle: ApplePuzzle, solution: AppleSolution, analysis: AppleAnalysis, config: AppleConfig, calibration: AppleCalibration },
    },
    replay: replayApple,
    vectors: appleVectors,
  },
];

/** The client kind named `name` ("ghost", "slide", "apple"), or undefined. */
export function clientKind(name: string): ClientKind | undefined {
  return CLIENT_KINDS.find((k) => k.formats.name === name);
}
