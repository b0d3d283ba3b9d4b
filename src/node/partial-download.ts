import type { RecordIdentity } from '../native/download/record-identity.js';
import { openForWrite, readTextFile, regularFileStats } from './fs/open.js';

/** `.<name>.part.json`: which file, version and range the bytes of `.<name>.part` are. */
export interface Sidecar extends RecordIdentity {
  file_id: string;
  /** The `start` option of the download the partial bytes begin at. */
  start: number;
}

export interface PartialDownload {
  /** Bytes in the partial file. */
  size: number;
  /** Its description, when it was written and could be read. */
  sidecar: Sidecar | undefined;
}

/**
 * The partial file at `path` and its sidecar, or `undefined` when there is no partial file. Both
 * must be regular files of one hard link when present: a link, FIFO, folder or a second name
 * planted there is an `UnsafePathError` (they are continued in place, so writing them would write
 * through the link or into the other file). Nothing is followed, waited on or deleted.
 */
export async function readPartial(path: string): Promise<PartialDownload | undefined> {
  const found = await regularFileStats(path);
  const sidecar = await readSidecar(`${path}.json`);
  if (!found) return undefined;
  return { size: found.size, sidecar };
}

/** Written in place, through a checked handle (see `openForWrite`'s `'reuse'`). */
export async function writeSidecar(path: string, sidecar: Sidecar): Promise<void> {
  const handle = await openForWrite(`${path}.json`, 'reuse');
  try {
    await handle.truncate(0);
    await handle.write(`${JSON.stringify(sidecar)}\n`, 0);
  } finally {
    await handle.close();
  }
}

/** A sidecar that is missing, unreadable or not of this shape means: start over. */
async function readSidecar(path: string): Promise<Sidecar | undefined> {
  // Refused (UnsafePathError) before anything is read when it is not a regular file of its own.
  if (!(await regularFileStats(path))) return undefined;
  try {
    const value = JSON.parse((await readTextFile(path)) ?? '') as Partial<Sidecar> | null;
    if (
      typeof value?.file_id === 'string' &&
      typeof value.hash === 'string' &&
      typeof value.edited === 'string' &&
      typeof value.revision === 'string' &&
      Number.isSafeInteger(value.filesize) &&
      Number.isSafeInteger(value.start)
    )
      return value as Sidecar;
  } catch {
    // Unreadable: start over.
  }
  return undefined;
}
