/**
 * `npm run bench [-- --quick] [-- --only calls|client|paging|cold|downloads|memory|size]`: the SDK's cost against
 * hand-written fetch code (issue 7). Every case runs its raw baseline and the SDK in the same
 * process, interleaved, and reports medians; the servers run in child processes. `calls` measures
 * one call end to end and the client's cost alone (precomputed answers); `client` the latter only;
 * `cold` the cold start in fresh processes (issue 32).
 * A full run of every case rewrites the measured part of bench/RESULTS.md.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { bundleSize } from './bundle-size.js';
import { coldStart } from './cold-start.js';
import { fromSource } from './dist.js';
import { downloadSpeed, type VirtualHubInfo } from './download-speed.js';
import type { FakeSiteInfo } from './fake-data.js';
import { describeMachine } from './machine.js';
import { memory } from './memory.js';
import { paging } from './paging.js';
import { perCall } from './per-call.js';
import { perCallClient } from './per-call-client.js';
import { type CaseResult, markdownTable, targetsTable } from './report.js';
import { spawnSite } from './spawn-site.js';

const quick = process.argv.includes('--quick');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const CASES = ['calls', 'client', 'paging', 'cold', 'downloads', 'memory', 'size'];
if (process.argv.includes('--only') && !CASES.includes(only ?? ''))
  throw new Error(`--only takes one of ${CASES.join(', ')}`);
const runs = (name: string) => !process.argv.includes('--only') || only === name;
const settings = quick
  ? {
      calls: 50,
      callRounds: 3,
      clientCalls: 200,
      pagingRounds: 1,
      downloadRounds: 1,
      concurrencies: [],
      defaultRuns: 1,
      coldRounds: 3,
    }
  : {
      calls: 100,
      callRounds: 21,
      clientCalls: 500,
      pagingRounds: 7,
      downloadRounds: 9,
      concurrencies: [1, 2, 4],
      defaultRuns: 3,
      coldRounds: 11,
    };
const RESULTS = new URL('./RESULTS.md', import.meta.url);
/** Below this line RESULTS.md is written by hand (findings, fixes); a run keeps it. */
const KEEP_MARKER = '<!-- Everything below is written by hand and kept by `npm run bench`. -->';

async function withSite<Info, T>(args: string[], work: (info: Info) => Promise<T>): Promise<T> {
  const site = await spawnSite<Info>(...args);
  try {
    return await work(site.info);
  } finally {
    await site.stop();
  }
}

const started = performance.now();
const step = (name: string) =>
  console.error(`… ${name} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
const results: CaseResult[] = [];
if (runs('calls') || runs('client') || runs('paging') || runs('cold')) {
  await withSite<FakeSiteInfo, void>(['fake'], async (site) => {
    if (runs('calls')) {
      step('per-call cost and validation, end to end');
      results.push(await perCall(site, { calls: settings.calls, rounds: settings.callRounds }));
    }
    if (runs('calls') || runs('client')) {
      step('per-call cost, client only');
      results.push(await perCallClient(site, { calls: settings.clientCalls, rounds: settings.callRounds }));
    }
    if (runs('paging')) {
      step('paging');
      results.push(await paging(site, { rounds: settings.pagingRounds }));
    }
    if (runs('cold')) {
      step('cold start (fresh processes)');
      results.push(await coldStart(site, { rounds: settings.coldRounds }));
    }
  });
}
if (runs('downloads') || runs('memory')) {
  await withSite<VirtualHubInfo, void>(['virtual', '64'], async (small) => {
    if (runs('downloads')) {
      step('download throughput (virtual hub)');
      results.push(
        await downloadSpeed(small, { rounds: settings.downloadRounds, server: 'virtual hub', label: '3a' }),
      );
      step('download throughput (lean hub)');
      await withSite<VirtualHubInfo, void>(['lean', '64'], async (lean) => {
        results.push(
          await downloadSpeed(lean, { rounds: settings.downloadRounds, server: 'lean hub', label: '3c' }),
        );
      });
    }
    if (runs('memory')) {
      step('download memory');
      await withSite<VirtualHubInfo, void>(['virtual', '256'], async (large) => {
        results.push(
          await memory(small, large, {
            concurrencies: settings.concurrencies,
            defaultRuns: settings.defaultRuns,
          }),
        );
      });
    }
  });
}
if (runs('size')) {
  step('bundle size');
  results.push(await bundleSize());
}
const seconds = (performance.now() - started) / 1000;

const tables = results.flatMap((result) => result.tables).sort((a, b) => a.title.localeCompare(b.title));
const targets = results.flatMap((result) => result.targets);
const report = [
  `## Run of ${new Date().toISOString().slice(0, 10)}${quick ? ' (--quick)' : ''}${only ? ` (--only ${only})` : ''}`,
  '',
  `Machine: ${describeMachine()}. Package: ${fromSource ? 'src/ through tsx' : 'the built dist/'}. ` +
    `Duration: ${seconds.toFixed(0)} s.`,
  '',
  markdownTable(targetsTable(targets)),
  ...tables.map(markdownTable),
].join('\n');
console.log(report);

if (!quick && !process.argv.includes('--only')) {
  const previous = await readFile(RESULTS, 'utf8').catch(() => '');
  const kept = previous.includes(KEEP_MARKER)
    ? previous.slice(previous.indexOf(KEEP_MARKER))
    : `${KEEP_MARKER}\n`;
  await writeFile(
    RESULTS,
    `# Benchmark results\n\nWritten by \`npm run bench\` (bench/run.ts).\n\n${report}\n${kept}`,
  );
  console.error(`bench/RESULTS.md written (${seconds.toFixed(0)} s)`);
}
