// proofpack/face: the browser-safe entry of the kind SDK (docs/kind-contract.md).
// What a kind's face.ts and view.ts (and every file they import) may import of
// proofpack: the face and view types, the level, the shape checks a face reads
// a pack's level with, `at`, and the byte and bit codecs of stored assets.
// Nothing here imports a `node:` module or zod, so a browser bundle of a face
// holds neither (test/codebase/layers.test.ts). Re-exports of tools/lib only;
// the helper modules whole (a helper added there is a kind's at once, and
// test/codebase/docs-statements.test.ts makes it be listed in
// docs/kind-contract.md). Not by name as in proofpack/kind, though that would
// let knip check the rest of each module: named re-exports here change how
// esbuild splits the client's chunks, and a game's createClient alone grew
// from 4,929 to 5,074 bytes (build/client-sizes.json).
export type { KindFace, KindView, LevelOf, PlayAnswer, PlayControl, PlayInput, PlayView, ReplayReport } from '../lib/face.ts';
export type { Level } from '../lib/level.ts';
export type { Picture } from '../lib/picture.ts';
export type { Problem } from '../lib/kind.ts';
export * from '../lib/at.ts';
export * from '../lib/shape-check.ts';
export * from '../lib/bytes.ts';
export * from '../lib/bits.ts';
export * from '../lib/replay-actions.ts';
