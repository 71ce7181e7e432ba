// TEMPORARY shim of the public browser-safe SDK entry `proofpack/face` (issue
// 42): the face and view types, the shape-check helpers, `at` and the codecs,
// re-exported from tools/lib under the names the SDK will have. No schema
// library and no Node-only import. The real entry replaces this file.
export type { KindFace, KindView, PlayAnswer, PlayControl, PlayInput, PlayView, ReplayReport } from '../lib/face.ts';
export type { Level } from '../lib/level.ts';
export type { Picture } from '../lib/picture.ts';
export { arr, base64, decodes, int, nest, obj, oneOf, show, str, tuple, type Check } from '../lib/shape-check.ts';
export { at } from '../lib/at.ts';
export { BitReader, BitWriter, ByteReader, ByteWriter, fromBase64, toBase64 } from '../lib/bytes.ts';
