/**
 * Case 3b: peak RSS growth of `downloadToFile` (each in a fresh child process) for a 64 and a
 * 256 MiB file: it must not grow with the file's size.
 */
import { DEFAULT_CONCURRENCY } from '../src/native/download/options.js';
import { downloadMemory, type MemoryRun } from './download-memory-run.js';
import type { VirtualHubInfo } from './download-speed.js';
import { type CaseResult, mib, type Target } from './report.js';
import { median } from './stats.js';

export interface MemoryOptions {
  /** Concurrencies measured once each for the table, besides the default. */
  concurrencies: number[];
  /** Downloads of each size at the default options, interleaved, for the targets' medians. */
  defaultRuns: number;
}

const CHUNK = 1024 * 1024;
/** Issue 24: at the default options, at most this growth for either size… */
const TARGET_GROWTH = 40 * 1024 * 1024;
/** …and the 256 MiB figure within this of the 64 MiB figure. */
const TARGET_DIFFERENCE = 4 * 1024 * 1024;

export async function memory(
  small: VirtualHubInfo,
  large: VirtualHubInfo,
  options: MemoryOptions,
): Promise<CaseResult> {
  const label = (hub: VirtualHubInfo) => `${hub.size / 1024 / 1024} MiB`;
  const run = async (hub: VirtualHubInfo, concurrency: number | 'default', chunkSize: number | 'default') => {
    const result = await downloadMemory(hub, concurrency, chunkSize);
    if (!result.exact)
      throw new Error(`downloadToFile of ${label(hub)} (concurrency ${concurrency}) wrote wrong bytes`);
    return result;
  };
  const speed = (runs: MemoryRun[]) =>
    `${median(runs.map((r) => r.bytes / 1e6 / (r.durationMs / 1000))).toFixed(0)} MB/s`;
  const growth = (runs: MemoryRun[]) => median(runs.map((r) => r.warmGrowth));
  const cold = (runs: MemoryRun[]) => median(runs.map((r) => r.growth));
  const row = (name: string, first: MemoryRun[], second: MemoryRun[]) => [
    name,
    mib(growth(first)),
    mib(growth(second)),
    mib(growth(second) - growth(first)),
    mib(cold(first)),
    mib(cold(second)),
    `${mib(Math.min(...second.map((r) => r.warmGrowth)))}–${mib(Math.max(...second.map((r) => r.warmGrowth)))}`,
    speed(second),
  ];

  // The default options (no `concurrency`, no `chunkSize`), the two sizes alternated.
  const defaults: [MemoryRun[], MemoryRun[]] = [[], []];
  for (let round = 0; round < options.defaultRuns; round++) {
    defaults[0].push(await run(small, 'default', 'default'));
    defaults[1].push(await run(large, 'default', 'default'));
  }
  const rows = [row(`default (${DEFAULT_CONCURRENCY}), ${options.defaultRuns} runs`, ...defaults)];
  for (const concurrency of options.concurrencies) {
    const first = await run(small, concurrency, CHUNK);
    const second = await run(large, concurrency, CHUNK);
    rows.push(row(`${concurrency}, 1 run`, [first], [second]));
  }
  const [smallGrowth, largeGrowth] = [growth(defaults[0]), growth(defaults[1])];
  const targets: Target[] = [
    ...(
      [
        [small, defaults[0]],
        [large, defaults[1]],
      ] as const
    ).map(([hub, runs]) => ({
      name: `peak RSS growth of downloadToFile, ${label(hub)}, default options (median of ${runs.length})`,
      measured: `${mib(growth(runs))} (${mib(cold(runs))} from cold)`,
      wanted: `≤ ${mib(TARGET_GROWTH)}`,
      met: growth(runs) <= TARGET_GROWTH,
    })),
    {
      name: `peak RSS growth of downloadToFile, ${label(large)} − ${label(small)}, default options`,
      measured: mib(largeGrowth - smallGrowth),
      wanted: `≤ ${mib(TARGET_DIFFERENCE)}`,
      met: largeGrowth - smallGrowth <= TARGET_DIFFERENCE,
    },
  ];
  return {
    tables: [
      {
        title: `3b. Peak RSS growth of \`downloadToFile\`: ${label(small)} against ${label(large)}`,
        note:
          'One child process per download (written to a temporary file, checked by SHA-256), RSS sampled every ' +
          '10 ms and per chunk; medians where there are several runs. Growth = peak RSS minus the RSS after one ' +
          'small `filemeta` request; "from cold" counts from before that request, so it also holds what Node\'s ' +
          'fetch costs to load and warm up (about 17 MB for any first request, measured alone), which does not ' +
          'depend on the download.',
        headers: [
          'concurrency',
          `growth ${label(small)}`,
          `growth ${label(large)}`,
          'difference',
          `from cold ${label(small)}`,
          `from cold ${label(large)}`,
          `range ${label(large)}`,
          `speed ${label(large)}`,
        ],
        rows,
      },
    ],
    targets,
  };
}
