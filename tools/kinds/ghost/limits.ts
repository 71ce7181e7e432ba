// The ghost counts at which the exact score DP changes how it runs, defined
// once: the config schema, its descriptions, the cost estimate, the DPs and
// the docs (checked by a test) all take them from here.

/** The single-memory DP (score/dp-single.ts) up to here: 6·2^G bytes of 32-bit WebAssembly memory (1.6 GB at 28). */
export const KERNEL_MAX_GHOSTS = 28;

/** The layered DP with both medals in one pass (score/dp-layered.ts, 6 bytes a state for two layers: 9.6 GB at 32) and the course assets (32-bit state masks) up to here. */
export const COURSE_MAX_GHOSTS = 32;

/** The ceiling of the exact DP, and of scoreGhostLimit. Past KERNEL_MAX_GHOSTS the layered DP (score/dp-layered.ts) runs, past COURSE_MAX_GHOSTS one medal a pass (score/dp-medal.ts: 2.1 bytes a state for two layers, 12.9 GB at 34, 49 GB at 36; where two layers do not fit the machine, the layer being read is streamed from the scratch file: 5.8 GB at 35, 7.2 GB at 36) with "unknown" course assets. */
export const DP_MAX_GHOSTS = 36;

/** From here on one layered DP needs over 5 GB (about 4.5 GB at most up to 30 ghosts): only one such DP runs at a time on the machine. */
export const HEAVY_GHOSTS = 31;
