/**
 * `npm run test:live [-- --writes]`: runs test/live against real sites.
 * - Native API part: when HUB_BASE_URL, HUB_USER and HUB_PASSWORD are set, or HUB_JSON names a
 *   live kit hub's `hub.json` (which also gives the OAuth client and the channel key).
 * - Application API part: when APP_BASE_URL and APP_KEY are set, or once per site of APP_SITES, a
 *   comma-separated list of the phpFox live kit's `site.json` files (its `url`, `app_key` and
 *   `phpfox_version`), e.g. one phpFox 3.9.0 and one 3.0.1:
 *   `APP_SITES=$WORK/site-8080/site.json,$WORK/site-8081/site.json npm run test:live -- --writes`.
 * Each part runs on its own; reads only, unless `--writes` (posts, comments, uploads) is given.
 * Ends with one line per site: tests passed and failed, and the time taken.
 * Fails with one clear line when neither part is configured.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hubEnvFromSummary } from './live-hub-env.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const writes = args.includes('--writes');
const rest = args.filter((arg) => arg !== '--writes');
const env = process.env.HUB_JSON
  ? { ...hubEnvFromSummary(process.env.HUB_JSON), ...process.env }
  : process.env;

const hub = env.HUB_BASE_URL && env.HUB_USER && env.HUB_PASSWORD ? env.HUB_BASE_URL : undefined;

/** One Application API site: where, its key, and what it says it runs. */
interface AppSite {
  url: string;
  key: string;
  label: string;
}

function kitSite(file: string): AppSite {
  const site = JSON.parse(readFileSync(file, 'utf8')) as {
    url?: string;
    app_key?: string;
    phpfox_version?: string;
  };
  if (!site.url || !site.app_key) {
    console.error(`test:live: ${file} has no url or app_key (a site.json of the phpFox live kit?)`);
    process.exit(2);
  }
  return {
    url: site.url.replace(/\/$/, ''),
    key: site.app_key,
    label: `phpFox ${site.phpfox_version ?? '?'}`,
  };
}

const apps: AppSite[] = env.APP_SITES
  ? env.APP_SITES.split(',')
      .filter((file) => file.trim() !== '')
      .map((file) => kitSite(file.trim()))
  : env.APP_BASE_URL && env.APP_KEY
    ? [{ url: env.APP_BASE_URL, key: env.APP_KEY, label: 'APP_BASE_URL' }]
    : [];

if (!hub && apps.length === 0) {
  console.error(
    'test:live: no live site configured. Set HUB_BASE_URL, HUB_USER, HUB_PASSWORD (Native API) ' +
      'and/or APP_BASE_URL, APP_KEY or APP_SITES (Application API).',
  );
  process.exit(2);
}

console.log(
  `Native API part:      ${hub ? `live hub ${hub} as ${env.HUB_USER}` : 'skipped (HUB_* not set)'}`,
);
console.log(
  `Application API part: ${apps.length > 0 ? apps.map((site) => `${site.label} at ${site.url}`).join(', ') : 'skipped (APP_* not set)'}`,
);
console.log(
  `Writes:               ${writes ? 'yes (--writes): posts, comments and uploads' : 'no (reads only; add --writes)'}`,
);

const vitest = path.join(root, 'node_modules/.bin/vitest');
const reports = mkdtempSync(path.join(tmpdir(), 'test-live-'));

/** One vitest run of `file`, with its counts and wall time read from vitest's JSON report. */
function run(file: string, label: string, extraEnv: Record<string, string>) {
  const report = path.join(reports, `${figures.length}.json`);
  const started = performance.now();
  const result = spawnSync(
    vitest,
    [
      'run',
      '--config',
      'vitest.live.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      file,
      ...rest,
    ],
    { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv, LIVE_WRITES: writes ? '1' : '' } },
  );
  const seconds = (performance.now() - started) / 1000;
  let counts = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0 };
  try {
    counts = JSON.parse(readFileSync(report, 'utf8')) as typeof counts;
  } catch {
    // no report: vitest failed before running anything; the status says so
  }
  figures.push({ label, status: result.status ?? 1, seconds, ...counts });
}

const figures: {
  label: string;
  status: number;
  seconds: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
}[] = [];
if (hub) run('test/live/native.live.ts', `Hubzilla at ${hub}`, {});
for (const site of apps)
  run('test/live/app.live.ts', `${site.label} at ${site.url}`, { APP_BASE_URL: site.url, APP_KEY: site.key });
rmSync(reports, { recursive: true, force: true });

console.log('\ntest:live summary');
for (const figure of figures) {
  console.log(
    `  ${figure.status === 0 ? 'ok  ' : 'FAIL'} ${figure.label}: ${figure.numPassedTests} passed, ` +
      `${figure.numFailedTests} failed, ${figure.numPendingTests} skipped, ${figure.seconds.toFixed(1)} s`,
  );
}
process.exit(figures.every((figure) => figure.status === 0) ? 0 : 1);
