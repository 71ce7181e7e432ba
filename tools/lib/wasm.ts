// A tiny WebAssembly assembler: enough of the binary format (i32 and v128
// instructions, structured control flow, one memory) to write small hot
// kernels in TypeScript and instantiate them synchronously in Node. Used where
// a kernel needs SIMD that JavaScript cannot express (the ghost score DP).
// Every module is checked with WebAssembly.validate before use.

export const I32 = 0x7f;
export const V128 = 0x7b;
type ValType = typeof I32 | typeof V128;

function uleb(n: number, out: number[]): void {
  do {
    let b = n & 0x7f;
    n = Math.floor(n / 128);
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
}

function sleb(n: number, out: number[]): void {
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return;
    }
    out.push(b | 0x80);
  }
}

const vec = (items: number[][]): number[] => {
  const out: number[] = [];
  uleb(items.length, out);
  for (const i of items) out.push(...i);
  return out;
};

const str = (s: string): number[] => {
  const bytes = [...new TextEncoder().encode(s)];
  const out: number[] = [];
  uleb(bytes.length, out);
  return [...out, ...bytes];
};

/** A function body under construction: instructions appended in order. */
export class Body {
  readonly bytes: number[] = [];
  private readonly locals: ValType[] = [];
  constructor(readonly params: ValType[], readonly results: ValType[]) {}

  /** A new local of the given type; returns its index. */
  local(t: ValType = I32): number {
    this.locals.push(t);
    return this.params.length + this.locals.length - 1;
  }

  private op(...b: number[]): this {
    this.bytes.push(...b);
    return this;
  }
  private mem(code: number, align: number, offset: number, simd = false): this {
    if (simd) {
      this.bytes.push(0xfd);
      uleb(code, this.bytes);
    } else this.bytes.push(code);
    uleb(align, this.bytes);
    uleb(offset, this.bytes);
    return this;
  }
  private simd(code: number): this {
    this.bytes.push(0xfd);
    uleb(code, this.bytes);
    return this;
  }

  get(i: number) { return this.op(0x20, ...lebOf(i)); }
  set(i: number) { return this.op(0x21, ...lebOf(i)); }
  tee(i: number) { return this.op(0x22, ...lebOf(i)); }
  const(n: number) {
    this.bytes.push(0x41);
    sleb(n | 0, this.bytes);
    return this;
  }
  // control
  block() { return this.op(0x02, 0x40); }
  loop() { return this.op(0x03, 0x40); }
  if() { return this.op(0x04, 0x40); }
  else() { return this.op(0x05); }
  end() { return this.op(0x0b); }
  br(depth: number) { return this.op(0x0c, ...lebOf(depth)); }
  brIf(depth: number) { return this.op(0x0d, ...lebOf(depth)); }
  return() { return this.op(0x0f); }
  call(f: number) { return this.op(0x10, ...lebOf(f)); }
  select() { return this.op(0x1b); }
  drop() { return this.op(0x1a); }
  // memory
  load(offset = 0) { return this.mem(0x28, 2, offset); }
  load16u(offset = 0) { return this.mem(0x2f, 1, offset); }
  store(offset = 0) { return this.mem(0x36, 2, offset); }
  store16(offset = 0) { return this.mem(0x3b, 1, offset); }
  // i32
  eqz() { return this.op(0x45); }
  eq() { return this.op(0x46); }
  ne() { return this.op(0x47); }
  ltS() { return this.op(0x48); }
  ltU() { return this.op(0x49); }
  gtS() { return this.op(0x4a); }
  gtU() { return this.op(0x4b); }
  geS() { return this.op(0x4e); }
  ctz() { return this.op(0x68); }
  popcnt() { return this.op(0x69); }
  add() { return this.op(0x6a); }
  sub() { return this.op(0x6b); }
  mul() { return this.op(0x6c); }
  and() { return this.op(0x71); }
  or() { return this.op(0x72); }
  xor() { return this.op(0x73); }
  shl() { return this.op(0x74); }
  shrU() { return this.op(0x76); }
  // v128
  v128Load(offset = 0) { return this.mem(0x00, 4, offset, true); }
  v128Store(offset = 0) { return this.mem(0x0b, 4, offset, true); }
  i16x8Splat() { return this.simd(0x10); }
  v128And() { return this.simd(0x4e); }
  i16x8ShrU() { return this.simd(0x8d); }
  i16x8Add() { return this.simd(0x8e); }
  i16x8Sub() { return this.simd(0x91); }
  i16x8Mul() { return this.simd(0x95); }
  i16x8MinU() { return this.simd(0x97); }
  i16x8MaxU() { return this.simd(0x99); }

  /** The body's encoding (locals, instructions, final end). */
  encode(): number[] {
    const groups: number[][] = [];
    for (const t of this.locals) {
      const last = groups[groups.length - 1];
      if (last && last[1] === t) last[0]!++;
      else groups.push([1, t]);
    }
    const localBytes: number[] = [];
    uleb(groups.length, localBytes);
    for (const [count, t] of groups) {
      uleb(count!, localBytes);
      localBytes.push(t!);
    }
    const body = [...localBytes, ...this.bytes, 0x0b];
    const out: number[] = [];
    uleb(body.length, out);
    return [...out, ...body];
  }
}

function lebOf(n: number): number[] {
  const out: number[] = [];
  uleb(n, out);
  return out;
}

/** A module of functions (exported by name) and one exported memory named "memory". */
export function assemble(functions: { name: string; body: Body }[], memoryPages: number): Uint8Array<ArrayBuffer> {
  const section = (id: number, content: number[]) => {
    const out = [id];
    uleb(content.length, out);
    return [...out, ...content];
  };
  const types = functions.map(({ body }) => [0x60, ...vec(body.params.map((p) => [p])), ...vec(body.results.map((r) => [r]))]);
  const bytes = [
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vec(types)),
    ...section(3, vec(functions.map((_, i) => lebOf(i)))),
    ...section(5, vec([[0x00, ...lebOf(memoryPages)]])),
    ...section(7, vec([...functions.map((f, i) => [...str(f.name), 0x00, ...lebOf(i)]), [...str('memory'), 0x02, 0x00]])),
    ...section(10, vec(functions.map((f) => f.body.encode()))),
  ];
  const module = new Uint8Array(bytes);
  if (!WebAssembly.validate(module)) throw new Error('internal: the assembled WebAssembly module does not validate');
  return module;
}
