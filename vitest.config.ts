import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  // The examples import the package by name, as users do; here that name means the source.
  resolve: {
    alias: [
      { find: /^socialsite-sdk\/testing\/msw$/, replacement: source('./src/testing/msw.ts') },
      { find: /^socialsite-sdk\/testing$/, replacement: source('./src/testing/index.ts') },
      { find: /^socialsite-sdk\/node$/, replacement: source('./src/node/index.ts') },
      { find: /^socialsite-sdk$/, replacement: source('./src/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // CI reads the counts from the JSON report to print its closing "N passed, N failed" line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results.json' }]] : ['default'],
    hookTimeout: 20_000,
    // A rejection nobody handled is a bug in the SDK, not noise: fail the run.
    dangerouslyIgnoreUnhandledErrors: false,
  },
});
