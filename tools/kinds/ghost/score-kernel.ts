// The WebAssembly kernel of the exact score DP (score-dp.ts describes the DP).
// Memory layout (bytes):
//   CON   0      per constraint (target > 0), 16 bytes: ghost mask, then the
//                3-word mask of its cells that are not open at the start
//   BYG   2048   per ghost, 64 bytes: count, then the constraints containing it
//   ALIVE 4096   per low ghost of the current block, 256 bytes: its constraints that can
//                complete inside the block, 16 bytes each: low ghost mask, cell mask
//   ALIVE_END 8192  per low ghost: the end address of its ALIVE entries
//   OPEN  8448   per state of the current block of 2^L states: 3-word open mask
//   CK    24832  u16 per state: open·128 + complete
//   FMAX  CK+2N  u16 per state: best bonus still to come
//   FMIN  CK+4N  u16 per state: worst bonus still to come
//   BITS  after  two bitsets of 2^G bits: the states on a best / worst play
// Functions:
//   counts(N, L, ncons, span)  fills CK, block by block (inside a block a state is the
//                        state without its lowest bit plus what that ghost completes),
//                        and sets FMAX to 0 and FMIN to UNSET_MIN
//   mark(N, fOff, bitsOff) the states on an optimal play (score-dp.ts optimalStates)
//   solve(base, j, span) finalises FMAX/FMIN of states base..base+2^j−1, which have
//                        all their transitions through bits ≥ j applied: the upper half
//                        first, then every lower-half state from its upper twin (bit j−1,
//                        8 states per i16x8 SIMD step), then the lower half; j ≤ 3 is a
//                        scalar leaf. span = 2N (bytes from CK to FMAX, FMAX to FMIN).
import { assemble, Body, I32, V128 } from '../../lib/wasm.ts';

export const CON = 0;
export const BYG = 2048;
export const ALIVE = 4096;
export const ALIVE_END = 8192;
export const OPEN = 8448;
/** States per block of counts(): 2^BLOCK_BITS (the block's open masks stay in the L1 cache). */
export const BLOCK_BITS = 10;
export const CK = OPEN + 16 * 2 ** BLOCK_BITS;
export const MAX_CONSTRAINTS = 128;
export const MAX_PER_GHOST = 15;
const LEAF_BITS = 3;
/** Start value of the worst bonus still to come: below 2^15, so signed and unsigned 16-bit minimums agree. */
export const UNSET_MIN = 0x7fff;

// function indexes, in the order assemble() gets them (counts is 0, mark 4)
const F_LEAF = 1;
const F_VSTEP = 2;
const F_SOLVE = 3;
const F_LEAF8 = 5;

