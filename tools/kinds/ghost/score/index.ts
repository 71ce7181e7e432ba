// The exact score DP of a ghost board: its room's one entrance. Nothing outside
// this folder imports any other file of it (test/codebase/rooms.test.ts); the
// rest of ghost calls only what is exported at the end.
//
// What it computes (docs/ghost.md, "Score"). A catch of ghost g when the set S
// is already caught gains 100 + 50·Δopen·Δcomplete (the rule, ../score-rule.ts,
// which the client plays by too and which this room only evaluates). Both
// deltas depend on S and g alone, so every one of the G! catching orders
// scores 100·G + 50·B, B the sum of Δopen·Δcomplete, and a DP over the 2^G
// subsets S (bit g = ghost g in row-major order) finds the best and the worst
// B still to come from each state:
//     F(all) = 0,   F(S) = max/min over g ∉ S of  d(S, S∪g) + F(S∪g),
//     d(S, T) = (open(T) − open(S)) · (complete(T) − complete(S)).
// From F it gives the score assets (score-assets.ts): maxScore and minScore,
// the free ghosts (g is free when, from every state on an optimal play
// without g, catching g next still allows the optimum) and the two "still on
// course for the medal" assets — or "unknown" for each when the board has
// more ghosts than the set's scoreGhostLimit (at most DP_MAX_GHOSTS).
// One (S, g ∉ S) pair is one transition: G·2^(G−1) in all.
//
// Three DPs, one result. Which runs is a function of G only, with the
// thresholds defined once in ../limits.ts; all three return the same
// ExactOptima (dp-kernel.ts: the optima, the states on optimal plays and
// their W), and score-assets.ts builds the assets from any of them on one path:
// * single (dp-single.ts), up to KERNEL_MAX_GHOSTS = 28: all 2^G states in
//   one WebAssembly memory, 6 bytes a state (ck, fmax, fmin: u16 each), 1.6 GB
//   at 28; a 32-bit memory stops at 4 GB.
// * layered (dp-layered.ts), 29 to COURSE_MAX_GHOSTS = 32
//   (docs/score-layered.md): the same recurrence over blocks of 2^16 states
//   (the low ghosts; LAYERED_LOW_BITS), solved layer by layer by the number
//   of high ghosts caught, from all caught down to none, with two layers in
//   one arena outside the kernel's memory; every block's fmax and fmin go to
//   two scratch files, which the forward marking of the optimal states reads
//   back a layer at a time. From HEAVY_GHOSTS = 31 on it holds the
//   machine-wide lock HEAVY_LOCK ("score-heavy"): one such DP at a time.
// * medal (dp-medal.ts), 33 to DP_MAX_GHOSTS = 36 (docs/score-layered.md,
//   "More than 32 ghosts"): the layered DP at 2 bytes a state — one medal a
//   pass, ck never stored but recounted per block, the terms cut on the
//   JavaScript side so no index or mask passes through 32 bits. The course
//   assets are "unknown" there (their keys are 32-bit masks). The blocks of a
//   layer are shared among the threads of the command's team
//   (dp-medal-blocks.ts: each helper thread imports that module by its own
//   URL and loads its own kernel); where two layers do not fit 0.9 × the
//   machine's memory, the layer being read is streamed back from the scratch
//   file in runs of consecutive blocks (dp-stream.ts), with the same results.
// The tests run the layered and medal DPs on small boards with small blocks
// (many layers) and compare them with the single one state by state.
//
// The course assets (course-build.ts; docs/ghost-assets.md). A play that has
// caught S with bonus b is still on course for the medal exactly when
// b + F(S) = OPT; such an S lies on an optimal play (the set D), so the client
// needs W(S) = F(S) + open(S) on D only, ⊥ elsewhere. W is stored as a reduced
// ordered decision diagram over the ghosts, built bottom-up from D's states
// (ascending masks) with their W; the row-major ghost order first and, when
// that asset is longer than ORDER_TRY_BYTES and the room allows, three more
// (row-major reversed, column-major and its reverse), the shortest kept. The bytes' format and the
// client's reader are ../course-format.ts, outside this room because the
// client bundles it. The builder works in the memory each DP offers it (the
// single DP: any; the layered DP: its arena, at least 4 GiB, courseRoom; the
// medal DP past 32 ghosts: none); an asset that does not fit is "unknown",
// never a guess.
//
// The kernel (dp-kernel.ts; docs/score-kernel.md). The loops run in a
// WebAssembly SIMD kernel written in AssemblyScript, assembly/score-kernel.ts,
// the one place its memory layout and algorithms are described: ck block by
// block as a subset-sum transform of inclusion–exclusion terms (ck = open <<
// CK_SHIFT | complete), the best/worst remainder by a radix-16 recursion, the
// forward marking of the states on optimal plays. `npm run build` compiles it
// (tools/scripts/build-kernel.mjs) to score-kernel.wasm in this folder,
// gitignored, and copies it to the same place under build/; dp-kernel.ts
// loads it synchronously from beside itself (import.meta.url), so tsx, the
// compiled code and the worker threads find it alike. It keeps one instance
// per thread, grown and never shrunk, and owns the memory map (wholeMap for
// the single DP, blockMap for a block and its successor) and the model the
// kernel is given (dpModel).
//
// Room and scratch (dp-room.ts). A DP the machine has not the room for is
// refused, never answered "unknown": a set's bytes never depend on the
// machine. scoreAssets checks the DP's memory (dpNeeds) against 0.9 × what
// the command layer read of the machine before it allocates anything; the
// scratch disk is checked when the writing is about to start, after the
// heavy lock (while another DP holds it, that DP's files fill the disk).
// The scratch files come from the command layer (ctx.scratch: this room
// does no file I/O of its own); every DP writes through roomFile and
// allocates its large buffers through allocating, which turn a full disk or
// a refused allocation into the same one-line ResourceError.
//
// The files: score-assets.ts (the one path, dpNeeds), dp-kernel.ts,
// dp-single.ts, dp-layered.ts, dp-medal.ts, dp-medal-blocks.ts, dp-stream.ts,
// dp-room.ts, course-build.ts and assembly/score-kernel.ts.

export { scoreAssets, exactScores } from './score-assets.ts';
export { dpModel } from './dp-kernel.ts';
export { scoreTables } from './dp-single.ts';
export { LAYERED_LOW_BITS } from './dp-layered.ts';
