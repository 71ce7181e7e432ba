// The file formats the pipeline writes and reads (docs/formats.md): set files, packs,
// the manifest, the packs config and the kinds config. zod is the source of truth; the JSON
// Schemas in schema/ are generated from these (tools/scripts/write-schemas.ts).
// The types of the files are inferred from the schemas. The game client does
// not bundle these (no schema library): it reads packs by each kind's face
// (tools/lib/face.ts), held to these by test/client/pack-check.test.ts, and
// takes its pack type from here (types only).
import { z } from 'zod';
import type { PuzzleKind, Level } from './kind.ts';

export const FORMAT_VERSION = 1;

const int = () => z.number().int();
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const SET_NAME = /^[a-z0-9][a-z0-9_-]*$/;
/**
 * A record read from a file, refusing the key `__proto__`: zod's record parse
 * drops it silently (a tier of that name vanished and the pack had "0 levels"),
 * so it is named instead. Other keys are checked by `value` as usual.
 */
function fileRecord<V extends z.ZodType>(value: V) {
  const record = z.record(z.string(), value);
  return z.preprocess((input, ctx) => {
    if (input !== null && typeof input === 'object' && Object.hasOwn(input, '__proto__'))
      ctx.issues.push({ code: 'custom', message: 'the key "__proto__" is not allowed (rename it)', input, path: ['__proto__'] });
    return input;
  }, record);
}

/** What the file formats need to know about a kind: its name, tiers and schemas. */
export type KindFormats = Pick<PuzzleKind, 'name' | 'tiers' | 'schemas'>;

function levelSchema(kind: KindFormats) {
  return z.strictObject({
    id: z.string().regex(new RegExp(`^${kind.name}-[0-9a-f]{12}$`), `"${kind.name}-" and 12 hex digits`),
    puzzle: kind.schemas.puzzle,
    solution: kind.schemas.solution,
    analysis: kind.schemas.analysis,
    tier: z.enum(kind.tiers as [string, ...string[]]),
    players: LevelPlayers.optional().describe('difficulty from players (proofpack calibrate); absent below --min-attempts'),
  });
}

/** Longest player id an attempt log line may carry. */
export const MAX_PLAYER_ID = 128;

/**
 * One line of an attempt log (JSON Lines; docs/players.md): one finished play
 * of one level. Other fields (kind-specific) are allowed and ignored by the model.
 */
export const AttemptRecord = z.looseObject({
  level: z.string().min(1).max(64).describe('the level id, e.g. ghost-0123456789ab'),
  player: z.string().min(1).max(MAX_PLAYER_ID).describe('an opaque player id (no personal data)'),
  solved: z.boolean(),
  seconds: z.number().min(0).max(1e9).describe('time spent on the attempt'),
  mistakes: int().min(0).max(1e9),
  at: z.iso.datetime({ offset: true }).optional().describe('when the attempt ended (ISO 8601)'),
});
export type AttemptRecord = z.infer<typeof AttemptRecord>;

/** A level's difficulty from players: the fitted model's figures and the attempts behind them. */
export const LevelPlayers = z.strictObject({
  difficulty: z.number().describe('logit scale, higher is harder: P(solve) = sigmoid(ability - difficulty)'),
  deviation: z.number().min(0).describe("the difficulty's standard error (1/sqrt of the Fisher information plus the prior precision)"),
  attempts: int().min(1),
  solveRate: z.number().min(0).max(1),
  medianSeconds: z.number().min(0),
});
export type LevelPlayers = z.infer<typeof LevelPlayers>;

/** How a set's `players` fields were fitted, so validate can fit them again from the same logs. */
export const PlayersProvenance = z.strictObject({
  model: z.literal('rasch-map').describe('1-PL logistic, Gaussian priors, maximum a posteriori (docs/players.md)'),
  logs: z
    .array(
      z.strictObject({
        file: z.string().min(1).describe('the log, relative to the set file'),
        attempts: int().min(0).describe('its well-formed lines'),
        sha256: hex64.describe(
          'over the SHA-256s of its canonical lines (each line as stable JSON), sorted, each followed by a newline: the same for any line order',
        ),
      }),
    )
    .min(1)
    .describe('sorted by file'),
  attempts: z
    .strictObject({
      count: int().min(0).describe("attempts of the set's levels, the ones fitted"),
      sha256: hex64.describe("the same over every log's lines together: the same for any order and any split into files"),
      unknownLevels: int().min(0).describe('attempts naming a level not in the set (not fitted)'),
      skipped: int().min(0).describe('malformed lines skipped (--skip-malformed)'),
    })
    .describe('the attempts fitted'),
  params: z.strictObject({
    minAttempts: int().min(1).describe('levels with fewer attempts get no players field and keep their solver tier'),
    retier: z.boolean().describe('whether the tiers were recut by player difficulty'),
    abilitySd: z.number().positive().describe('prior standard deviation of player ability'),
    difficultySd: z.number().positive().describe('prior standard deviation of level difficulty'),
  }),
  iterations: int().min(1).describe("the fit's rounds of Newton updates"),
  belowMinAttempts: int().min(0).describe('levels without a players field: fewer attempts than minAttempts (they keep their solver tier)'),
});
export type PlayersProvenance = z.infer<typeof PlayersProvenance>;

