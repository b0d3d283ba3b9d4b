import { createHash, randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { openForRead, openForWrite } from '../node/fs/index.js';

/**
 * Writes `data` to `path` so that `path` holds either the old content or the whole new one, never
 * a part: a temporary file beside it (`.<name>.<12 hex digits>.tmp`, with `mode` from the start:
 * the export's copy holds a private key), flushed to disk, then renamed over it. A failure removes
 * the temporary file; a killed process cannot, so {@link sweepAtomicLeftovers} does at the next run.
 */
export async function writeFileAtomic(path: string, data: string, mode = 0o644): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await openForWrite(temporary, 'new', mode);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The temporary files of {@link writeFileAtomic}. */
const ATOMIC_TEMPORARY = /^\..+\.[0-9a-f]{12}\.tmp$/;

/**
 * Removes the temporary files that killed {@link writeFileAtomic} calls left in `dir`; only while
 * nothing else writes there (the backup holds its folder's lock). Resolves with their names.
 */
export async function sweepAtomicLeftovers(dir: string): Promise<string[]> {
  const found = (await readdir(dir)).filter((name) => ATOMIC_TEMPORARY.test(name));
  // A planted folder of that name is not ours to remove: left for `verify` to report.
  for (const name of found) await rm(join(dir, name), { force: true }).catch(() => {});
  return found;
}

/** Whether `name` is a temporary file of {@link writeFileAtomic}. */
export function isAtomicLeftover(name: string): boolean {
  return ATOMIC_TEMPORARY.test(name);
}

/** SHA-256 of a regular file (never a link or a FIFO: `openForRead`), lower-case hex, read as a stream. */
export async function sha256File(path: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  const handle = await openForRead(path);
  try {
    for await (const chunk of handle.createReadStream({ autoClose: false, ...(signal && { signal }) }))
      hash.update(chunk);
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}

/** SHA-256 of text or bytes, lower-case hex. */
export function sha256Of(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** `stat`, or `undefined` when nothing is there. */
export async function statIfAny(path: string): Promise<Stats | undefined> {
  try {
    return await stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/** An error's message for a person, without a stack. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
