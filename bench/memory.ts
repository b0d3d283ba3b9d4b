/**
 * Case 3b: peak RSS growth of `downloadToFile` (each in a fresh child process) for a 64 and a
 * 256 MiB file: it must not grow with the file's size.
 */
import { downloadMemory, type MemoryRun } from './download-memory-run.js';
import type { VirtualHubInfo } from './download-speed.js';
import { type CaseResult, mib, type Target } from './report.js';

export interface MemoryOptions {
  concurrencies: number[];
}

const CHUNK = 1024 * 1024;
/** Issue 14: at the default concurrency (2) at most 48 MiB, at 4 at most 64 MiB; flat in file size. */
const TARGET_DEFAULT = 48 * 1024 * 1024;
const TARGET_WIDE = 64 * 1024 * 1024;
const targetFor = (concurrency: number) => (concurrency <= 2 ? TARGET_DEFAULT : TARGET_WIDE);

export async function memory(
  small: VirtualHubInfo,
  large: VirtualHubInfo,
  options: MemoryOptions,
): Promise<CaseResult> {
  const rows: string[][] = [];
  const targets: Target[] = [];
  const label = (hub: VirtualHubInfo) => `${hub.size / 1024 / 1024} MiB`;
  for (const concurrency of options.concurrencies) {
    const runs: MemoryRun[] = [];
    for (const hub of [small, large]) {
      const run = await downloadMemory(hub, concurrency, CHUNK);
      if (!run.exact)
        throw new Error(`downloadToFile of ${label(hub)} (concurrency ${concurrency}) wrote wrong bytes`);
      runs.push(run);
    }
    const [first, second] = runs as [MemoryRun, MemoryRun];
    const speed = (run: MemoryRun) => `${(run.bytes / 1e6 / (run.durationMs / 1000)).toFixed(0)} MB/s`;
    rows.push([
      `${concurrency}`,
      mib(first.warmGrowth),
      mib(second.warmGrowth),
      mib(first.growth),
      mib(second.growth),
      speed(second),
    ]);
    targets.push({
      name: `peak RSS growth, ${label(large)}, concurrency ${concurrency}`,
      measured: `${mib(second.warmGrowth)} (${mib(second.growth)} from cold)`,
      wanted: `≤ ${mib(targetFor(concurrency))}`,
      met: second.warmGrowth <= targetFor(concurrency),
    });
  }
  return {
    tables: [
      {
        title: `3b. Peak RSS growth of \`downloadToFile\`: ${label(small)} against ${label(large)}`,
        note:
          'One child process per download (written to a temporary file, checked by SHA-256), RSS sampled every ' +
          '10 ms and per chunk. Growth = peak RSS minus the RSS after one small `filemeta` request; "from cold" ' +
          "counts from before that request, so it also holds what Node's fetch costs to load and warm up " +
          '(about 17 MB for any first request, measured alone), which does not depend on the download.',
        headers: [
          'concurrency',
          `growth ${label(small)}`,
          `growth ${label(large)}`,
          `from cold ${label(small)}`,
          `from cold ${label(large)}`,
          `speed ${label(large)}`,
        ],
        rows,
      },
    ],
    targets,
  };
}
