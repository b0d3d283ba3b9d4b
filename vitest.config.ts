import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { msw } from 'msw/vite';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { resolveChromium } from './test/support/chromium.js';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Run in real Chromium (test/browser) and against the built, packed package (test/consumers). */
const browserTests = 'test/browser/**';
const consumerTests = 'test/consumers/**';

/*
 * The browser is found (and, for the packaged fallback, unpacked) only when a run selects the
 * browser project: `vitest run --project node` never pays for it.
 */
/*
 * `SOCIALSITE_ZOD=<a zod package folder>` runs the tests with that zod in place of the locked one
 * (scripts/zod-range.mjs: the compiled parser's suite with both ends of package.json's zod range).
 */
const otherZod = process.env.SOCIALSITE_ZOD;
const zodAliases = otherZod
  ? [
      { find: /^zod\/mini$/, replacement: join(otherZod, 'mini/index.js') },
      { find: /^zod$/, replacement: join(otherZod, 'index.js') },
    ]
  : [];

const selectedProjects = process.argv.flatMap((arg, index, argv) =>
  arg === '--project'
    ? [argv[index + 1]]
    : arg.startsWith('--project=')
      ? [arg.slice('--project='.length)]
      : [],
);
/** Where no `--project` can be passed (Stryker's vitest runner), `VITEST_PROJECTS=node` chooses. */
const envProjects = process.env.VITEST_PROJECTS?.split(',') ?? [];
if (selectedProjects.length === 0) selectedProjects.push(...envProjects);
/** The projects, only those `VITEST_PROJECTS` names when it is set. */
const chosen = (projects: TestProjectInlineConfiguration[]) =>
  envProjects.length === 0
    ? projects
    : projects.filter((project) => envProjects.includes(project.test?.name as string));
/**
 * `VITEST_INCLUDE=<glob,glob>` narrows the node project to those test files: Stryker's vitest
 * runner passes no file filter that survives the projects' own `include` (stryker.config.mjs).
 */
const nodeIncludes = process.env.VITEST_INCLUDE?.split(',') ?? ['test/**/*.test.ts', 'examples/**/*.test.ts'];
const wantsBrowser = selectedProjects.length === 0 || selectedProjects.includes('browser');
const browserLaunch = wantsBrowser ? await resolveChromium() : undefined;

export default defineConfig({
  // The examples import the package by name, as users do; here that name means the source.
  resolve: {
    alias: [
      ...zodAliases,
      { find: /^socialsite-sdk\/testing\/msw$/, replacement: source('./src/testing/msw.ts') },
      { find: /^socialsite-sdk\/testing$/, replacement: source('./src/testing/index.ts') },
      { find: /^socialsite-sdk\/node$/, replacement: source('./src/node/index.ts') },
      { find: /^socialsite-sdk\/relay$/, replacement: source('./src/relay.ts') },
      // The OpenAPI documents, generated from the source on import (the build writes them to dist/).
      { find: /^socialsite-sdk\/openapi$/, replacement: source('./scripts/openapi/documents.ts') },
      { find: /^socialsite-sdk$/, replacement: source('./src/index.ts') },
    ],
  },
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // CI reads the counts from the JSON report to print its closing "N passed, N failed" line; one
    // run of every project below writes one report, so the count covers all of them.
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results.json' }]] : ['default'],
    // A rejection nobody handled is a bug in the SDK, not noise: fail the run.
    dangerouslyIgnoreUnhandledErrors: false,
    projects: chosen([
      {
        extends: true,
        test: {
          name: 'node',
          include: nodeIncludes,
          exclude: [...configDefaults.exclude, browserTests, consumerTests],
          environment: 'node',
        },
      },
      {
        extends: true,
        // Serves msw's mockServiceWorker.js at the test pages' origin, for `setupWorker`.
        plugins: [msw({ mode: 'worker-only' })],
        test: {
          name: 'browser',
          include: ['test/browser/**/*.browser.test.ts'],
          // The loopback fake server, for the tests that go over real HTTP (its URL via `inject`).
          globalSetup: ['test/browser/fake-server.global.ts'],
          // After the node tests: their timing-sensitive cases should not share the CPU with Chromium.
          sequence: { groupOrder: 1 },
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: browserLaunch
                ? { executablePath: browserLaunch.executablePath, args: browserLaunch.args }
                : {},
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'consumers',
          include: ['test/consumers/**/*.test.ts'],
          environment: 'node',
          // Packs dist/ once (run `npm run build` first; `npm test` does).
          globalSetup: ['test/consumers/pack.global.ts'],
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ]),
  },
});
