// Compact binary fields inside JSON: unsigned LEB128 varints written to a
// growable byte buffer and read back with bounds checks, and base64 (RFC 4648
// alphabet, no padding) without Node's Buffer, so a browser client decodes with
// the same code; and a bit writer (Elias gamma, exp-Golomb codes). No Node-only
// imports.

export class ByteWriter {
  private buf = new Uint8Array(64);
  length = 0;

  byte(b: number): this {
    if (this.length === this.buf.length) {
      const grown = new Uint8Array(this.buf.length * 2);
      grown.set(this.buf);
      this.buf = grown;
    }
    this.buf[this.length++] = b & 0xff;
    return this;
  }

  /** Unsigned varint: 7 bits a byte, low bits first, high bit set on all but the last byte. */
  varint(v: number): this {
    if (!(Number.isInteger(v) && v >= 0 && v <= 0xffffffff)) throw new Error(`varint out of range: ${v}`);
    while (v >= 0x80) {
      this.byte((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    return this.byte(v);
  }

  bytes(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

export class ByteReader {
  at = 0;
  constructor(
    readonly buf: Uint8Array,
    /** Names the field in errors. */
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.at >= this.buf.length;
  }

  byte(): number {
    if (this.at >= this.buf.length) throw new Error(`${this.what}: ends early (byte ${this.at})`);
    return this.buf[this.at++]!;
  }

  varint(): number {
    let v = 0;
    let scale = 1;
    for (let i = 0; i < 5; i++) {
      const b = this.byte();
      v += (b & 0x7f) * scale;
      if (b < 0x80) {
        if (i > 0 && b === 0) throw new Error(`${this.what}: a varint with a redundant zero byte (byte ${this.at - 1})`);
        return v;
      }
      scale *= 128;
    }
    throw new Error(`${this.what}: a varint longer than 5 bytes (byte ${this.at})`);
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const INDEX = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) INDEX[ALPHABET.charCodeAt(i)] = i;

/**
 * A base64 string (no padding) is made of these characters only. One character
 * class repeated, never a repeated group: a regular expression engine checks it
 * in linear time with constant stack, whatever the length (a repeated group of
 * four blew V8's stack on a 6 MB string, in ajv and in the client). Its length
 * mod 4 is never 1: isBase64 checks both.
 */
export const BASE64_PATTERN = /^[A-Za-z0-9+/]*$/;

/** True when `text` is unpadded base64 as fromBase64 reads it: the alphabet only, and a length mod 4 that is not 1. Linear, no recursion. */
export function isBase64(text: string): boolean {
  return text.length % 4 !== 1 && BASE64_PATTERN.test(text);
}

export function toBase64(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[v >>> 18]! + ALPHABET[(v >>> 12) & 63]! + ALPHABET[(v >>> 6) & 63]! + ALPHABET[v & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const v = bytes[i]! << 16;
    out += ALPHABET[v >>> 18]! + ALPHABET[(v >>> 12) & 63]!;
  } else if (rest === 2) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[v >>> 18]! + ALPHABET[(v >>> 12) & 63]! + ALPHABET[(v >>> 6) & 63]!;
  }
  return out;
}

/** Decode unpadded base64; throws on a character outside the alphabet, a bad length or non-zero spare bits. */
export function fromBase64(text: string, what: string): Uint8Array {
  if (text.length % 4 === 1) throw new Error(`${what}: base64 of impossible length ${text.length}`);
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? INDEX[c]! : -1;
    if (v < 0) throw new Error(`${what}: ${JSON.stringify(text[i])} at ${i} is not a base64 character`);
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >>> bits) & 0xff;
      acc &= (1 << bits) - 1;
    }
  }
  if (acc !== 0) throw new Error(`${what}: base64 with non-zero spare bits`);
  return out;
}

/** Bits, most significant first within each byte; the last byte is padded with zero bits. */
export class BitWriter {
  private out = new ByteWriter();
  private acc = 0;
  private n = 0;

  bit(b: number): this {
    this.acc = (this.acc << 1) | (b & 1);
    if (++this.n === 8) {
      this.out.byte(this.acc);
      this.acc = 0;
      this.n = 0;
    }
    return this;
  }

  /** `v` in exactly `width` bits. */
  bits(v: number, width: number): this {
    for (let i = width - 1; i >= 0; i--) this.bit(Math.floor(v / 2 ** i) & 1);
    return this;
  }

  /** Elias gamma code of v ≥ 1: ⌊log2 v⌋ zero bits, then v in binary. */
  gamma(v: number): this {
    if (!(Number.isInteger(v) && v >= 1 && v < 2 ** 31)) throw new Error(`gamma code out of range: ${v}`);
    const width = 32 - Math.clz32(v);
    for (let i = 1; i < width; i++) this.bit(0);
    return this.bits(v, width);
  }

  /** Exponential-Golomb code of order k of v ≥ 0: gamma(⌊v / 2^k⌋ + 1), then v mod 2^k in k bits. */
  expGolomb(v: number, k: number): this {
    return this.gamma(Math.floor(v / 2 ** k) + 1).bits(v % 2 ** k, k);
  }

  /** The bits written, as bytes (the last one padded with zero bits). */
  bytes(): Uint8Array {
    const whole = this.out.bytes();
    if (this.n === 0) return whole;
    const out = new Uint8Array(whole.length + 1);
    out.set(whole);
    out[whole.length] = (this.acc << (8 - this.n)) & 0xff;
    return out;
  }
}
