// What a pipeline run is made of: its command line, one job per kind (a
// config, the set it makes and the candidates it makes it from), and the plan
// read and checked before any work (plan.ts).
import type { PacksConfig } from '../../lib/files.ts';
import type { PuzzleKind } from '../../lib/kind.ts';
import type { JobSettings } from '../files/checkpoint.ts';
import type { TaskCeilings } from '../run/tasks.ts';

/** The command line of `proofpack pipeline`. */
export interface PipelineOptions extends TaskCeilings {
  threads: number;
  levels: string;
  dist: string;
  work: string;
  /** A folder of partial configs and a packs.json (proofpack init); default: ./proofpack. */
  configDir?: string;
  /** Scale every kind's plan to this many wanted levels. */
  count?: number;
  /** The master seed of every kind, over the configs' own. */
  seed?: number;
  resume?: boolean;
  allowShort?: boolean;
  /** `--budget FIELD=N`: the runner's ceilings, for every generate and validate step (run/budgets.ts); a config over one is refused before any work. */
  budget?: string[];
}

/** One kind's part of the run: generate its candidates, curate them into its set. */
export interface Job {
  kind: PuzzleKind;
  /** The tiers its set can have at most, when the config says (PuzzleKind.plannedTiers). */
  tiers?: readonly string[];
  /** The config file, or undefined for the built-in config. */
  config?: string;
  name: string;
  candidates: string;
  curated: string;
  /** Everything the candidates depend on (tool, kind, effective config, seed, name, count). */
  settings: JobSettings;
  /** How many boards the plan wants in all (--count, or the plan's own). */
  wanted: number;
}

/** A pack entry whose set path names, in another folder, a set this run makes: the run cuts the pack from its own set. */
export interface Mapped {
  /** The pack entry's index in the packs file. */
  index: number;
  /** The set path as the packs file gives it. */
  given: string;
  /** The set this run makes (`<--levels>/<kind>/<name>.json`). */
  job: Job;
}

/** A set of this run fitted to its players' logs after curate (the packs config's `calibration`). */
export interface Calibration {
  job: Job;
  /** The logs, resolved from the packs file's folder. */
  logs: string[];
  retier: boolean;
  minAttempts?: number;
}

/** What plan() read and checked. */
export interface Plan {
  jobs: Job[];
  /** The user's packs file. */
  packs: string;
  /** The packs config the run bundles: the packs file's, with each mapped set path replaced by the run's own set. */
  packsDoc: PacksConfig;
  mapped: Mapped[];
  /** Sets the packs file names that the run does not make: validated with the run's own before anything is bundled. */
  externalSets: string[];
  /** The sets the packs config's `calibration.logs` fits to players, by the job that makes them. */
  calibrations: Calibration[];
}
