// The caps on how much one command takes in: levels per run (generate, merge),
// the shard files of one merge together, and import's records and file size.
// Each is a fixed bound or a default the command line raises; nothing read
// from a file moves them.

/**
 * The most levels one generate run makes: a set file of more would pass
 * validate's 32 MiB read limit (about 3 KB a level for the largest kind), and
 * the run would hold every result in memory first. merge holds the shards of
 * one run to it too.
 */
export const MAX_LEVELS_PER_RUN = 10_000;

/**
 * All shard files of one merge together: validate reads a file of at most
 * 32 MiB, and the merged set is about the size of its shards together.
 */
export const MAX_MERGE_BYTES = 32 * 1024 * 1024;

/**
 * import's default record cap (`--max-records` raises it, up to
 * MAX_LEVELS_PER_RUN): each record is analysed like a generated level
 * (an apple board about 0.3 CPU-s), so 1,000 records are about 5 CPU-minutes.
 */
export const IMPORT_RECORDS = 1_000;

/** import's default size cap in MiB (`--max-mib` raises it, up to the 32 MiB any input may have): 4 MiB holds 10,000 apple boards. */
export const IMPORT_MIB = 4;
