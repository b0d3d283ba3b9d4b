/**
 * How hard to fuzz. `npm test` runs a bounded, seeded pass (the same cases every time, so CI is
 * reproducible); `npm run fuzz` sets FUZZ_RUNS (default 1000) and a fresh seed, printed so any
 * failure can be replayed with `FUZZ_SEED=<seed> npm run fuzz`.
 */
const DEFAULT_RUNS = 30;
const FIXED_SEED = 20261122;

export const FUZZ_RUNS = positive(process.env.FUZZ_RUNS) ?? DEFAULT_RUNS;
export const FUZZ_SEED =
  integer(process.env.FUZZ_SEED) ?? (process.env.FUZZ_RUNS ? Date.now() % 2 ** 31 : FIXED_SEED);

/** Generous: a stuck property must fail on its own, not through a hang. */
export const FUZZ_TIMEOUT_MS = 20_000 + FUZZ_RUNS * 100;

/** The options every property runs with. */
export function fuzzOptions(runsFactor = 1): { numRuns: number; seed: number } {
  return { numRuns: Math.max(1, Math.round(FUZZ_RUNS * runsFactor)), seed: FUZZ_SEED };
}

if (process.env.FUZZ_RUNS) {
  // Only in fuzz mode: `npm test` stays quiet, and its seed is the fixed one above.
  console.log(`fuzz: ${FUZZ_RUNS} runs per property, seed ${FUZZ_SEED} (replay with FUZZ_SEED=${FUZZ_SEED})`);
}

function positive(text: string | undefined): number | undefined {
  const value = integer(text);
  return value !== undefined && value > 0 ? value : undefined;
}

function integer(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  return Number(text);
}
