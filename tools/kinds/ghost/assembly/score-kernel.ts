// The kernel of the exact score DP, in AssemblyScript: `npm run build` compiles
// it to score-kernel.wasm (tools/scripts/build-kernel.mjs); dp-kernel.ts loads
// it, owns its memory map and lays out its input; dp-single.ts states the DP
// itself and dp-layered.ts runs it block by block. This file owns how it is computed.
//
// States are subsets S of the G ghosts (bit g = ghost g caught), N = 2^G of them.
// Per state the kernel keeps three u16 tables:
//   ck(S)   = open(S)·2^CK_SHIFT + complete(S): cells opened and constraints completed
//             once the ghosts of S are caught;
//   fmax(S) = the best bonus still to come from S, fmin(S) = the worst,
// where a catch S -> T = S ∪ {g} earns d(S, T) = Δopen · Δcomplete (bonus()).
//
// Memory layout (byte addresses, one exported memory; dp-kernel.ts grows it):
//   CON       0      per constraint with target > 0, 16 bytes: its ghost mask, then
//                    the 3-word mask of its cells that are not open at the start
//   BYG       2048   per ghost, 64 bytes: count, then the indexes of the constraints
//                    containing it (at most MAX_PER_GHOST)
//   ALIVE     4096   per low ghost g of the current block of counts(), 256 bytes: the
//                    constraints containing g that can complete inside the block, 16
//                    bytes each: the constraint's ghost mask inside the block, cell mask ×3
//   ALIVE_END 8192   per low ghost: the end address of its ALIVE entries
//   OPEN      8448   per state of the current block: its 3-word open cell mask, 16 bytes
//   CK        24832  ck, u16 per state (2N bytes)
//   FMAX      CK+span        fmax, u16 per state
//   FMIN      CK+2·span      fmin, u16 per state
//   after that, 16-byte aligned, dp-kernel.ts places the two bitsets that mark() fills.
// `span`, the bytes from a state's ck to its fmax and from fmax to fmin, is at
// least 2N; dp-kernel.ts makes it 2N + SPAN_PAD. With span exactly 2N (the tables
// a power of two apart) solve() ran 1.4 times slower at G = 26, and not at G ≤ 25;
// why is not pinned down (docs/score-kernel.md).

export const CON: i32 = 0;
export const BYG: i32 = 2048;
export const ALIVE: i32 = 4096;
export const ALIVE_END: i32 = 8192;
export const OPEN: i32 = 8448;
/** States per block of counts(): 2^BLOCK_BITS (the block's open masks stay in the L1 cache). */
export const BLOCK_BITS: i32 = 10;
export const CK: i32 = OPEN + (16 << BLOCK_BITS);
export const MAX_CONSTRAINTS: i32 = 128;
export const MAX_PER_GHOST: i32 = 15;
/** Start value of fmin: below 2^15, so signed and unsigned 16-bit minimums agree. */
export const UNSET_MIN: i32 = 0x7fff;
/** What dp-kernel.ts adds to 2N for span (a multiple of 16 that is not one of 4096). */
export const SPAN_PAD: i32 = 1088;
/** ck = open << CK_SHIFT | complete (dp-kernel.ts packs and reads it alike, and checks this value). */
export const CK_SHIFT: i32 = 7;
const CK_LOW: i32 = (1 << CK_SHIFT) - 1;
/** solve() hands blocks of 2^LEAF_BITS states to the scalar leaf. */
const LEAF_BITS: i32 = 3;

@inline function u16at(p: i32): i32 {
  return <i32>load<u16>(p);
}

/** Bonus of the catch from a state with counters cs to one with ct. */
@inline function bonus(cs: i32, ct: i32): i32 {
  return ((ct >>> CK_SHIFT) - (cs >>> CK_SHIFT)) * ((ct & CK_LOW) - (cs & CK_LOW));
}

/**
 * Fills ck for all N states and sets fmax to 0 and fmin to UNSET_MIN, in blocks
 * of B = 2^L states (L ≤ BLOCK_BITS) that share their high bits `base`. The
 * block's first state is counted from scratch. Every other state s = base | lo
 * is the state without its lowest bit g plus what catching g completes: only
 * the constraints containing g whose ghosts outside the block are all in base
 * can complete inside the block, and those are listed once per block in ALIVE.
 */
