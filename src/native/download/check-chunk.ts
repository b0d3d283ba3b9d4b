import { SdkError } from '../../core/errors/sdk-error.js';
import type { FileChunk } from '../file-chunk.js';
import { changedField, type RecordIdentity } from './record-identity.js';

/** A byte range asked for in one request; `length` is always positive. */
export interface Segment {
  start: number;
  length: number;
}

/**
 * The file's size from a chunk's record, refusing folders. With `validation: 'off'` the record arrives
 * as the server sent it (`is_dir: 1`, `filesize: "47"`), so both encodings are read here.
 */
export function fileSizeOf(chunk: FileChunk, fileId: string): number {
  const isDir: unknown = chunk.attach.is_dir;
  if (isDir === true || isDir === 1 || isDir === '1')
    throw new SdkError(
      `file_id "${fileId}" is a folder ("${String(chunk.attach.filename)}"), which has no data to download`,
    );
  const filesize = Number(chunk.attach.filesize);
  if (!Number.isSafeInteger(filesize) || filesize < 0)
    throw new SdkError(
      `The server sent no usable filesize for file_id "${fileId}": ${String(chunk.attach.filesize)}`,
    );
  return filesize;
}

/**
 * The bytes of `chunk` that belong to `segment` and lie before `end`, checked so that a mismatch
 * fails the download instead of writing wrong bytes at wrong offsets. Fewer bytes than asked is
 * normal (the caller asks again for the rest); more than asked is cut, since the surplus belongs to
 * the next segment, which has its own request.
 */
export function chunkBytes(chunk: FileChunk, segment: Segment, end: number, fileId: string): Uint8Array {
  const echoed = Number(chunk.start);
  if (echoed !== segment.start)
    throw new SdkError(
      `The server answered offset ${String(chunk.start)} of file_id "${fileId}" when asked for ${segment.start}`,
    );
  const { bytes } = chunk;
  if (Number(chunk.length) !== bytes.length)
    throw new SdkError(
      `The server's chunk at offset ${segment.start} of file_id "${fileId}" says ${String(chunk.length)} bytes but carries ${bytes.length}`,
    );
  const wanted = Math.max(0, Math.min(segment.length, end - segment.start));
  if (bytes.length === 0 && wanted > 0)
    // Asking again would loop: the record still promises bytes the storage no longer has.
    throw new SdkError(
      `The server returned no data at offset ${segment.start} of file_id "${fileId}", before byte ${end}: the file changed during the download`,
    );
  // `slice`, not `subarray`: a view would keep the whole oversized answer alive with the reader.
  return bytes.length > wanted ? bytes.slice(0, wanted) : bytes;
}

/**
 * Refuses a chunk of another file or of another version of it. Hubzilla matches `file_id` as a
 * PREFIX, so a chunk can name another file whose hash starts the same way; and a file replaced during
 * the download changes its size, revision or edit time. Mixing such bytes would corrupt the result.
 */
export function checkSameFile(
  first: RecordIdentity,
  chunk: RecordIdentity,
  fileId: string,
  offset: number,
): void {
  if (!chunk.hash.startsWith(fileId)) {
    throw new SdkError(
      `The chunk at offset ${offset} belongs to another file ("${chunk.hash}") than the requested file_id "${fileId}"`,
    );
  }
  const changed = changedField(first, chunk);
  if (changed !== undefined) {
    throw new SdkError(
      `The file changed during the download: file_id "${fileId}" had ${changed} ${String(first[changed])} at the start, ${String(chunk[changed])} at offset ${offset}`,
    );
  }
}
