/**
 * Peak memory of `downloadToFile` for a large file: the client runs in a child process (built
 * package) against a loopback server whose file is computed, not stored. Usage:
 *   npm run bench:memory -- [MiB=100] [concurrency=4] [chunkKiB=1024]
 * (`default` for concurrency or chunkKiB leaves that option out: the SDK's default applies.)
 * (`npm run bench` runs this for 64 and 256 MiB side by side.)
 */
import { downloadMemory } from './download-memory-run.js';
import { startVirtualHub } from './virtual-hub.js';

const [mib = '100', concurrency = '4', chunkKiB = '1024'] = process.argv.slice(2);
const MIB = 1024 * 1024;

const hub = await startVirtualHub(Number(mib) * MIB);
try {
  const run = await downloadMemory(
    hub,
    concurrency === 'default' ? 'default' : Number(concurrency),
    chunkKiB === 'default' ? 'default' : Number(chunkKiB) * 1024,
  );
  console.log(
    `downloadToFile ${mib} MiB, concurrency ${concurrency}, chunk ${chunkKiB} KiB: ` +
      `${run.exact ? 'byte-exact (sha256 matches)' : 'MISMATCH'}, ${(run.durationMs / 1000).toFixed(2)} s ` +
      `(${(run.bytes / MIB / (run.durationMs / 1000)).toFixed(1)} MiB/s), ${hub.requests()} requests, ` +
      `peak RSS growth ${(run.growth / MIB).toFixed(1)} MiB from cold (baseline ${(run.baselineRss / MIB).toFixed(0)} MiB), ` +
      `${(run.warmGrowth / MIB).toFixed(1)} MiB after one small request`,
  );
  if (process.env.BENCH_VERBOSE) console.log(run.peaks);
  if (!run.exact) process.exitCode = 1;
} finally {
  await hub.close();
}