export function counts(N: i32, L: i32, ncons: i32, span: i32): void {
  countsAt(0, 0, N, L, ncons, span);
}

/**
 * counts() for the N states stateBase | s (s < N, stateBase's bits all ≥ the
 * bits of N − 1) stored at state slots at + s: the layered DP (score-layered.ts)
 * fills one block of a larger state space this way.
 */
export function countsAt(stateBase: i32, at: i32, N: i32, L: i32, ncons: i32, span: i32): void {
  const B = 1 << L;
  const lowMask = B - 1;
  let base = 0;
  do {
    // the block's first state from scratch
    let k = 0, o0 = 0, o1 = 0, o2 = 0;
    for (let c = 0; c < ncons; c++) {
      const ca = CON + (c << 4);
      const m = load<i32>(ca);
      if ((m & (stateBase | base)) == m) {
        k++;
        o0 |= load<i32>(ca, 4);
        o1 |= load<i32>(ca, 8);
        o2 |= load<i32>(ca, 12);
      }
    }
    store<i32>(OPEN, o0);
    store<i32>(OPEN, o1, 4);
    store<i32>(OPEN, o2, 8);
    const first = CK + ((at + base) << 1);
    store<u16>(first, ((popcnt(o0) + popcnt(o1) + popcnt(o2)) << CK_SHIFT) | k);
    // per low ghost g: the constraints containing g that can complete in this block
    for (let g = 0; g < L; g++) {
      const ga = BYG + (g << 6);
      const cnt = load<i32>(ga);
      let ea = ALIVE + (g << 8);
      for (let i = 0; i < cnt; i++) {
        const ca = CON + (load<i32>(ga + (i << 2), 4) << 4);
        const m = load<i32>(ca);
        const high = m & ~lowMask;
        if ((high & (stateBase | base)) == high) {
          store<i32>(ea, m & lowMask);
          store<i32>(ea, load<i32>(ca, 4), 4);
          store<i32>(ea, load<i32>(ca, 8), 8);
          store<i32>(ea, load<i32>(ca, 12), 12);
          ea += 16;
        }
      }
      store<i32>(ALIVE_END + (g << 2), ea);
    }
    // every other state of the block from the state without its lowest bit
    for (let lo = 1; lo < B; lo++) {
      const prev = lo & (lo - 1);
      let packed = u16at(CK + ((at + (base | prev)) << 1));
      const pa = OPEN + (prev << 4);
      let p0 = load<i32>(pa), p1 = load<i32>(pa, 4), p2 = load<i32>(pa, 8);
      let n0 = 0, n1 = 0, n2 = 0, added = 0;
      const g = ctz(lo);
      const end = load<i32>(ALIVE_END + (g << 2));
      for (let ea = ALIVE + (g << 8); ea < end; ea += 16) {
        const m = load<i32>(ea);
        if ((m & lo) == m) {
          added++;
          n0 |= load<i32>(ea, 4);
          n1 |= load<i32>(ea, 8);
          n2 |= load<i32>(ea, 12);
        }
      }
      if (added) {
        packed += added + ((popcnt(n0 & ~p0) + popcnt(n1 & ~p1) + popcnt(n2 & ~p2)) << CK_SHIFT);
        p0 |= n0;
        p1 |= n1;
        p2 |= n2;
      }
      // only even states are ever the "state without its lowest bit" of another
      if (!(lo & 1)) {
        const qa = OPEN + (lo << 4);
        store<i32>(qa, p0);
        store<i32>(qa, p1, 4);
        store<i32>(qa, p2, 8);
      }
      const a = CK + ((at + (base | lo)) << 1);
      store<u16>(a, packed);
    }
    // fmax = 0 and fmin = UNSET_MIN for the block, 8 states a store, apart from
    // the loop above (there, stores to three tables interleaved with its loads
    // cost as much as the rest of the loop)
    const f = CK + ((at + base) << 1) + span;
    if (B >= 8) {
      const zero = i64x2.splat(0);
      const unset = i16x8.splat(<i16>UNSET_MIN);
      for (let o = 0; o < B << 1; o += 16) {
        v128.store(f + o, zero);
        v128.store(f + span + o, unset);
      }
    } else {
      for (let o = 0; o < B << 1; o += 2) {
        store<u16>(f + o, 0);
        store<u16>(f + span + o, UNSET_MIN);
      }
    }
    base += B;
  } while (<u32>base < <u32>N);
}

