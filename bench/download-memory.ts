/**
 * Peak memory of `downloadToFile` for a large file: the client runs in a child process (built
 * package) against a loopback server whose file is computed, not stored. Usage:
 *   npm run bench:memory -- [MiB=100] [concurrency=4] [chunkKiB=1024]
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startVirtualHub } from './virtual-hub.js';

const [mib = '100', concurrency = '4', chunkKiB = '1024'] = process.argv.slice(2);
const MIB = 1024 * 1024;

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const hub = await startVirtualHub(Number(mib) * MIB);
const dir = await mkdtemp(join(tmpdir(), 'socialsite-bench-'));
try {
  const target = join(dir, 'virtual.bin');
  const child = join(import.meta.dirname, 'download-child.mjs');
  const args = [child, hub.baseUrl, hub.fileId, target, concurrency, String(Number(chunkKiB) * 1024)];
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: MIB });
  const run = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
  const exact = (await sha256Of(target)) === hub.sha256;
  console.log(
    `downloadToFile ${mib} MiB, concurrency ${concurrency}, chunk ${chunkKiB} KiB: ` +
      `${exact ? 'byte-exact (sha256 matches)' : 'MISMATCH'}, ${(run.durationMs / 1000).toFixed(2)} s ` +
      `(${(run.bytes / MIB / (run.durationMs / 1000)).toFixed(1)} MiB/s), ${hub.requests()} requests, ` +
      `peak RSS growth ${(run.growth / MIB).toFixed(1)} MiB (baseline ${(run.baselineRss / MIB).toFixed(0)} MiB)`,
  );
  if (process.env.BENCH_VERBOSE) console.log(run.peaks);
  if (!exact) process.exitCode = 1;
} finally {
  await hub.close();
  await rm(dir, { recursive: true, force: true });
}
