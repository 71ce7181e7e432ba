// Byte-level changes of stored binary fields, for tests that break an asset on purpose.
import { fromBase64, toBase64 } from '../../tools/lib/bytes.ts';

/** A binary field (base64) with one bit of byte `at` flipped (from the end when negative): still base64, other bytes. */
export function flipByte(text: string, at: number, bit = 0): string {
  const bytes = fromBase64(text, 'mutation');
  const i = at < 0 ? bytes.length + at : at;
  bytes[i] = (bytes[i] as number) ^ (1 << bit);
  return toBase64(bytes);
}