function countsBody(): Body {
  const f = new Body([I32, I32, I32, I32], []);
  const [N, L, ncons, span] = [0, 1, 2, 3];
  const B = f.local(), base = f.local(), k = f.local(), o0 = f.local(), o1 = f.local(), o2 = f.local();
  const c = f.local(), m = f.local(), ca = f.local(), lo = f.local(), prev = f.local(), s = f.local();
  const packed = f.local(), p0 = f.local(), p1 = f.local(), p2 = f.local(), n0 = f.local(), n1 = f.local(), n2 = f.local();
  const added = f.local(), i = f.local(), cnt = f.local(), ga = f.local(), pa = f.local(), g = f.local(), out = f.local();
  const lowMask = f.local(), mh = f.local(), ea = f.local(), eEnd = f.local();
  f.const(1).get(L).shl().set(B);
  f.get(B).const(1).sub().set(lowMask);
  f.const(0).set(base);
  f.loop(); // blocks
  {
    // the block's first state from scratch
    f.const(0).set(k).const(0).set(o0).const(0).set(o1).const(0).set(o2).const(0).set(c);
    f.block().loop();
    f.get(c).get(ncons).geS().brIf(1);
    f.get(c).const(4).shl().const(CON).add().set(ca);
    f.get(ca).load().set(m);
    f.get(m).get(base).and().get(m).eq().if();
    f.get(k).const(1).add().set(k);
    f.get(o0).get(ca).load(4).or().set(o0);
    f.get(o1).get(ca).load(8).or().set(o1);
    f.get(o2).get(ca).load(12).or().set(o2);
    f.end();
    f.get(c).const(1).add().set(c);
    f.br(0).end().end();
    f.const(OPEN).get(o0).store(0);
    f.const(OPEN).get(o1).store(4);
    f.const(OPEN).get(o2).store(8);
    f.get(base).const(1).shl().const(CK).add().set(pa);
    f.get(pa).get(o0).popcnt().get(o1).popcnt().add().get(o2).popcnt().add().const(7).shl().get(k).or().store16();
    f.get(pa).get(span).add().const(0).store16();
    f.get(pa).get(span).add().get(span).add().const(UNSET_MIN).store16();
    // per low ghost g: the constraints containing g whose ghosts outside the block are all
    // caught in this block (the others cannot complete here), as [low mask, cell mask ×3]
    f.const(0).set(g);
    f.block().loop();
    {
      f.get(g).get(L).geS().brIf(1);
      f.get(g).const(6).shl().const(BYG).add().set(ga);
      f.get(ga).load().set(cnt);
      f.get(g).const(8).shl().const(ALIVE).add().tee(out).set(ea);
      f.const(0).set(i);
      f.block().loop();
      f.get(i).get(cnt).geS().brIf(1);
      f.get(ga).get(i).const(2).shl().add().load(4).const(4).shl().const(CON).add().set(ca);
      f.get(ca).load().set(m);
      f.get(m).get(lowMask).const(-1).xor().and().set(mh);
      f.get(mh).get(base).and().get(mh).eq().if();
      f.get(ea).get(m).get(lowMask).and().store(0);
      f.get(ea).get(ca).load(4).store(4);
      f.get(ea).get(ca).load(8).store(8);
      f.get(ea).get(ca).load(12).store(12);
      f.get(ea).const(16).add().set(ea);
      f.end();
      f.get(i).const(1).add().set(i);
      f.br(0).end().end();
      f.get(g).const(2).shl().const(ALIVE_END).add().get(ea).store();
      f.get(g).const(1).add().set(g);
      f.br(0);
    }
    f.end().end();
    // every other state of the block from the state without its lowest bit
    f.const(1).set(lo);
    f.block().loop();
    {
      f.get(lo).get(B).geS().brIf(1);
      f.get(lo).get(lo).const(1).sub().and().set(prev);
      f.get(base).get(lo).or().set(s);
      f.get(base).get(prev).or().const(1).shl().const(CK).add().load16u().set(packed);
      f.get(prev).const(4).shl().const(OPEN).add().set(pa);
      f.get(pa).load(0).set(p0).get(pa).load(4).set(p1).get(pa).load(8).set(p2);
      f.const(0).set(n0).const(0).set(n1).const(0).set(n2).const(0).set(added);
      f.get(lo).ctz().set(g);
      f.get(g).const(8).shl().const(ALIVE).add().set(ea);
      f.get(g).const(2).shl().const(ALIVE_END).add().load().set(eEnd);
      f.block().loop();
      f.get(ea).get(eEnd).geS().brIf(1);
      f.get(ea).load().set(m);
      f.get(m).get(lo).and().get(m).eq().if();
      f.get(added).const(1).add().set(added);
      f.get(n0).get(ea).load(4).or().set(n0);
      f.get(n1).get(ea).load(8).or().set(n1);
      f.get(n2).get(ea).load(12).or().set(n2);
      f.end();
      f.get(ea).const(16).add().set(ea);
      f.br(0).end().end();
      f.get(added).if();
      f.get(packed).get(added).add();
      f.get(n0).get(p0).const(-1).xor().and().popcnt();
      f.get(n1).get(p1).const(-1).xor().and().popcnt().add();
      f.get(n2).get(p2).const(-1).xor().and().popcnt().add();
      f.const(7).shl().add().set(packed);
      f.get(p0).get(n0).or().set(p0).get(p1).get(n1).or().set(p1).get(p2).get(n2).or().set(p2);
      f.end();
      // only even states are ever the "state without its lowest bit" of another
      f.get(lo).const(1).and().eqz().if();
      f.get(lo).const(4).shl().const(OPEN).add().set(pa);
      f.get(pa).get(p0).store(0).get(pa).get(p1).store(4).get(pa).get(p2).store(8);
      f.end();
      f.get(s).const(1).shl().const(CK).add().tee(pa).get(packed).store16();
      // F starts at 0 (best) and UNSET_MIN (worst) everywhere
      f.get(pa).get(span).add().const(0).store16();
      f.get(pa).get(span).add().get(span).add().const(UNSET_MIN).store16();
      f.get(lo).const(1).add().set(lo);
      f.br(0);
    }
    f.end().end();
    f.get(base).get(B).add().tee(base).get(N).ltU().brIf(0);
  }
  f.end();
  return f;
}

