import { SdkError } from '../../core/errors/sdk-error.js';
import type { RequestOptions } from '../../core/options.js';
import type { FileChunk } from '../file-chunk.js';
import { abortable } from './abortable.js';
import { chunkBytes, fileSizeOf, type Segment } from './check-chunk.js';
import type { ChunkFetcher, DownloadProgress } from './options.js';
import type { ResolvedDownload } from './resolve-options.js';

interface RequestedSegment extends Segment {
  result: Promise<FileChunk>;
}

/**
 * The state of one download. Each `next()` yields the following bytes in file order; requests run
 * ahead of the reader by at most `concurrency` segments, so memory stays `chunkSize × concurrency`.
 * The first segment is requested alone: its record gives the size (so the rest can be planned) and
 * tells a folder apart before more requests go out.
 */
export class ChunkedDownload {
  readonly #fetchChunk: ChunkFetcher;
  readonly #options: ResolvedDownload;
  readonly #onRecord: ((attach: FileChunk['attach']) => void) | undefined;
  readonly #controller = new AbortController();
  /** Requested and not yet delivered, in file order; never longer than `concurrency`. */
  readonly #queue: RequestedSegment[] = [];
  /** The first byte no request covers yet. */
  #planned: number;
  /** The next byte to deliver. */
  #position: number;
  #filesize: number | undefined;
  /** Exclusive end of the bytes to deliver: the range cut to the file, known after the first chunk. */
  #end: number | undefined;

  constructor(
    fetchChunk: ChunkFetcher,
    options: ResolvedDownload,
    onRecord?: (attach: FileChunk['attach']) => void,
  ) {
    this.#fetchChunk = fetchChunk;
    this.#options = options;
    this.#onRecord = onRecord;
    this.#planned = options.start;
    this.#position = options.start;
  }

  /** Stops every running and future request; waiting `next()` calls reject with `reason`. */
  abort(reason: unknown): void {
    this.#controller.abort(reason);
  }

  progress(): DownloadProgress {
    const { start } = this.#options;
    return { loaded: this.#position - start, total: (this.#end ?? start) - start };
  }

  /** The next bytes of the range (never empty), or `null` once it is complete. */
  async next(): Promise<Uint8Array | null> {
    for (;;) {
      if (this.#end !== undefined && this.#position >= this.#end) return null;
      this.#fill();
      const segment = this.#queue.shift()!;
      const chunk = await abortable(segment.result, this.#controller.signal);
      const bytes = this.#accept(segment, chunk);
      if (bytes.length > 0) {
        this.#position += bytes.length;
        // The caller hands these bytes to a waiting reader, so refilling now keeps the window at
        // `concurrency` ahead of what the reader has, and the network busy while it works.
        this.#fill();
        return bytes;
      }
    }
  }

  #fill(): void {
    const { chunkSize, concurrency, end, start } = this.#options;
    if (this.#end === undefined) {
      // Always a positive length: a zero-byte file read without one can answer HTTP 500, and an
      // empty range still checks that the id names a file.
      const first = end === undefined ? chunkSize : Math.max(1, Math.min(chunkSize, end - start));
      if (this.#queue.length === 0) this.#request(this.#planned, first, 'back');
      return;
    }
    while (this.#queue.length < concurrency && this.#planned < this.#end)
      this.#request(this.#planned, Math.min(chunkSize, this.#end - this.#planned), 'back');
  }

  #accept(segment: Segment, chunk: FileChunk): Uint8Array {
    const { fileId, start, end } = this.#options;
    const filesize = fileSizeOf(chunk, fileId);
    if (this.#filesize === undefined) {
      this.#filesize = filesize;
      this.#end = Math.max(start, Math.min(end ?? filesize, filesize));
      this.#planned = Math.min(this.#planned, this.#end);
      this.#onRecord?.(chunk.attach);
    } else if (filesize !== this.#filesize) {
      throw new SdkError(
        `The file changed during the download: file_id "${fileId}" was ${this.#filesize} bytes, now ${filesize}`,
      );
    }
    if (chunk.bytes.length > 0 && segment.start + chunk.bytes.length > filesize)
      // The stored file is longer than its record says (replaced or grown since): cutting the
      // surplus, as for an over-long chunk, would deliver a silently truncated file.
      throw new SdkError(
        `The file changed during the download: the server sent bytes of file_id "${fileId}" past its recorded size of ${filesize}`,
      );
    const last = this.#end ?? start;
    const bytes = chunkBytes(chunk, segment, last, fileId);
    const reached = segment.start + bytes.length;
    const wanted = Math.min(segment.start + segment.length, last);
    // A short answer before the end is not the end (a proxy or the storage gave less): the rest of
    // this segment is asked for next, ahead of the later segments already on their way.
    if (reached < wanted) this.#request(reached, wanted - reached, 'front');
    return bytes;
  }

  #request(start: number, length: number, where: 'front' | 'back'): void {
    const { fileId, timeout } = this.#options;
    const options: RequestOptions = {
      signal: this.#controller.signal,
      ...(timeout === undefined ? {} : { timeout }),
    };
    // The executor turns a fetcher that throws into a rejection, like one that rejects.
    const result = new Promise<FileChunk>((resolve) =>
      resolve(this.#fetchChunk({ file_id: fileId, start, length }, options)),
    );
    // Read in order by `next()`, or never when the download stops first: not an unhandled rejection.
    result.catch(() => {});
    const segment = { start, length, result };
    if (where === 'front') {
      this.#queue.unshift(segment);
    } else {
      this.#queue.push(segment);
      this.#planned = start + length;
    }
  }
}