export const PlanStats = z.strictObject({
  label: z.string(),
  wanted: int().min(0),
  found: int().min(0),
  tries: int().min(0),
  disagreements: int().min(0).describe('boards thrown away because the solver disagreed with the known solution (a bug)'),
});
export type PlanStats = z.infer<typeof PlanStats>;

function generatorSchema(kind: KindFormats) {
  return z.strictObject({
    tool: z.string(),
    seed: int().min(0),
    config: kind.schemas.config,
    stats: z.array(PlanStats).describe('per plan entry: boards wanted, found, tries used'),
    untiered: int().min(0).describe('boards found that fit no tier (dropped)'),
    imported: z
      .strictObject({ file: z.string(), records: int().min(0), skipped: int().min(0) })
      .optional()
      .describe('set made by proofpack import: the recorded file, its records, the malformed ones skipped'),
  });
}

const CurateStats = z.strictObject({
  candidates: int().min(0),
  duplicates: int().min(0).describe('dropped: same canonical id as an earlier level'),
  untiered: int().min(0).describe('dropped: fit no tier'),
});

export function setSchema(kind: KindFormats) {
  return z.strictObject({
    type: z.literal('set'),
    formatVersion: z.literal(FORMAT_VERSION),
    kind: z.literal(kind.name),
    name: z.string().regex(SET_NAME),
    stage: z.enum(['candidates', 'curated']),
    generator: generatorSchema(kind),
    curate: CurateStats.nullable().describe('null for candidates'),
    calibration: kind.schemas.calibration,
    levels: z.array(levelSchema(kind)),
    shard: ShardInfo.optional().describe(
      'only in the output of generate --shard (and of a merge of shards i, i+m, … of n: shard i/m); a merge of every shard removes it',
    ),
    players: PlayersProvenance.optional().describe("only in the output of proofpack calibrate: how the levels' players fields were fitted"),
  });
}

const ShardInfo = z.strictObject({
  index: int().min(0),
  count: int().min(1),
  slots: z.array(int().min(0)).describe('the plan slot each level came from, parallel to levels'),
  entries: z.array(int().min(0)).describe("the whole job's slots per plan entry, the same in every shard (a merge of some of the shards needs them)"),
});

export function packSchema(kind: KindFormats) {
  return z.strictObject({
    type: z.literal('pack'),
    formatVersion: z.literal(FORMAT_VERSION),
    kind: z.literal(kind.name),
    name: z.string().regex(SET_NAME),
    source: z.strictObject({
      set: z.string().describe('the curated set, relative to the packs config'),
      name: z.string(),
      sha256: hex64.describe('of the set file the pack was cut from'),
    }),
    generator: generatorSchema(kind),
    calibration: kind.schemas.calibration,
    levels: z.array(levelSchema(kind)),
  });
}

/** A set file as setSchema reads it, its levels typed `L` (the type is the schema's: no hand-written twin). */
export type SetFile<L extends Level = Level> = WithLevels<z.infer<ReturnType<typeof setSchema>>, L>;

/** A pack file as packSchema reads it, its levels typed `L`. */
export type PackFile<L extends Level = Level> = WithLevels<z.infer<ReturnType<typeof packSchema>>, L>;

/** A file's shape with its levels typed `L` (a kind's schemas type them `unknown` here). */
type WithLevels<F extends { levels: unknown[] }, L> = Omit<F, 'levels'> & { levels: L[] };

