import { rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { readTextFile } from '../node/index.js';
import { LOCK_FILE } from './layout.js';
import { BackupSetupError, EXIT_CODES } from './outcome.js';

/**
 * Takes the backup folder for this process (`.lock`, with its pid and host), so that two runs never
 * write the same partial files. A lock left by a process of this host that is no longer running is
 * taken over. Resolves with the release function.
 */
export async function lockFolder(out: string): Promise<() => Promise<void>> {
  const path = join(out, LOCK_FILE);
  const mine = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(path, `${JSON.stringify(mine)}\n`, { flag: 'wx' });
      return () => rm(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
    }
    const holder = await readHolder(path);
    if (holder && (holder.host !== mine.host || running(holder.pid))) {
      throw new BackupSetupError(
        EXIT_CODES.failed,
        `another backup (process ${holder.pid} on ${holder.host}) is writing to ${out}; if none is, delete ${path}`,
      );
    }
    await rm(path, { force: true });
  }
}

async function readHolder(path: string): Promise<{ pid: number; host: string } | undefined> {
  try {
    // Never a link followed or a FIFO waited on: such a lock is unreadable, hence taken over.
    const value = JSON.parse((await readTextFile(path)) ?? '') as { pid?: unknown; host?: unknown };
    if (typeof value.pid === 'number' && typeof value.host === 'string')
      return { pid: value.pid, host: value.host };
  } catch {
    // Unreadable: a run died while writing it.
  }
  return undefined;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
