/**
 * Case 6 (issue 32): what loading the SDK costs a process that starts fresh (a serverless
 * function, a CLI, a test runner's worker). Every probe is a new `node` process started in the
 * package's root, so `socialsite-sdk` resolves as an installed app's import does (Node's `node`
 * condition: the bundled dist/node-esm for ESM, dist/index.cjs for `require`). The probes run in
 * turn, round after round (A B C A B C …), and the report shows medians: on a loaded machine the
 * figures side by side in one run are what compare, not the absolute milliseconds.
 */
import { execFile } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FakeSiteInfo } from './fake-data.js';
import type { CaseResult } from './report.js';
import { median } from './stats.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** A probe's own report: the time it measured inside the process, wall and CPU, in ms. */
interface Probed {
  wallMs: number;
  cpuMs: number;
  /** Milliseconds since the process started (`performance.now()`), when the probe reports it. */
  sinceStartMs?: number;
  /** Further figures (the first call, the second call). */
  [key: string]: number | undefined;
}

/** `code` timed inside a fresh process: the wall and CPU time of `body`, printed as one JSON line. */
const timed = (body: string, extra = '') =>
  `const cpu = process.cpuUsage(); const started = performance.now(); ${body}; ` +
  `const used = process.cpuUsage(cpu); console.log(JSON.stringify({ wallMs: performance.now() - started, ` +
  `cpuMs: (used.user + used.system) / 1000, sinceStartMs: performance.now()${extra} }));`;

const OWN_ESM = 'SDK, ESM, after zod/mini in the same process (its own cost)';
const OWN_CJS = 'SDK, CJS, after zod/mini in the same process (its own cost)';

/** The import probes: ESM (`--input-type=module`) or CommonJS. */
const IMPORTS = {
  'zod/mini, ESM': { type: 'module', code: timed(`await import('zod/mini')`) },
  'SDK, ESM (Node: dist/node-esm)': { type: 'module', code: timed(`await import('socialsite-sdk')`) },
  'SDK, ESM one file per module (dist/index.js, what bundlers read)': {
    type: 'module',
    code: timed(`await import('./dist/index.js')`),
  },
  'zod/mini, CJS': { type: 'commonjs', code: timed(`require('zod/mini')`) },
  'SDK, CJS (dist/index.cjs)': { type: 'commonjs', code: timed(`require('socialsite-sdk')`) },
  // The SDK's own cost exactly: zod loaded first in the same process, then the SDK timed alone.
  [OWN_ESM]: { type: 'module', code: `await import('zod/mini'); ${timed(`await import('socialsite-sdk')`)}` },
  [OWN_CJS]: { type: 'commonjs', code: `require('zod/mini'); ${timed(`require('socialsite-sdk')`)}` },
} as const;
type ImportProbe = keyof typeof IMPORTS;

/** The first and second `hub.files.list({ records: 100 })` after the import, in a fresh process. */
const firstCall = (site: FakeSiteInfo) =>
  `const { NativeClient } = await import('socialsite-sdk');
   const hub = new NativeClient({ baseUrl: ${JSON.stringify(site.url)}, username: ${JSON.stringify(site.username)}, password: ${JSON.stringify(site.password)} });
   const list = () => hub.files.list({ records: 100 });
   let at = performance.now(); const cpu = process.cpuUsage(); await list(); const first = performance.now() - at;
   const used = process.cpuUsage(cpu); at = performance.now(); await list(); const second = performance.now() - at;
   console.log(JSON.stringify({ wallMs: first, cpuMs: (used.user + used.system) / 1000, second }));`;

/** The same request by hand (`fetch` and `JSON.parse`, no SDK loaded): what any first call costs. */
const firstFetch = (site: FakeSiteInfo) =>
  `const url = new URL('api/z/1.0/files?records=100', ${JSON.stringify(site.url)});
   const headers = { authorization: 'Basic ' + btoa(${JSON.stringify(`${site.username}:${site.password}`)}) };
   const list = async () => JSON.parse(await (await fetch(url, { headers })).text());
   let at = performance.now(); const cpu = process.cpuUsage(); await list(); const first = performance.now() - at;
   const used = process.cpuUsage(cpu); at = performance.now(); await list(); const second = performance.now() - at;
   console.log(JSON.stringify({ wallMs: first, cpuMs: (used.user + used.system) / 1000, second }));`;

