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
// ck as a sum over terms (docs/score-kernel.md): complete(S) counts the
// constraints whose ghost mask is ⊆ S, and a cell is open when some constraint
// containing it is complete, so by inclusion–exclusion over the constraints
// containing each cell
//   ck(S) = Σ w(U) over the terms U ⊆ S   (mod 2^16; the true value fits),
// with w(U) = Σ over the constraints with mask U (+1) and over each cell's
// non-empty sets T of its constraints whose masks' union is U
// (±2^CK_SHIFT, + for odd |T|). dp-kernel.ts works the terms out; counts() is
// then a subset-sum (zeta) transform of w, block by block.
//
// Memory layout (byte addresses, one exported memory; dp-kernel.ts grows it):
//   TERM_MASK   0                  per term, i32: its ghost mask U
//   TERM_WEIGHT 4·MAX_TERMS        per term, u16: its weight w(U)
//   CK          6·MAX_TERMS        ck, u16 per state (2N bytes)
//   FMAX        CK+span        fmax, u16 per state
//   FMIN        CK+2·span      fmin, u16 per state
//   after that, 16-byte aligned, dp-kernel.ts places the two bitsets that mark() fills,
//   and (single-memory DP) the 8·COLLECT bytes collect() writes the marked states to.
// `span`, the bytes from a state's ck to its fmax and from fmax to fmin, is at
// least 2N; dp-kernel.ts makes it 2N + SPAN_PAD. With span exactly 2N (the tables
// a power of two apart) solve() ran 1.4 times slower at G = 26, and not at G ≤ 25;
// why is not pinned down (docs/score-kernel.md).

/** Room for terms: a cell lies in at most 10 constraints (its row, its column, 8 clue neighbours), so a board of ≤ 96 closed cells has fewer than 96·2^10 + 128. */
export const MAX_TERMS: i32 = 1 << 17;
export const TERM_MASK: i32 = 0;
export const TERM_WEIGHT: i32 = MAX_TERMS << 2;
/** States per block of counts(): 2^BLOCK_BITS (the block, 2^(BLOCK_BITS+1) bytes, stays in the L1 cache). */
export const BLOCK_BITS: i32 = 12;
export const CK: i32 = 6 * MAX_TERMS;
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

/** Bonus of the catch from a state with counters cs to one with ct ⊇ it: both counters only grow, so ct − cs does not borrow. */
@inline function bonus(cs: i32, ct: i32): i32 {
  const diff = ct - cs;
  return (diff >>> CK_SHIFT) * (diff & CK_LOW);
}

/**
 * Fills ck for all N states from the `terms` terms and sets fmax to 0 and fmin
 * to UNSET_MIN, in blocks of B = 2^L states (L ≤ BLOCK_BITS) that share their
 * high bits `base`.
 */
export function counts(N: i32, L: i32, terms: i32, span: i32): void {
  countsAt(0, 0, N, L, terms, span);
}

/**
 * counts() for the N states stateBase | s (s < N, stateBase's bits all ≥ the
 * bits of N − 1) stored at state slots at + s: the layered DP (dp-layered.ts)
 * fills one block of a larger state space this way. A state base | lo of a block
 * has the terms U ⊆ base | lo: those whose bits above the block are all in
 * base, each at its low bits, summed over the subsets of lo (zeta()).
 */
export function countsAt(stateBase: i32, at: i32, N: i32, L: i32, terms: i32, span: i32): void {
  const B = 1 << L;
  const lowMask = B - 1;
  let base = 0;
  do {
    const block = CK + ((at + base) << 1);
    const high = stateBase | base;
    fill(block, B, 0);
    for (let t = 0; t < terms; t++) {
      const m = load<i32>(TERM_MASK + (t << 2));
      const above = m & ~lowMask;
      if ((above & high) == above) {
        const a = block + ((m & lowMask) << 1);
        store<u16>(a, u16at(a) + u16at(TERM_WEIGHT + (t << 1)));
      }
    }
    zeta(block, L);
    // fmax = 0 and fmin = UNSET_MIN for the block (apart from the loops above:
    // stores to three tables interleaved cost as much as the rest, at G = 26)
    fill(block + span, B, 0);
    fill(block + span + span, B, UNSET_MIN);
    base += B;
  } while (<u32>base < <u32>N);
}

