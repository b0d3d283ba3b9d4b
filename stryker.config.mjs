// Mutation testing where a promise is critical: the relay and the followers.
// `npm run mutate` (not part of `npm test`: it runs the chosen tests once per mutant).
// MUTATE=relay or MUTATE=follow narrows it to one component.
const targets = {
  relay: ['src/relay/**/*.ts'],
  follow: ['src/core/follow/**/*.ts', 'src/native/follow/**/*.ts', 'src/app/follow/**/*.ts'],
};
const chosen = process.env.MUTATE ? [process.env.MUTATE] : Object.keys(targets);
// The tests that pin a component's promises, when they live in one folder: only those run (a
// follow mutant is killed or not by test/follow; the whole suite per mutant is too slow).
const testDirs = { follow: 'test/follow' };
const testDir = chosen.length === 1 ? testDirs[chosen[0]] : undefined;
// Only vitest's `node` project (the runner cannot pass `--project`; vitest.config.ts reads this).
process.env.VITEST_PROJECT ??= 'node';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: testDir
    ? { configFile: 'vitest.config.ts', related: false, dir: testDir }
    : { configFile: 'vitest.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: chosen.flatMap((name) => targets[name] ?? []),
  reporters: ['clear-text', 'progress'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  timeoutMS: 20_000,
};
