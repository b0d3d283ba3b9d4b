import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/*
 * `npm run test:live`: the integration suite against REAL sites (scripts/test-live.ts checks the
 * environment first and says which site each part runs against). Never part of `npm test`.
 */
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^socialsite-sdk\/node$/, replacement: source('./src/node/index.ts') },
      { find: /^socialsite-sdk$/, replacement: source('./src/index.ts') },
    ],
  },
  test: {
    name: 'live',
    include: ['test/live/**/*.live.ts'],
    environment: 'node',
    // Real servers: PHP's built-in server answers one request at a time per worker.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
