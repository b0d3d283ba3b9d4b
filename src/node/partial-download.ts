import { readFile, stat, writeFile } from 'node:fs/promises';
import type { RecordIdentity } from '../native/download/record-identity.js';

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
