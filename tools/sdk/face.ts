// proofpack/face: the browser-safe entry of the kind SDK (docs/kind-contract.md).
// What a kind's face.ts and view.ts (and every file they import) may import of
// proofpack: the face and view types, the level, the shape checks a face reads
// a pack's level with, `at`, and the byte and bit codecs of stored assets.
// Nothing here imports a `node:` module or zod, so a browser bundle of a face
// holds neither (test/codebase/layers.test.ts). Re-exports of tools/lib only,
// each by name: the names docs/kind-contract.md lists (test/codebase/
// docs-statements.test.ts checks each value exported is listed there), and so
// the unused-code check (knip) sees the rest of each module — a helper module
// re-exported whole would be public as a whole and never checked for dead code.
export type { KindFace, KindView, LevelOf, PlayAnswer, PlayControl, PlayInput, PlayView, ReplayReport } from '../lib/face.ts';
export type { Level } from '../lib/level.ts';
export type { Picture } from '../lib/picture.ts';
export type { Problem } from '../lib/kind.ts';
export { at } from '../lib/at.ts';
export { arr, base64, type Check, decodes, int, nest, obj, oneOf, ruleProblem, show, str, tuple, unknownOr } from '../lib/shape-check.ts';
export { BASE64_PATTERN, BitWriter, ByteReader, ByteWriter, fromBase64, isBase64, toBase64 } from '../lib/bytes.ts';
export { popcount } from '../lib/bits.ts';
