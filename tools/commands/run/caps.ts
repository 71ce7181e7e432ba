// The caps on how much one command takes in: levels per run (generate, merge)
// and import's records and file size (merge's shards: run/shards.ts MAX_SHARDS,
// and what it keeps of them: merge/retained.ts).
// Each is a fixed bound or a default the command line raises; nothing read
// from a file moves them.

/**
 * The most levels one generate run makes: a set file of more would pass
 * validate's 32 MiB read limit (about 3 KB a level for the largest kind), and
 * the run would hold every result in memory first. merge holds the shards of
 * one job to it too (and the merged set's levels to validate's 32 MiB).
 */
export const MAX_LEVELS_PER_RUN = 10_000;

/**
 * import's default record cap (`--max-records` raises it, up to
 * MAX_LEVELS_PER_RUN): each record is analysed like a generated level
 * (an apple board about 0.3 CPU-s), so 1,000 records are about 5 CPU-minutes.
 */
export const IMPORT_RECORDS = 1_000;

/** import's default size cap in MiB (`--max-mib` raises it, up to the 32 MiB any input may have): 4 MiB holds 10,000 apple boards. */
export const IMPORT_MIB = 4;