export const PacksConfig = z.strictObject({
  type: z.literal('packs-config'),
  formatVersion: z.literal(FORMAT_VERSION),
  packs: z
    .array(
      z.strictObject({
        name: z.string().regex(SET_NAME).describe('file name of the pack, without .json'),
        set: z.string().min(1).describe('curated set file, relative to this file'),
        tiers: fileRecord(z.union([int().min(1), z.literal('all')])).describe('tier -> how many levels (spread evenly over the tier) or "all"'),
        order: z.enum(['difficulty', 'shuffle']).describe('difficulty: easiest first; shuffle: seeded shuffle'),
        seed: int().min(0).optional().describe('for order "shuffle"'),
      }),
    )
    .min(1),
  calibration: z
    .strictObject({
      logs: fileRecord(z.array(z.string().min(1)).min(1)).describe('curated set -> its attempt logs, both relative to this file'),
      minAttempts: int().min(1).optional().describe('as calibrate --min-attempts'),
      retier: z.boolean().optional().describe('as calibrate --retier (default true: the packs are cut from the re-tiered sets)'),
    })
    .optional()
    .describe('pipeline fits player difficulty from these logs (proofpack calibrate) before bundling'),
});
export type PacksConfig = z.infer<typeof PacksConfig>;

/**
 * `proofpack/kinds.json`: the game's own puzzle kinds, as the modules that
 * export them (tools/kinds/kinds-config.ts reads it; docs/game-repo.md).
 */
export const KindsConfig = z.strictObject({
  type: z.literal('kinds-config'),
  formatVersion: z.literal(FORMAT_VERSION),
  kinds: z
    .array(
      z
        .string()
        .min(1)
        .describe(
          'a kind module (.ts, .mts, .js or .mjs) exporting kind, face and view, relative to this file, inside the repository, through no symbolic link',
        ),
    )
    .describe("the game's kind modules, registered in this order after the built-in kinds"),
});
export type KindsConfig = z.infer<typeof KindsConfig>;

export const Manifest = z.strictObject({
  type: z.literal('manifest'),
  formatVersion: z.literal(FORMAT_VERSION),
  tool: z.string(),
  packs: z.array(
    z.strictObject({
      name: z.string(),
      kind: z.string(),
      file: z.string().describe('relative to the manifest'),
      levels: int().min(0),
      bytes: int().min(0),
      sha256: hex64,
      tiers: fileRecord(int().min(0)).describe('levels per tier'),
      source: z.strictObject({ set: z.string(), name: z.string(), sha256: hex64, seed: int(), generatorTool: z.string() }),
    }),
  ),
});
export type Manifest = z.infer<typeof Manifest>;

/** generate's progress file (`<out>.checkpoint.json`), read by --resume. */
export const Checkpoint = z.strictObject({
  type: z.literal('checkpoint'),
  formatVersion: z.literal(FORMAT_VERSION),
  job: hex64.describe('hash of kind, config, seed, name, count, shard and tool version'),
  settings: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('the settings the job hash is made of (tool, kind, seed, name, count, shard, config): a refused --resume names the one that differs'),
  slots: z.array(
    z.strictObject({
      slot: int().min(0),
      result: z.strictObject({
        found: z.strictObject({ puzzle: z.unknown(), solution: z.unknown(), analysis: z.unknown() }).nullable(),
        tries: int().min(0),
        disagreements: int().min(0),
      }),
    }),
  ),
});

const ReportedProblemSchema = z.strictObject({
  level: z.string().describe('level id, "set" for the whole file, or the pack name in a manifest'),
  index: int().min(-1).describe('index of the level in its file; -1 for the whole file'),
  field: z.string(),
  stored: z.unknown(),
  expected: z.unknown().describe('what the library recomputed'),
});

/** `validate --json` output (also what `merge` reads and writes for validate shards). */
export const ValidateReportSchema = z.strictObject({
  type: z.literal('validate-report'),
  formatVersion: z.literal(FORMAT_VERSION),
  shard: z.strictObject({ index: int().min(0), count: int().min(1) }).optional(),
  ok: z.boolean(),
  files: z.array(
    z.strictObject({
      file: z.string(),
      type: z.string().nullable(),
      kind: z.string().nullable(),
      levels: int().min(0),
      error: z.string().nullable().describe('unreadable or schema-invalid file'),
      problems: z.array(ReportedProblemSchema),
      stats: fileRecord(z.unknown()).optional(),
      statLines: z.array(z.string()).optional(),
    }),
  ),
  levels: int().min(0),
  problems: int().min(0),
  errors: int().min(0),
});
export type ValidateReport = z.infer<typeof ValidateReportSchema>;
export type FileReport = ValidateReport['files'][number];
export type ReportedProblem = FileReport['problems'][number];