/**
 * The relay as a serverless function runs it: a fresh process imports `socialsite-sdk/relay`,
 * builds the handler and answers one request (`GET api/z/1.0/version`, forwarded to the hub with
 * the credentials), its body read. `sinceStartMs` counts from the process's start.
 */
const relayColdStart = (site: FakeSiteInfo) =>
  timed(
    `const { createRelay } = await import('socialsite-sdk/relay');
     const imported = performance.now() - started;
     const relay = createRelay({ authorize: () => true, hub: { baseUrl: ${JSON.stringify(site.url)}, username: ${JSON.stringify(site.username)}, password: ${JSON.stringify(site.password)} } });
     const answer = await relay(new Request('http://relay.test/api/z/1.0/version'));
     const body = await answer.text();
     if (answer.status !== 200 || !body.includes('.')) throw new Error('relay: ' + answer.status + ' ' + body)`,
    ', imported',
  );

async function probe(code: string, type: 'module' | 'commonjs' = 'module'): Promise<Probed> {
  const { stdout } = await run(process.execPath, [`--input-type=${type}`, '-e', code], { cwd: ROOT });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Probed;
}

const PRINT_CPU = fileURLToPath(new URL('./print-cpu.cjs', import.meta.url));

/** A whole process, from the parent: its wall time, and its CPU time from start to exit. */
async function wholeProcess(args: string[]): Promise<{ wallMs: number; cpuMs: number }> {
  const started = performance.now();
  const { stderr } = await run(process.execPath, ['--require', PRINT_CPU, ...args], { cwd: ROOT });
  const wallMs = performance.now() - started;
  return { wallMs, cpuMs: Number(/cpu-ms ([0-9.]+)/.exec(stderr)?.[1] ?? Number.NaN) };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

export async function coldStart(site: FakeSiteInfo, { rounds }: { rounds: number }): Promise<CaseResult> {
  const imports = Object.fromEntries(Object.keys(IMPORTS).map((name) => [name, [] as Probed[]])) as Record<
    ImportProbe,
    Probed[]
  >;
  const bare: { wallMs: number; cpuMs: number }[] = [];
  const help: { wallMs: number; cpuMs: number }[] = [];
  const calls: Probed[] = [];
  const fetches: Probed[] = [];
  const relays: Probed[] = [];
  const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
  const names = Object.keys(IMPORTS) as ImportProbe[];
  for (let round = 0; round < rounds; round++) {
    const steps: (() => Promise<void>)[] = [
      ...names.map((name) => async () => {
        imports[name].push(await probe(IMPORTS[name].code, IMPORTS[name].type));
      }),
      async () => {
        bare.push(await wholeProcess(['-e', '0']));
      },
      async () => {
        help.push(await wholeProcess([cli, '--help']));
      },
      async () => {
        calls.push(await probe(firstCall(site)));
      },
      async () => {
        fetches.push(await probe(firstFetch(site)));
      },
      async () => {
        relays.push(await probe(relayColdStart(site)));
      },
    ];
    // The order rotates each round: a noisy neighbour hits every probe alike.
    const shift = round % steps.length;
    for (const step of [...steps.slice(shift), ...steps.slice(0, shift)]) await step();
  }
  const wall = (name: ImportProbe) => median(imports[name].map((p) => p.wallMs));
  const cpu = (name: ImportProbe) => median(imports[name].map((p) => p.cpuMs));
  const esmOver = wall('SDK, ESM (Node: dist/node-esm)') - wall('zod/mini, ESM');
  const cjsOver = wall('SDK, CJS (dist/index.cjs)') - wall('zod/mini, CJS');
  /** A target's figures: the SDK alone after zod (wall, CPU), and the two processes' medians apart. */
  const own = (name: typeof OWN_ESM | typeof OWN_CJS, apart: number) =>
    `CPU ${ms(cpu(name))}, wall ${ms(wall(name))}; medians of separate processes: wall ${ms(apart)}`;
  const helpMs = median(help.map((p) => p.wallMs));
  const bareMs = median(bare.map((p) => p.wallMs));
  const helpCpu = median(help.map((p) => p.cpuMs));
  const bareCpu = median(bare.map((p) => p.cpuMs));
  const [load1] = loadavg();
  const first = median(calls.map((p) => p.wallMs));
  const firstCpu = median(calls.map((p) => p.cpuMs));
  const fetchFirstCpu = median(fetches.map((p) => p.cpuMs));
  const second = median(calls.map((p) => p.second ?? Number.NaN));
  const fetchFirst = median(fetches.map((p) => p.wallMs));
  const fetchSecond = median(fetches.map((p) => p.second ?? Number.NaN));
  const zodOf = (name: ImportProbe) => (name.includes('CJS') ? 'zod/mini, CJS' : 'zod/mini, ESM');
  return {
    tables: [
      {
        title: '6. Cold start: a fresh process imports the SDK (issue 32)',
        note:
          `Median of ${rounds} fresh \`node\` processes each, every probe in turn (the order rotating each round), ` +
          `in one run (load average ${load1?.toFixed(1)} on ${availableParallelism()} cores at the end: wall times ` +
          'include waiting for a core, CPU times do not; compare the rows with each other). Import = ' +
          '`await import(…)` / `require(…)` timed inside the process (wall, and the CPU time of all its ' +
          "threads); \"over zod\" = the SDK's median minus zod/mini's, the SDK's own cost (zod is its " +
          'dependency and loads with it). The rows "after zod/mini in the same process" load zod first, ' +
          "untimed, then time the SDK alone: its own cost without the noise of two processes' medians " +
          '(the targets).',
        headers: ['probe', 'wall', 'CPU', 'over zod/mini (wall)', 'over zod/mini (CPU)'],
        rows: [
          ...names.map((name) => [
            name,
            ms(wall(name)),
            ms(cpu(name)),
            name.startsWith('zod') || name.includes('after') ? '' : ms(wall(name) - wall(zodOf(name))),
            name.startsWith('zod') || name.includes('after') ? '' : ms(cpu(name) - cpu(zodOf(name))),
          ]),
          ['`node -e 0` (whole process, from the parent)', ms(bareMs), ms(bareCpu), '', ''],
          [
            '`socialsite-sdk --help` (whole process, from the parent)',
            ms(helpMs),
            ms(helpCpu),
            `${ms(helpMs - bareMs)} over \`node -e 0\``,
            `${ms(helpCpu - bareCpu)} over \`node -e 0\``,
          ],
          [
            'first `hub.files.list({ records: 100 })` after the import (fake site, another process)',
            ms(first),
            ms(firstCpu),
            `second call: ${ms(second)}`,
            '',
          ],
          [
            'the same request by hand, first `fetch` + `JSON.parse` in a fresh process (no SDK)',
            ms(fetchFirst),
            ms(fetchFirstCpu),
            `second call: ${ms(fetchSecond)}`,
            '',
          ],
        ],
      },
      {
        title: "6b. The relay's cold start, as a serverless function sees it",
        note:
          `Median of ${rounds} fresh processes: \`import('socialsite-sdk/relay')\`, \`createRelay\` with a hub's ` +
          'credentials, and one request (`GET api/z/1.0/version`, forwarded to the fake site in another ' +
          'process, the answer read). "Since the process started" adds Node\'s own start-up.',
        headers: ['import', 'import + build + first request', 'CPU', 'since the process started'],
        rows: [
          [
            ms(median(relays.map((p) => p.imported ?? Number.NaN))),
            ms(median(relays.map((p) => p.wallMs))),
            ms(median(relays.map((p) => p.cpuMs))),
            ms(median(relays.map((p) => p.sinceStartMs ?? Number.NaN))),
          ],
        ],
      },
    ],
    targets: [
      {
        name: "cold start: the SDK's own ESM import cost, over zod/mini's (CPU; wall on an idle machine)",
        measured: own(OWN_ESM, esmOver),
        wanted: '≤ 25 ms',
        met: cpu(OWN_ESM) <= 25,
      },
      {
        name: "cold start: the SDK's own CJS require cost, over zod/mini's (CPU; wall on an idle machine)",
        measured: own(OWN_CJS, cjsOver),
        wanted: '≤ 25 ms',
        met: cpu(OWN_CJS) <= 25,
      },
      {
        name: 'cold start: `socialsite-sdk --help`, the whole process (CPU; wall on an idle machine)',
        measured:
          `CPU ${(helpCpu / 1000).toFixed(3)} s, wall ${(helpMs / 1000).toFixed(3)} s ` +
          `(\`node -e 0\`: CPU ${(bareCpu / 1000).toFixed(3)} s, wall ${(bareMs / 1000).toFixed(3)} s)`,
        wanted: '≤ 0.12 s',
        met: helpCpu <= 120,
      },
    ],
  };
}
