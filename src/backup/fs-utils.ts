import { createHash, randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { openForRead, openForWrite } from '../node/index.js';

/**
 * Writes `data` to `path` so that `path` holds either the old content or the whole new one, never
 * a part: a temporary file beside it, flushed to disk, then renamed over it.
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
