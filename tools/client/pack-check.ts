// The client's own check of a pack, without a schema library: the shape of
// every field the client reads (and nothing it does not), so that a level
// that passes cannot make the play functions misbehave. The pipeline checks
// packs in full with its zod schemas (bundle, validate); a game that also
// checks the manifest's SHA-256 (loadManifest, loadVerifiedPack) knows it
// has exactly the bytes the pipeline checked. First problem only, as
// "<level id> › <field>: <what is wrong>".
import { at } from '../lib/at.ts';

type Check = (v: unknown, at: string) => string | null;

const int =
  (lo: number, hi: number): Check =>
  (v) =>
    Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi ? null : `expected a whole number ${lo}..${hi}, found ${show(v)}`;
const str =
  (re: RegExp, what: string): Check =>
  (v) =>
    typeof v === 'string' && re.test(v) ? null : `expected ${what}, found ${show(v)}`;
const oneOf =
  (...checks: Check[]): Check =>
  (v, at) => {
    let first: string | null = null;
    for (const c of checks) {
      const e = c(v, at);
      if (e === null) return null;
      first ??= e;
    }
    return first;
  };
const unknownOr = (c: Check): Check => oneOf(c, (v) => (v === 'unknown' ? null : 'expected "unknown"'));
const arr =
  (item: Check, min: number, max: number): Check =>
  (v, at) => {
    if (!Array.isArray(v) || v.length < min || v.length > max) return `expected a list of ${min}..${max} items, found ${show(v)}`;
    for (let i = 0; i < v.length; i++) {
      const e = item(v[i], `${at}[${i}]`);
      if (e !== null) return nest(`[${i}]`, e);
    }
    return null;
  };
const tuple =
  (...items: Check[]): Check =>
  (v, where) => {
    if (!Array.isArray(v) || v.length !== items.length) return `expected ${items.length} items, found ${show(v)}`;
    for (let i = 0; i < items.length; i++) {
      const e = at(items, i)(v[i], `${where}[${i}]`);
      if (e !== null) return nest(`[${i}]`, e);
    }
    return null;
  };
/** An object with at least these fields (others are let through: the client does not read them). */
const obj =
  (fields: Record<string, Check>): Check =>
  (v, at) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return `expected an object, found ${show(v)}`;
    for (const [k, c] of Object.entries(fields)) {
      const e = c((v as Record<string, unknown>)[k], `${at}.${k}`);
      if (e !== null) return nest(`.${k}`, e);
    }
    return null;
  };

/** A problem found under `step` (".field" or "[i]"): its path grows, its message stays. */
const nest = (step: string, e: string): string => (e.startsWith('.') || e.startsWith('[') ? `${step}${e}` : `${step}: ${e}`);

function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 40 ? `${s.slice(0, 37)}...` : s;
}

/** Checks of the puzzle, solution and analysis of each kind: the fields the client reads. */
const LEVEL_CHECKS: Record<string, (level: Record<string, unknown>) => string | null> = {
  ghost(level) {
    const size = (level.puzzle as { size?: unknown } | null)?.size;
    const n = Number.isInteger(size) && (size as number) >= 5 && (size as number) <= 9 ? (size as number) : 5;
    const row = (chars: string) => str(new RegExp(`^[${chars}]{${n}}$`), `a row of ${n} of ${chars}`);
    const count = int(0, n);
    return (
      obj({ puzzle: obj({ size: int(5, 9), grid: arr(row('.0-8'), n, n), rows: arr(count, n, n), cols: arr(count, n, n) }) })(level, '') ??
      obj({ solution: arr(row('G.'), n, n) })(level, '') ??
      obj({
        analysis: obj({
          ghosts: int(0, n * n),
          logicDepth: (v) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? null : `expected a number ≥ 0, found ${show(v)}`),
          maxScore: unknownOr(int(0, 1e9)),
          minScore: unknownOr(int(0, 1e9)),
          maxCourse: str(/^[A-Za-z0-9+/=]*$|^unknown$/, 'base64 or "unknown"'),
          minCourse: str(/^[A-Za-z0-9+/=]*$|^unknown$/, 'base64 or "unknown"'),
          hints: str(/^[A-Za-z0-9+/=]*$/, 'base64'),
        }),
      })(level, '')
    );
  },
  slide(level) {
    const board = (level.puzzle as { board?: unknown[] } | null)?.board;
    const w = Array.isArray(board) && typeof board[0] === 'string' ? board[0].length : 2;
    return (
      obj({ puzzle: obj({ board: arr(str(new RegExp(`^[#.a-oA-O]{${Math.min(Math.max(w, 2), 8)}}$`), `a row of ${w} of # . a-o A-O`), 2, 8) }) })(level, '') ??
      obj({ solution: arr(tuple(int(0, 7), int(0, 7), str(/^[UDLR]$/, 'U, D, L or R')), 0, 256) })(level, '') ??
      obj({ analysis: obj({ minMoves: int(0, 256), stars: obj({ three: int(0, 1e6), two: int(0, 1e6), one: int(0, 1e6) }) }) })(level, '')
    );
  },
  apple(level) {
    const rect = tuple(int(0, 9), int(0, 16), int(0, 9), int(0, 16));
    return (
      obj({ puzzle: obj({ board: arr(str(/^[1-9]{17}$/, '17 digits 1-9'), 10, 10) }) })(level, '') ??
      obj({ solution: arr(rect, 0, 170) })(level, '') ??
      obj({ analysis: obj({ greedyScore: int(0, 170), bestScore: int(0, 170), upperBound: int(0, 170), greedyPlay: arr(rect, 0, 170) }) })(level, '')
    );
  },
};

/** The kinds whose packs the client reads. */
export const KIND_NAMES = Object.keys(LEVEL_CHECKS) as readonly string[];

/** The first problem of a parsed pack as one line naming the level and field, or null when the client can play it. */
export function packProblem(raw: unknown): string | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return 'a pack is a JSON object';
  const pack = raw as Record<string, unknown>;
  const check = typeof pack.kind === 'string' && Object.hasOwn(LEVEL_CHECKS, pack.kind) ? LEVEL_CHECKS[pack.kind] : undefined;
  if (!check) return `kind: expected one of ${KIND_NAMES.map((k) => JSON.stringify(k)).join(', ')}, found ${show(pack.kind)}`;
  if (pack.type !== 'pack') return `type: expected "pack", found ${show(pack.type)}`;
  if (typeof pack.name !== 'string') return `name: expected a string, found ${show(pack.name)}`;
  if (!Array.isArray(pack.levels)) return `levels: expected a list, found ${show(pack.levels)}`;
  const seen = new Set<string>();
  for (let i = 0; i < pack.levels.length; i++) {
    const level = pack.levels[i] as Record<string, unknown> | null;
    if (level === null || typeof level !== 'object' || Array.isArray(level)) return `levels[${i}]: expected a level object`;
    const id = typeof level.id === 'string' && new RegExp(`^${pack.kind}-[0-9a-f]{12}$`).test(level.id) ? level.id : null;
    if (!id) return `levels[${i}] › id: expected "${pack.kind}-" and 12 hex digits, found ${show(level.id)}`;
    if (seen.has(id)) return `${id} › id: appears twice in the pack`;
    seen.add(id);
    if (typeof level.tier !== 'string') return `${id} › tier: expected a string, found ${show(level.tier)}`;
    const e = check(level);
    if (e !== null) return `${id} › ${e.replace(/^\./, '')}`;
  }
  return null;
}