/** The n u16 at p set to v, 8 a store when n ≥ 8. */
@inline function fill(p: i32, n: i32, v: i32): void {
  if (n >= 8) {
    const x = i16x8.splat(<i16>v);
    for (let o = 0; o < n << 1; o += 16) v128.store(p + o, x);
  } else {
    for (let o = 0; o < n << 1; o += 2) store<u16>(p + o, v);
  }
}

/**
 * The subset-sum transform of the 2^L u16 at p, in place (mod 2^16): a(s)
 * becomes Σ a(u) over u ⊆ s, one bit at a time (a(s) += a(s without bit b) for
 * every s with bit b). Bits 0–2 lie inside one v128 of 8 states: the vector
 * plus itself shifted up by 1, 2 and 4 lanes (masked to the lanes with the bit).
 * A higher bit adds the lower half of every 2^(b+1)-state group to its upper
 * half; they are taken three at a time (docs/score-kernel.md), the rest one by one.
 */
function zeta(p: i32, L: i32): void {
  const B = 1 << L;
  if (L < 3) {
    for (let b = 0; b < L; b++) {
      for (let s = 0; s < B; s++) {
        if ((s >> b) & 1) store<u16>(p + (s << 1), u16at(p + (s << 1)) + u16at(p + ((s ^ (1 << b)) << 1)));
      }
    }
    return;
  }
  const zero = i64x2.splat(0);
  const bytes = B << 1;
  for (let o = 0; o < bytes; o += 16) {
    let v = v128.load(p + o);
    v = i16x8.add(v, i32x4.shl(v, 16)); // bit 0: lane 2k+1 += lane 2k
    v = i16x8.add(v, i64x2.shl(v, 32)); // bit 1: lanes 4k+2, 4k+3 += lanes 4k, 4k+1
    v = i16x8.add(v, v128.shuffle<i64>(v, zero, 2, 0)); // bit 2: lanes 4–7 += lanes 0–3
    v128.store(p + o, v);
  }
  // three bits a pass while they last (the eighths a0..a7 of each group summed
  // in registers, one load and one store each), then one bit a pass
  let half = 16;
  for (; half << 2 < bytes; half <<= 3) {
    for (let q = p; q < p + bytes; q += half << 3) {
      for (let o = q; o < q + half; o += 16) {
        const a0 = v128.load(o);
        let a1 = v128.load(o + half);
        let a2 = v128.load(o + 2 * half);
        let a3 = v128.load(o + 3 * half);
        const a4 = v128.load(o + 4 * half);
        let a5 = v128.load(o + 5 * half);
        let a6 = v128.load(o + 6 * half);
        let a7 = v128.load(o + 7 * half);
        a1 = i16x8.add(a1, a0);
        a3 = i16x8.add(a3, a2);
        a5 = i16x8.add(a5, a4);
        a7 = i16x8.add(a7, a6);
        a2 = i16x8.add(a2, a0);
        a3 = i16x8.add(a3, a1);
        a6 = i16x8.add(a6, a4);
        a7 = i16x8.add(a7, a5);
        v128.store(o + half, a1);
        v128.store(o + 2 * half, a2);
        v128.store(o + 3 * half, a3);
        v128.store(o + 4 * half, i16x8.add(a4, a0));
        v128.store(o + 5 * half, i16x8.add(a5, a1));
        v128.store(o + 6 * half, i16x8.add(a6, a2));
        v128.store(o + 7 * half, i16x8.add(a7, a3));
      }
    }
  }
  for (; half < bytes; half <<= 1) {
    for (let q = p; q < p + bytes; q += half << 1) {
      for (let o = q; o < q + half; o += 16) v128.store(o + half, i16x8.add(v128.load(o + half), v128.load(o)));
    }
  }
}


/** solve() takes up to 2^RADIX_BITS sub-cubes a level (radix 16). */
const RADIX_BITS: i32 = 4;