/**
 * Finalises fmax/fmin of the 2^j states base .. base + 2^j − 1, all of whose
 * transitions through bits ≥ j are already applied (the caller sets
 * fmin(all) = 0 and calls solve(0, G, 2N)). The upper half (bit j−1 set) is
 * solved first; then every lower-half state takes its transition through bit
 * j−1 from its upper twin, 8 states per SIMD step (vstep); then the lower half
 * is solved. Blocks of 8 states go to leaf8, smaller ones (G < 3) to leaf.
 */
export function solve(base: i32, j: i32, span: i32): void {
  if (j > LEAF_BITS) {
    const half = 1 << (j - 1);
    solve(base + half, j - 1, span);
    vstep(base, base + half, half, span);
    solve(base, j - 1, span);
  } else if (j == LEAF_BITS) {
    leaf8(base, span);
  } else {
    leaf(base, j, span);
  }
}

/** vstep() for the layered DP: a block's states take the catch of one high ghost from the successor block's (kept at state slot upper). */
export function stepFrom(lower: i32, upper: i32, len: i32, span: i32): void {
  vstep(lower, upper, len, span);
}

/** States lower .. lower+len−1 take the catch to upper .. upper+len−1: fmax = max(own, upper's + d), fmin = min(…). len is a multiple of 8. */
function vstep(lower: i32, upper: i32, len: i32, span: i32): void {
  const low = i16x8.splat(<i16>CK_LOW);
  let pl = CK + (lower << 1);
  let pu = CK + (upper << 1);
  const end = pl + (len << 1);
  do {
    const cs = v128.load(pl);
    const ct = v128.load(pu);
    const d = i16x8.mul(
      i16x8.sub(i16x8.shr_u(ct, CK_SHIFT), i16x8.shr_u(cs, CK_SHIFT)),
      i16x8.sub(v128.and(ct, low), v128.and(cs, low)),
    );
    const mx = pl + span;
    v128.store(mx, i16x8.max_u(v128.load(mx), i16x8.add(v128.load(pu + span), d)));
    const mn = mx + span;
    v128.store(mn, i16x8.min_u(v128.load(mn), i16x8.add(v128.load(pu + span + span), d)));
    pu += 16;
    pl += 16;
  } while (<u32>pl < <u32>end);
}

/** The scalar leaf: states base .. base + 2^j − 1, highest first, each from the states above it in the block. */
function leaf(base: i32, j: i32, span: i32): void {
  for (let lo = (1 << j) - 1; lo >= 0; lo--) {
    const a = CK + ((base + lo) << 1);
    const cs = u16at(a);
    let mx = u16at(a + span);
    let mn = u16at(a + span + span);
    for (let b = 0; b < j; b++) {
      const bit = 1 << b;
      if (!(lo & bit)) {
        const t = a + (bit << 1);
        const d = bonus(cs, u16at(t));
        mx = max(mx, u16at(t + span) + d);
        mn = min(mn, u16at(t + span + span) + d);
      }
    }
    store<u16>(a + span, mx);
    store<u16>(a + span + span, mn);
  }
}

/** The leaf for j = 3 written out: 8 states and their 12 transitions through bits 0..2, straight-line code. */
function leaf8(base: i32, span: i32): void {
  const a = CK + (base << 1);
  // state 7 has no transition inside the group; to the state with bit b set is 2 << b bytes on
  settle(a + 12, span, 2, 0, 0); // 6: bit 0
  settle(a + 10, span, 4, 0, 0); // 5: bit 1
  settle(a + 8, span, 2, 4, 0); // 4: bits 0, 1
  settle(a + 6, span, 8, 0, 0); // 3: bit 2
  settle(a + 4, span, 2, 8, 0); // 2: bits 0, 2
  settle(a + 2, span, 4, 8, 0); // 1: bits 1, 2
  settle(a, span, 2, 4, 8); // 0: bits 0, 1, 2
}

