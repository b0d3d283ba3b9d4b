/**
 * One `downloadToFile` in a child process (`download-child.mjs`, the built package) that samples
 * its own RSS, so the figure is the client's alone; the output file is then checked against the
 * virtual hub's SHA-256.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface MemoryRun {
  bytes: number;
  durationMs: number;
  /** RSS before the download starts (after loading the package). */
  baselineRss: number;
  /** Peak RSS minus the RSS before the first request. */
  growth: number;
  /** Peak RSS minus the RSS after one small request (fetch loaded, connection open). */
  warmGrowth: number;
  peaks: Record<string, number>;
  /** The file written matches the hub's SHA-256. */
  exact: boolean;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function downloadMemory(
  hub: { baseUrl: string; fileId: string; sha256: string },
  /** `'default'`: left out, so the SDK's default applies. */
  concurrency: number | 'default',
  chunkSize: number | 'default',
): Promise<MemoryRun> {
  const dir = await mkdtemp(join(tmpdir(), 'socialsite-bench-'));
  try {
    const target = join(dir, 'virtual.bin');
    const child = new URL('./download-child.mjs', import.meta.url).pathname;
    const args = [child, hub.baseUrl, hub.fileId, target, String(concurrency), String(chunkSize)];
    const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 1024 * 1024 });
    const run = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Omit<MemoryRun, 'exact'>;
    return { ...run, exact: (await sha256Of(target)) === hub.sha256 };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