/**
 * Finalises fmax/fmin of the 2^j states base .. base + 2^j − 1, all of whose
 * transitions through bits ≥ j are already applied (the caller sets
 * fmin(all) = 0 and calls solve(0, G, 2N)). The block is cut by its top
 * r = min(RADIX_BITS, j − LEAF_BITS) bits into 2^r sub-cubes, taken from the
 * highest: a sub-cube first pulls, in one pass over its states (pull()), the
 * catches of all the top ghosts it lacks from the sub-cubes above it, which
 * are final by then; then it is solved inside. Blocks of 8 states go to
 * leaf8, smaller ones (G < 3) to leaf.
 */
export function solve(base: i32, j: i32, span: i32): void {
  if (j > LEAF_BITS) {
    const r = min(RADIX_BITS, j - LEAF_BITS);
    const sub = 1 << (j - r);
    for (let h = (1 << r) - 1; h >= 0; h--) {
      const lower = base + h * sub;
      if (h != (1 << r) - 1) pull(lower, ~h & ((1 << r) - 1), sub, span);
      solve(lower, j - r, span);
    }
  } else if (j == LEAF_BITS) {
    leaf8(base, span);
  } else {
    leaf(base, j, span);
  }
}

/**
 * States lower .. lower+len−1 take the catches to the sub-cubes lower + len·2^b
 * for each bit b of `missing` (b < RADIX_BITS), 8 states a step: each state's
 * ck, fmax and fmin are loaded and stored once for all of them.
 */
function pull(lower: i32, missing: i32, len: i32, span: i32): void {
  const low = i16x8.splat(<i16>CK_LOW);
  let pl = CK + (lower << 1);
  const end = pl + (len << 1);
  do {
    const cs = v128.load(pl);
    const mx = pl + span;
    const mn = mx + span;
    let fmx = v128.load(mx);
    let fmn = v128.load(mn);
    let m = missing;
    do {
      const pu = pl + ((len << 1) << ctz(m));
      m &= m - 1;
      const d = vbonus(cs, v128.load(pu), low);
      fmx = i16x8.max_u(fmx, i16x8.add(v128.load(pu + span), d));
      fmn = i16x8.min_u(fmn, i16x8.add(v128.load(pu + span + span), d));
    } while (m);
    v128.store(mx, fmx);
    v128.store(mn, fmn);
    pl += 16;
  } while (<u32>pl < <u32>end);
}

/**
 * bonus() of 8 catches: T ⊇ S, so neither counter of ct is below cs's and the
 * packed difference ct − cs is Δopen·2^CK_SHIFT + Δcomplete (no borrow).
 */
