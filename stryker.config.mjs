// Mutation testing where a promise is critical: the relay and the followers.
// `npm run mutate` (not part of `npm test`: it runs the chosen tests once per mutant).
// MUTATE=relay or MUTATE=follow narrows it to one component.
const targets = {
  relay: ['src/relay/**/*.ts'],
  follow: ['src/core/follow/**/*.ts', 'src/native/follow/**/*.ts', 'src/app/follow/**/*.ts'],
};
const chosen = process.env.MUTATE ? [process.env.MUTATE] : Object.keys(targets);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: chosen.flatMap((name) => targets[name] ?? []),
  reporters: ['clear-text', 'progress'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  timeoutMS: 20_000,
};
