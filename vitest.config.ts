import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // CI reads the counts from the JSON report to print its closing "N passed, N failed" line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results.json' }]] : ['default'],
    hookTimeout: 20_000,
    // A rejection nobody handled is a bug in the SDK, not noise: fail the run.
    dangerouslyIgnoreUnhandledErrors: false,
  },
});