@inline function vbonus(cs: v128, ct: v128, low: v128): v128 {
  const diff = i16x8.sub(ct, cs);
  return i16x8.mul(i16x8.shr_u(diff, CK_SHIFT), v128.and(diff, low));
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
    const d = vbonus(cs, ct, low);
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

/**
 * The leaf for j = 3 in registers: the block's ck, fmax and fmin are one v128
 * each. up(v, b) moves the value of state s | 2^b into lane s (lanes with bit
 * b keep their own, and their bonus to themselves is 0, so they do not move).
 * A relaxation round through bit b takes, for every state, the catch of b;
 * seven rounds in the order 0 1 2 0 1 0 2 contain every order of the three
 * bits as a subsequence, so every path to the top of the block is followed.
 */
function leaf8(base: i32, span: i32): void {
  const a = CK + (base << 1);
  const low = i16x8.splat(<i16>CK_LOW);
  const ck = v128.load(a);
  const d0 = vbonus(ck, up0(ck), low);
  const d1 = vbonus(ck, up1(ck), low);
  const d2 = vbonus(ck, up2(ck), low);
  let mx = v128.load(a + span);
  let mn = v128.load(a + span + span);
  mx = i16x8.max_u(mx, i16x8.add(up0(mx), d0));
  mn = i16x8.min_u(mn, i16x8.add(up0(mn), d0));
  mx = i16x8.max_u(mx, i16x8.add(up1(mx), d1));
  mn = i16x8.min_u(mn, i16x8.add(up1(mn), d1));
  mx = i16x8.max_u(mx, i16x8.add(up2(mx), d2));
  mn = i16x8.min_u(mn, i16x8.add(up2(mn), d2));
  mx = i16x8.max_u(mx, i16x8.add(up0(mx), d0));
  mn = i16x8.min_u(mn, i16x8.add(up0(mn), d0));
  mx = i16x8.max_u(mx, i16x8.add(up1(mx), d1));
  mn = i16x8.min_u(mn, i16x8.add(up1(mn), d1));
  mx = i16x8.max_u(mx, i16x8.add(up0(mx), d0));
  mn = i16x8.min_u(mn, i16x8.add(up0(mn), d0));
  mx = i16x8.max_u(mx, i16x8.add(up2(mx), d2));
  mn = i16x8.min_u(mn, i16x8.add(up2(mn), d2));
  v128.store(a + span, mx);
  v128.store(a + span + span, mn);
}

/** Lane s takes lane s | 1. */
@inline function up0(v: v128): v128 {
  return v128.shuffle<i16>(v, v, 1, 1, 3, 3, 5, 5, 7, 7);
}

/** Lane s takes lane s | 2. */
@inline function up1(v: v128): v128 {
  return v128.shuffle<i16>(v, v, 2, 3, 2, 3, 6, 7, 6, 7);
}

/** Lane s takes lane s | 4. */
@inline function up2(v: v128): v128 {
  return v128.shuffle<i16>(v, v, 4, 5, 6, 7, 4, 5, 6, 7);
}

/** mark() tests a word's catches of the ghosts above bit 4 eight states a vector when it has this many marked states. */
const VECTOR_MARKS: i32 = 4;

/**
 * The states on an optimal play under the table F at fOff (fmax or fmin): the
 * bitset at bitsOff (bit S = state S, bit 0 set by the caller) gains T = S ∪ {g}
 * for every marked S whose catch of g is optimal (d + F(T) = F(S)). Words of
 * the bitset are visited in increasing order, and T > S, so one pass marks them
 * all. In a word (32 states that differ in ghosts 0–4) the catches of ghosts
 * 0–4 stay in the word and are taken state by state, the word in hand; a catch
 * of a higher ghost moves the whole word's states to another word, state s to
 * state s, so a word with VECTOR_MARKS marked states or more tests it for all
 * 32 states at once (four vectors of ck and F, a lane mask of the optimal
 * ones), fewer state by state. Returns the ghosts g whose catch is not optimal
 * from some marked state.
 */
export function mark(N: i32, fOff: i32, bitsOff: i32): i32 {
  const words = <u32>(N + 31) >>> 5;
  const inWord = min(N, 32) - 1; // the states of a word, as the mask of its own ghosts
  const higher = <u32>(N - 1) >>> 5; // the ghosts above 4, as bits of a word index
  const low = i16x8.splat(<i16>CK_LOW);
  let notFree = 0;
  for (let w: u32 = 0; w < words; w++) {
    const wa = bitsOff + (w << 2);
    let word = load<i32>(wa);
    if (!word) continue;
    const s0 = w << 5;
    // ghosts 0–4: marks only go up inside the word, so its states in increasing order
    for (let j = ctz(word); j <= inWord; j++) {
      if (!((word >>> j) & 1)) continue;
      const s = s0 | j;
      const cs = u16at(CK + (s << 1));
      const fs = u16at(fOff + (s << 1));
      let free = ~j & inWord;
      while (free) {
        const bit = free & -free;
        free ^= bit;
        const u = s + bit;
        if (bonus(cs, u16at(CK + (u << 1))) + u16at(fOff + (u << 1)) == fs) word |= 1 << (j + bit);
        else notFree |= bit;
      }
    }
    store<i32>(wa, word);
    // the higher ghosts not caught in this word's states: bit `up` of the word index
    let free = ~w & higher;
    if (!free) continue;
    if (popcnt(word) < VECTOR_MARKS) {
      do {
        const up = free & -free;
        free ^= up;
        let add = 0;
        let m = word;
        do {
          const j = ctz(m);
          m &= m - 1;
          const s = s0 | j;
          const u = s + (up << 5);
          if (bonus(u16at(CK + (s << 1)), u16at(CK + (u << 1))) + u16at(fOff + (u << 1)) == u16at(fOff + (s << 1))) add |= 1 << j;
          else notFree |= up << 5;
        } while (m);
        const ua = wa + (up << 2);
        store<i32>(ua, load<i32>(ua) | add);
      } while (free);
    } else {
      const c = CK + (s0 << 1);
      const f = fOff + (s0 << 1);
      do {
        const up = free & -free;
        free ^= up;
        const dt = up << 6; // bytes from a state's u16 to its successor's
        const optimal = optimalWord(c, f, c + dt, f + dt, low);
        if (word & ~optimal) notFree |= up << 5;
        const ua = wa + (up << 2);
        store<i32>(ua, load<i32>(ua) | (word & optimal));
      } while (free);
    }
  }
  return notFree;
}

/**
 * Lane mask (bit j = state j) of the 32 states of a word whose catch to its
 * successor state is optimal: ck and F of the word's states at c and f (u16
 * each, consecutive), of their successors at ct and ft.
 */
@inline function optimalWord(c: i32, f: i32, ct: i32, ft: i32, low: v128): i32 {
  return (
    optimalLanes(c, f, ct, ft, low) |
    (optimalLanes(c + 16, f + 16, ct + 16, ft + 16, low) << 8) |
    (optimalLanes(c + 32, f + 32, ct + 32, ft + 32, low) << 16) |
    (optimalLanes(c + 48, f + 48, ct + 48, ft + 48, low) << 24)
  );
}

/** optimalWord() for 8 of the states: bit i = lane i. */
@inline function optimalLanes(c: i32, f: i32, ct: i32, ft: i32, low: v128): i32 {
  return i16x8.bitmask(i16x8.eq(i16x8.add(vbonus(v128.load(c), v128.load(ct), low), v128.load(ft)), v128.load(f)));
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
  const low = i16x8.splat(<i16>CK_LOW);
  let notFree = 0;
  for (let w: u32 = 0; w < words; w++) {
    let word = load<i32>(bitsOff + (w << 2));
    if (!word) continue;
    let add = 0;
    if (popcnt(word) >= VECTOR_MARKS && N >= 32) {
      // as in mark(): the word's 32 states at once, four vectors of ck and F each
      const optimal = optimalWord(CK + (w << 6), fOff + (w << 6), CK + (succ << 1) + (w << 6), succFOff + (w << 6), low);
      if (word & ~optimal) notFree = 1;
      add = word & optimal;
    } else {
      while (word) {
        const j = ctz(word);
        word &= word - 1;
        const s = (w << 5) | j;
        const d = bonus(u16at(CK + (s << 1)), u16at(CK + ((succ + s) << 1)));
        if (d + u16at(succFOff + (s << 1)) == u16at(fOff + (s << 1))) add |= 1 << j;
        else notFree = 1;
      }
    }
    const ua = succBitsOff + (w << 2);
    store<i32>(ua, load<i32>(ua) | add);
  }
  return notFree;
}

/** States a collect() call writes at most (its output: 8·COLLECT bytes). */
export const COLLECT: i32 = 1 << 16;
/** The word of the bitset the next collect() call starts from. */
export let collectNext: i32 = 0;

/** Number of set bits in the `words` 32-bit words at bitsOff. */
export function countMarked(bitsOff: i32, words: i32): i32 {
  let count = 0;
  for (let w = 0; w < words; w++) count += popcnt(load<i32>(bitsOff + (w << 2)));
  return count;
}

/**
 * The marked states of the bitset at bitsOff (words from .. words − 1),
 * ascending, with W(S) = F(S) + cells opened (F at fOff) — what the course
 * assets are built from (course-build.ts) — written to out (states, i32) and
 * out + 4·COLLECT (W, i32), whole words at a time while they fit. Returns the
 * number written; collectNext is the word to go on from (= words when done).
 */
export function collect(from: i32, words: i32, fOff: i32, bitsOff: i32, out: i32): i32 {
  const outW = out + (COLLECT << 2);
  let n = 0;
  let w = from;
  for (; w < words && n <= COLLECT - 32; w++) {
    let word = load<i32>(bitsOff + (w << 2));
    while (word) {
      const s = (w << 5) | ctz(word);
      word &= word - 1;
      store<i32>(out + (n << 2), s);
      store<i32>(outW + (n << 2), u16at(fOff + (s << 1)) + (u16at(CK + (s << 1)) >>> CK_SHIFT));
      n++;
    }
  }
  collectNext = w;
  return n;
}
