/**
 * `npm run test:zod-range`: the compiled parser's suite (it reads zod's internals) with both ends of
 * the zod range package.json allows: the lowest version the range names and the newest one the
 * registry has in it. Each is installed once into node_modules/.cache/zod-range/<version> (gone
 * with the next `npm ci`) and put in place of the locked zod by vitest.config.ts
 * (`SOCIALSITE_ZOD`). Writes zod-range-results.json ({passed, failed}) for CI's count; exits 1
 * on any failure. Needs the registry (`npm view`, `npm install`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..');
/** The suite that pins the compiled parser against zod. */
const PARSER_SUITE = [
  'test/core/fast-parse.test.ts',
  'test/core/zod-internals.test.ts',
  'test/core/zod-mismatch.test.ts',
  'test/schemas',
];

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const log = (line) => console.log(`[zod-range] ${line}`);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const range = readJson(join(repo, 'package.json')).dependencies.zod;
/** The lowest version of a `^x.y.z`, `~x.y.z`, `>=x.y.z` or `x.y.z` range. */
const lowest = /^(?:\^|~|>=)?\s*(\d+\.\d+\.\d+)$/.exec(range.trim())?.[1];
if (lowest === undefined) throw new Error(`zod-range: cannot read the lowest version of zod@${range}`);
const listed = JSON.parse(
  execFileSync(npm, ['view', `zod@${range}`, 'version', '--json'], { cwd: repo, encoding: 'utf8' }),
);
// npm lists the matching versions oldest first (one version: a bare string).
const newest = [listed].flat().at(-1);
const installed = readJson(join(repo, 'node_modules/zod/package.json')).version;
const ends =
  lowest === newest
    ? [[lowest, 'lowest and newest']]
    : [
        [lowest, 'lowest'],
        [newest, 'newest'],
      ];
log(`zod@${range}: lowest ${lowest}, newest ${newest} (the lockfile's: ${installed})`);

let passed = 0;
let failed = 0;
const lines = [];
for (const [version, which] of ends) {
  const dir = join(repo, 'node_modules/.cache/zod-range', version);
  const zod = join(dir, 'node_modules/zod');
  const have = existsSync(join(zod, 'package.json'))
    ? readJson(join(zod, 'package.json')).version
    : undefined;
  if (have !== version) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
    execFileSync(
      npm,
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--no-save',
        '--no-package-lock',
        '--loglevel=error',
        `zod@${version}`,
      ],
      { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] },
    );
  }
  const report = join(dir, 'vitest.json');
  rmSync(report, { force: true });
  log(`zod ${version} (${which}): ${PARSER_SUITE.join(' ')}`);
  const run = spawnSync(
    join(repo, 'node_modules/.bin/vitest'),
    [
      'run',
      '--project',
      'node',
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...PARSER_SUITE,
    ],
    {
      cwd: repo,
      stdio: 'inherit',
      // Without CI: vitest.config.ts would then add its own JSON report, test-results.json, which is
      // npm test's (CI counts it) and which this run must not overwrite.
      env: { ...process.env, CI: '', SOCIALSITE_ZOD: zod, SOCIALSITE_ZOD_VERSION: version },
    },
  );
  let ok = 0;
  let bad = run.status === 0 ? 0 : 1;
  if (existsSync(report)) {
    const result = readJson(report);
    ok = result.numPassedTests ?? 0;
    bad = Math.max(bad, (result.numFailedTests ?? 0) + (result.numRuntimeErrorTestSuites ?? 0));
  }
  passed += ok;
  failed += bad;
  lines.push(
    `zod ${version.padEnd(8)} ${which.padEnd(18)} ${String(ok).padStart(4)} passed ${String(bad).padStart(3)} failed`,
  );
}
console.log(['', 'zod range', ...lines, ''].join('\n'));
writeFileSync(join(repo, 'zod-range-results.json'), `${JSON.stringify({ passed, failed })}\n`);
process.exitCode = failed > 0 ? 1 : 0;