function leafBody(): Body {
  const f = new Body([I32, I32, I32], []);
  const [base, j, span] = [0, 1, 2];
  const lo = f.local(), a = f.local(), cs = f.local(), mx = f.local(), mn = f.local(), b = f.local();
  const bit = f.local(), ta = f.local(), ct = f.local(), d = f.local(), v = f.local();
  f.const(1).get(j).shl().const(1).sub().set(lo);
  f.block().loop();
  {
    f.get(base).get(lo).add().const(1).shl().const(CK).add().set(a);
    f.get(a).load16u().set(cs);
    f.get(a).get(span).add().load16u().set(mx);
    f.get(a).get(span).add().get(span).add().load16u().set(mn);
    f.const(0).set(b);
    f.block().loop();
    {
      f.get(b).get(j).geS().brIf(1);
      f.const(1).get(b).shl().set(bit);
      f.get(lo).get(bit).and().eqz().if();
      f.get(a).get(bit).const(1).shl().add().set(ta);
      f.get(ta).load16u().set(ct);
      f.get(ct).const(7).shrU().get(cs).const(7).shrU().sub();
      f.get(ct).const(127).and().get(cs).const(127).and().sub().mul().set(d);
      f.get(ta).get(span).add().load16u().get(d).add().set(v);
      f.get(v).get(mx).get(v).get(mx).gtS().select().set(mx);
      f.get(ta).get(span).add().get(span).add().load16u().get(d).add().set(v);
      f.get(v).get(mn).get(v).get(mn).ltS().select().set(mn);
      f.end();
      f.get(b).const(1).add().set(b);
      f.br(0);
    }
    f.end().end();
    f.get(a).get(span).add().get(mx).store16();
    f.get(a).get(span).add().get(span).add().get(mn).store16();
    f.get(lo).eqz().brIf(1);
    f.get(lo).const(1).sub().set(lo);
    f.br(0);
  }
  f.end().end();
  return f;
}

/** The leaf for j = 3 unrolled: 8 states, their 12 transitions through bits 0..2, straight-line code. */
function leaf8Body(): Body {
  const f = new Body([I32, I32], []);
  const [base, span] = [0, 1];
  const a = f.local(), fa = f.local(), cs = f.local(), mx = f.local(), mn = f.local(), ct = f.local(), d = f.local(), v = f.local();
  for (let lo = 7; lo >= 0; lo--) {
    const free = [0, 1, 2].filter((b) => !(lo & (1 << b)));
    if (free.length === 0) continue; // the group's top state has no transition inside the group
    f.get(base).const(lo).add().const(1).shl().const(CK).add().set(a);
    f.get(a).get(span).add().set(fa);
    f.get(a).load16u().set(cs);
    f.get(fa).load16u().set(mx);
    f.get(fa).get(span).add().load16u().set(mn);
    for (const b of free) {
      const off = 2 << b; // bytes to the state with bit b set
      f.get(a).load16u(off).set(ct);
      f.get(ct).const(7).shrU().get(cs).const(7).shrU().sub();
      f.get(ct).const(127).and().get(cs).const(127).and().sub().mul().set(d);
      f.get(fa).load16u(off).get(d).add().set(v);
      f.get(v).get(mx).get(v).get(mx).gtS().select().set(mx);
      f.get(fa).get(span).add().load16u(off).get(d).add().set(v);
      f.get(v).get(mn).get(v).get(mn).ltS().select().set(mn);
    }
    f.get(fa).get(mx).store16();
    f.get(fa).get(span).add().get(mn).store16();
  }
  return f;
}

function vstepBody(): Body {
  const f = new Body([I32, I32, I32, I32], []);
  const [lower, upper, len, span] = [0, 1, 2, 3];
  const pl = f.local(), pu = f.local(), end = f.local(), x = f.local();
  const mask = f.local(V128), cs = f.local(V128), ct = f.local(V128), d = f.local(V128);
  f.const(127).i16x8Splat().set(mask);
  f.get(lower).const(1).shl().const(CK).add().set(pl);
  f.get(upper).const(1).shl().const(CK).add().set(pu);
  f.get(pl).get(len).const(1).shl().add().set(end);
  f.loop();
  {
    f.get(pl).v128Load().set(cs);
    f.get(pu).v128Load().set(ct);
    f.get(ct).const(7).i16x8ShrU().get(cs).const(7).i16x8ShrU().i16x8Sub();
    f.get(ct).get(mask).v128And().get(cs).get(mask).v128And().i16x8Sub().i16x8Mul().set(d);
    // best: max(own, upper + d)
    f.get(pl).get(span).add().tee(x);
    f.get(x).v128Load().get(pu).get(span).add().v128Load().get(d).i16x8Add().i16x8MaxU().v128Store();
    // worst: min(own, upper + d)
    f.get(x).get(span).add().tee(x);
    f.get(x).v128Load().get(pu).get(span).add().get(span).add().v128Load().get(d).i16x8Add().i16x8MinU().v128Store();
    f.get(pu).const(16).add().set(pu);
    f.get(pl).const(16).add().tee(pl).get(end).ltU().brIf(0);
  }
  f.end();
  return f;
}

