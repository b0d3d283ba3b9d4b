/**
 * `npm run test:live [-- --writes]`: runs test/live against real sites.
 * - Native API part: when HUB_BASE_URL, HUB_USER and HUB_PASSWORD are set, or HUB_JSON names a
 *   live kit hub's `hub.json` (which also gives the OAuth client and the channel key).
 * - Application API part: when APP_BASE_URL and APP_KEY are set.
 * Each part runs on its own; reads only, unless `--writes` (posts, comments, uploads) is given.
 * Fails with one clear line when neither part is configured.
 */
import { spawnSync } from 'node:child_process';
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
const app = env.APP_BASE_URL && env.APP_KEY ? env.APP_BASE_URL : undefined;

if (!hub && !app) {
  console.error(
    'test:live: no live site configured. Set HUB_BASE_URL, HUB_USER, HUB_PASSWORD (Native API) ' +
      'and/or APP_BASE_URL, APP_KEY (Application API).',
  );
  process.exit(2);
}

console.log(
  `Native API part:      ${hub ? `live hub ${hub} as ${env.HUB_USER}` : 'skipped (HUB_* not set)'}`,
);
console.log(`Application API part: ${app ? `live site ${app}` : 'skipped (APP_* not set)'}`);
console.log(
  `Writes:               ${writes ? 'yes (--writes): posts, comments and uploads' : 'no (reads only; add --writes)'}`,
);

const files = [
  hub ? 'test/live/native.live.ts' : undefined,
  app ? 'test/live/app.live.ts' : undefined,
].filter((file): file is string => file !== undefined);
const vitest = path.join(root, 'node_modules/.bin/vitest');
const result = spawnSync(vitest, ['run', '--config', 'vitest.live.config.ts', ...files, ...rest], {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, LIVE_WRITES: writes ? '1' : '' },
});
process.exit(result.status ?? 1);
