import { readFile, stat, writeFile } from 'node:fs/promises';
import type { Attach } from '../schemas/index.js';

/** What identifies one version of a file on the hub: a partial download of another is worthless. */
export interface RecordIdentity {
  hash: string;
  filesize: number;
  revision: number;
  /** ISO 8601, or '' when the hub had none. */
  edited: string;
}

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

export function recordIdentity(
  record: Pick<Attach, 'hash' | 'filesize' | 'revision' | 'edited'>,
): RecordIdentity {
  return {
    hash: String(record.hash),
    filesize: Number(record.filesize),
    revision: Number(record.revision),
    edited: record.edited instanceof Date ? record.edited.toISOString() : '',
  };
}

export function sameIdentity(a: RecordIdentity, b: RecordIdentity): boolean {
  return a.hash === b.hash && a.filesize === b.filesize && a.revision === b.revision && a.edited === b.edited;
}

/** The partial file at `path` and its sidecar, or `undefined` when there is no partial file. */
export async function readPartial(path: string): Promise<PartialDownload | undefined> {
  const found = await stat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!found) return undefined;
  return { size: found.isFile() ? found.size : 0, sidecar: await readSidecar(`${path}.json`) };
}

export function writeSidecar(path: string, sidecar: Sidecar): Promise<void> {
  return writeFile(`${path}.json`, `${JSON.stringify(sidecar)}\n`);
}

/** A sidecar that is missing, unreadable or not of this shape means: start over. */
async function readSidecar(path: string): Promise<Sidecar | undefined> {
  try {
    const value = JSON.parse(await readFile(path, 'utf8')) as Partial<Sidecar> | null;
    if (
      typeof value?.file_id === 'string' &&
      typeof value.hash === 'string' &&
      typeof value.edited === 'string' &&
      Number.isSafeInteger(value.filesize) &&
      Number.isSafeInteger(value.revision) &&
      Number.isSafeInteger(value.start)
    )
      return value as Sidecar;
  } catch {
    // Unreadable: start over.
  }
  return undefined;
}