/** One state of leaf8 at a, with transitions to the states at a + o1, a + o2, a + o3 (0: none). */
@inline function settle(a: i32, span: i32, o1: i32, o2: i32, o3: i32): void {
  const f = a + span;
  const cs = u16at(a);
  let mx = u16at(f);
  let mn = u16at(f + span);
  let d = bonus(cs, u16at(a + o1));
  mx = max(mx, u16at(f + o1) + d);
  mn = min(mn, u16at(f + span + o1) + d);
  if (o2) {
    d = bonus(cs, u16at(a + o2));
    mx = max(mx, u16at(f + o2) + d);
    mn = min(mn, u16at(f + span + o2) + d);
  }
  if (o3) {
    d = bonus(cs, u16at(a + o3));
    mx = max(mx, u16at(f + o3) + d);
    mn = min(mn, u16at(f + span + o3) + d);
  }
  store<u16>(f, mx);
  store<u16>(f + span, mn);
}

/**
 * The states on an optimal play under the table F at fOff (fmax or fmin): the
 * bitset at bitsOff (bit S = state S, bit 0 set by the caller) gains T = S ∪ {g}
 * for every marked S whose catch of g is optimal (d + F(T) = F(S)). States are
 * visited in increasing order, and T > S, so one pass marks them all; a word is
 * re-read per bit because catches of ghosts 0..4 mark states in the same word.
 * Returns the ghosts g whose catch is not optimal from some marked state.
 */
export function mark(N: i32, fOff: i32, bitsOff: i32): i32 {
  const full = N - 1;
  const words = <u32>(N + 31) >>> 5;
  let notFree = 0;
  for (let w: u32 = 0; w < words; w++) {
    const wa = bitsOff + (w << 2);
    if (!load<i32>(wa)) continue;
    for (let j = 0; j < 32; j++) {
      if (!((load<i32>(wa) >>> j) & 1)) continue;
      const s = (w << 5) | j;
      const cs = u16at(CK + (s << 1));
      const fs = u16at(fOff + (s << 1));
      let free = ~s & full;
      while (free) {
        const bit = free & -free;
        free ^= bit;
        const u = s + bit;
        if (bonus(cs, u16at(CK + (u << 1))) + u16at(fOff + (u << 1)) == fs) {
          const ua = bitsOff + ((u >>> 5) << 2);
          store<i32>(ua, load<i32>(ua) | (1 << u));
        } else {
          notFree |= bit;
        }
      }
    }
  }
  return notFree;
}

/**
 * mark() across one high ghost, for the layered DP: the N states of a block
 * (ck at CK, F at fOff, marks at bitsOff) and the block T = S ∪ {g} of each
 * (ck at CK + 2·succ, F at succFOff, marks at succBitsOff), state s to state s.
 * Marks T for every marked S whose catch is optimal; returns 1 when the catch
 * is not optimal from some marked S (g is then not free), else 0.
 */
export function markAcross(N: i32, fOff: i32, succ: i32, succFOff: i32, bitsOff: i32, succBitsOff: i32): i32 {
  const words = <u32>(N + 31) >>> 5;
  let notFree = 0;
  for (let w: u32 = 0; w < words; w++) {
    let word = load<i32>(bitsOff + (w << 2));
    if (!word) continue;
    let add = 0;
    while (word) {
      const j = ctz(word);
      word &= word - 1;
      const s = (w << 5) | j;
      const d = bonus(u16at(CK + (s << 1)), u16at(CK + ((succ + s) << 1)));
      if (d + u16at(succFOff + (s << 1)) == u16at(fOff + (s << 1))) add |= 1 << j;
      else notFree = 1;
    }
    const ua = succBitsOff + (w << 2);
    store<i32>(ua, load<i32>(ua) | add);
  }
  return notFree;
}
