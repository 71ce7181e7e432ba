// What a benchmark reports: named figures, measured once per run; the bench
// runner repeats runs and prints the median of each figure.
export interface Figure {
  kind: string;
  name: string;
  value: number;
  unit: string;
  /** A target to compare with: the table prints value/target as the ratio. */
  target?: number;
  /** For a lower-is-better figure (times), the ratio is target/value. */
  lowerIsBetter?: boolean;
}

export interface Suite {
  kind: string;
  /** Selects this suite alone on the bench command line (besides its kind). */
  name?: string;
  /** One measurement of every figure. */
  run(): Promise<Figure[]> | Figure[];
}

/** Seconds taken by fn. */
export function seconds(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return (performance.now() - t0) / 1000;
}

export async function secondsAsync(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return (performance.now() - t0) / 1000;
}