function solveBody(): Body {
  const f = new Body([I32, I32, I32], []);
  const [base, j, span] = [0, 1, 2];
  const half = f.local();
  f.get(j).const(LEAF_BITS).gtS().if();
  {
    f.const(1).get(j).const(1).sub().shl().set(half);
    f.get(base).get(half).add().get(j).const(1).sub().get(span).call(F_SOLVE);
    f.get(base).get(base).get(half).add().get(half).get(span).call(F_VSTEP);
    f.get(base).get(j).const(1).sub().get(span).call(F_SOLVE);
  }
  f.else();
  f.get(j).const(LEAF_BITS).eq().if();
  f.get(base).get(span).call(F_LEAF8);
  f.else();
  f.get(base).get(j).get(span).call(F_LEAF);
  f.end();
  f.end();
  return f;
}

function markBody(): Body {
  const f = new Body([I32, I32, I32], [I32]);
  const [N, fOff, bitsOff] = [0, 1, 2];
  const words = f.local(), w = f.local(), wa = f.local(), j = f.local(), s = f.local(), cs = f.local(), fs = f.local();
  const free = f.local(), bit = f.local(), u = f.local(), ua = f.local(), ct = f.local(), notFree = f.local(), full = f.local();
  f.get(N).const(1).sub().set(full);
  f.get(N).const(31).add().const(5).shrU().set(words);
  f.const(0).set(w).const(0).set(notFree);
  f.loop();
  {
    f.get(w).const(2).shl().get(bitsOff).add().set(wa);
    f.get(wa).load().if();
    {
      f.const(0).set(j);
      f.loop();
      {
        // re-read the word: catches of ghosts 0..4 mark states in this same word
        f.get(wa).load().get(j).shrU().const(1).and().if();
        {
          f.get(w).const(5).shl().get(j).or().set(s);
          f.get(s).const(1).shl().const(CK).add().load16u().set(cs);
          f.get(s).const(1).shl().get(fOff).add().load16u().set(fs);
          f.get(s).const(-1).xor().get(full).and().set(free);
          f.block().loop();
          {
            f.get(free).eqz().brIf(1);
            f.get(free).const(0).get(free).sub().and().set(bit);
            f.get(free).get(bit).xor().set(free);
            f.get(s).get(bit).add().set(u);
            f.get(u).const(1).shl().const(CK).add().load16u().set(ct);
            f.get(ct).const(7).shrU().get(cs).const(7).shrU().sub();
            f.get(ct).const(127).and().get(cs).const(127).and().sub().mul();
            f.get(u).const(1).shl().get(fOff).add().load16u().add().get(fs).eq().if();
            f.get(u).const(5).shrU().const(2).shl().get(bitsOff).add().tee(ua);
            f.get(ua).load().const(1).get(u).shl().or().store();
            f.else();
            f.get(notFree).get(bit).or().set(notFree);
            f.end();
            f.br(0);
          }
          f.end().end();
        }
        f.end();
        f.get(j).const(1).add().tee(j).const(32).ltU().brIf(0);
      }
      f.end();
    }
    f.end();
    f.get(w).const(1).add().tee(w).get(words).ltU().brIf(0);
  }
  f.end();
  f.get(notFree);
  return f;
}

let compiled: WebAssembly.Module | null = null;

export interface Kernel {
  memory: WebAssembly.Memory;
  counts(N: number, L: number, ncons: number, span: number): void;
  solve(base: number, j: number, span: number): void;
  /** Marks (bitset at bitsOff, bit 0 set by the caller) the states reached by optimal catches under F at fOff; returns the not-free ghost mask. */
  mark(N: number, fOff: number, bitsOff: number): number;
}

/** A fresh instance of the kernel (its own memory); the module is compiled once per thread. */
export function instantiateKernel(): Kernel {
  if (!compiled) {
    const bytes = assemble(
      [
        { name: 'counts', body: countsBody() },
        { name: 'leaf', body: leafBody() },
        { name: 'vstep', body: vstepBody() },
        { name: 'solve', body: solveBody() },
        { name: 'mark', body: markBody() },
        { name: 'leaf8', body: leaf8Body() },
      ],
      2,
    );
    compiled = new WebAssembly.Module(bytes);
  }
  const inst = new WebAssembly.Instance(compiled, {});
  const e = inst.exports as unknown as Kernel;
  return { memory: e.memory, counts: e.counts, solve: e.solve, mark: e.mark };
}
