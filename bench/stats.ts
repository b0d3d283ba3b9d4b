/** The median of some numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** One timing of a variant: wall time and this process's CPU time, in milliseconds. */
export interface Timing {
  wallMs: number;
  cpuMs: number;
}

export interface InterleaveOptions {
  /** Timed rounds; each runs every variant once. */
  rounds: number;
  /** Untimed rounds first: JIT, connection pool and server caches warm for every variant alike. */
  warmup: number;
}

/**
 * Runs every variant once per round, in turn (A B C A B C …, the order rotating each round), so
 * that a noisy neighbour or a CPU frequency change hits all of them alike; returns each variant's
 * timings. The medians of these are what the report shows.
 */
export async function interleave<K extends string>(
  variants: Record<K, () => Promise<unknown>>,
  { rounds, warmup }: InterleaveOptions,
): Promise<Record<K, Timing[]>> {
  const names = Object.keys(variants) as K[];
  const timings = Object.fromEntries(names.map((name) => [name, [] as Timing[]])) as Record<K, Timing[]>;
  for (let round = -warmup; round < rounds; round++) {
    const shift = ((round % names.length) + names.length) % names.length;
    for (const name of [...names.slice(shift), ...names.slice(0, shift)]) {
      // A clean heap for each (when run with --expose-gc): no variant pays for another's garbage.
      globalThis.gc?.();
      const cpu = process.cpuUsage();
      const started = performance.now();
      await variants[name]();
      const wallMs = performance.now() - started;
      const used = process.cpuUsage(cpu);
      if (round >= 0) timings[name].push({ wallMs, cpuMs: (used.user + used.system) / 1000 });
    }
  }
  return timings;
}

/** The median wall and CPU time of some timings. */
export function medianTiming(timings: readonly Timing[]): Timing {
  return { wallMs: median(timings.map((t) => t.wallMs)), cpuMs: median(timings.map((t) => t.cpuMs)) };
}
