/**
 * `npm run test:runtimes`: the portable conformance cases (test/runtimes) on every runtime users
 * run the SDK on, against the embedded fake over real HTTP: Node 22 and 24, Deno 2, Bun 1.4,
 * workerd through miniflare (plain and with `nodejs_compat`), Vercel's edge runtime, and Chromium.
 * `-- --only deno,bun` runs some; `-- --install-only` only installs them. Writes `runtime-results.json` ({passed, failed}) for CI's count;
 * exits 1 on any failure.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseResult } from '../../test/runtimes/contract.js';
import { bundleServerEntry, consumerFolder } from './bundle.js';
import { startConformanceServer } from './control.js';
import { installRuntimes } from './install.js';
import { chromiumRunner, edgeRunner, processRunner, type RuntimeRun, workerdRunner } from './runners.js';

const log = (line: string) => console.log(`[runtimes] ${line}`);
const onlyArg = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const only = onlyArg?.split(',');

const runtimes = installRuntimes(log);
// `--install-only`: fill the cache and stop (CI installs while the other tests run).
if (process.argv.includes('--install-only')) process.exit(0);
const dir = mkdtempSync(join(tmpdir(), 'socialsite-runtimes-'));
consumerFolder(dir);
const serverEntry = await bundleServerEntry(dir);
const control = await startConformanceServer();
const { config } = control;

const matrix: [string, RuntimeRun][] = [
  ['node-24', processRunner(process.execPath, [serverEntry], dir, config)],
  ['node-22', processRunner(runtimes.node22, [serverEntry], dir, config)],
  ['deno-2', processRunner(runtimes.deno, ['run', '--allow-all', '--quiet', serverEntry], dir, config)],
  ['bun-1.4', processRunner(runtimes.bun, [serverEntry], dir, config)],
  ['workerd', workerdRunner(runtimes, dir, config, [])],
  ['workerd-nodejs_compat', workerdRunner(runtimes, dir, config, ['nodejs_compat'])],
  ['edge-runtime', edgeRunner(runtimes, dir, config)],
  ['chromium', chromiumRunner(dir, config)],
];

let passed = 0;
let failed = 0;
const table: string[] = [];
try {
  for (const [name, run] of matrix) {
    if (only && !only.includes(name)) continue;
    let results: CaseResult[];
    try {
      results = await run();
    } catch (error) {
      results = [{ name: 'runtime starts and reports', ok: false, detail: String(error) }];
    }
    const ok = results.filter((result) => result.ok && !result.skipped).length;
    const skipped = results.filter((result) => result.skipped).length;
    const bad = results.filter((result) => !result.ok);
    passed += ok;
    failed += bad.length;
    table.push(
      `${name.padEnd(24)} ${String(ok).padStart(3)} passed ${String(bad.length).padStart(3)} failed ${String(skipped).padStart(3)} skipped`,
    );
    log(table.at(-1) ?? '');
    for (const result of bad) log(`  FAIL ${name}: ${result.name}: ${result.detail ?? ''}`);
  }
} finally {
  await control.close();
  rmSync(dir, { recursive: true, force: true });
}
console.log(['', 'runtime matrix', ...table, ''].join('\n'));
writeFileSync('runtime-results.json', `${JSON.stringify({ passed, failed })}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
