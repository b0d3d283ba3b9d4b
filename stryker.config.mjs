// Mutation testing where a promise is critical: the relay and the followers.
// `npm run mutate` (not part of `npm test`: it runs the chosen tests once per mutant).
// MUTATE=relay or MUTATE=follow narrows it to one component.
const targets = {
  relay: ['src/relay/**/*.ts'],
  follow: ['src/core/follow/**/*.ts', 'src/native/follow/**/*.ts', 'src/app/follow/**/*.ts'],
};
// Stryker's vitest runner cannot pass `--project`: only the node project runs (no Chromium).
process.env.VITEST_PROJECTS ??= 'node';
// A few seeded runs of each property per mutant (the same cases every time: no flaky kills).
process.env.FUZZ_RUNS ??= '3';
process.env.FUZZ_SEED ??= '20261122';
// Tests that take seconds for a figure rather than a branch (a 12 MiB answer) skip themselves here.
process.env.MUTATION_RUN = '1';
const chosen = process.env.MUTATE ? [process.env.MUTATE] : Object.keys(targets);
// The tests that pin a component's promises, when they live in one folder: only those run (a
// follow mutant is killed or not by test/follow; the whole suite per mutant is too slow).
// vitest.config.ts reads VITEST_INCLUDE (the runner's own `dir` does not narrow a projects config).
// The relay's promises are pinned by test/relay (over real HTTP and in-process; the Chromium form
// of test/relay-chromium and the hostile fuzzers stay out: too slow per mutant).
const testGlobs = { follow: 'test/follow/**/*.test.ts', relay: 'test/relay/**/*.test.ts' };
const testGlob = chosen.length === 1 ? testGlobs[chosen[0]] : undefined;
if (testGlob) process.env.VITEST_INCLUDE ??= testGlob;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.config.ts', related: !testGlob },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: chosen.flatMap((name) => targets[name] ?? []),
  reporters: ['clear-text', 'progress', 'json'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // Added to 1.5 × a test's own time: a mutant that loops (a walk that never ends) fails fast.
  timeoutMS: 5_000,
};
