import { abortable } from '../../core/base/abortable.js';
import { SdkError } from '../../core/errors/sdk-error.js';
import type { RequestOptions } from '../../core/options/options.js';
import type { FileChunk } from '../file-chunk.js';
import { checkSameFile, chunkBytes, fileSizeOf, type Segment } from './check-chunk.js';
import type { ChunkFetcher, DownloadProgress } from './options.js';
import { type RecordIdentity, recordIdentity } from './record-identity.js';
import type { ResolvedDownload } from './resolve-options.js';

interface RequestedSegment extends Segment {
  result: Promise<FileChunk>;
}

/**
 * A hub that keeps answering far less than asked (one byte per request was seen) would take one
 * request per crumb. A single short answer is normal (a proxy or the storage gave less) and the rest
 * is asked for; this many short answers IN A ROW, each under `SHORT_ANSWER_BYTES` (or the chunk size,
 * if smaller), end the download instead. A server that caps chunks at 64 KiB still works.
 */
export const MAX_SHORT_ANSWERS_IN_A_ROW = 16;
const SHORT_ANSWER_BYTES = 16 * 1024;

/** Reports a failure the download itself found (not one a chunk request already reported). */
export type DownloadFailureReporter = (error: unknown) => unknown;

/**
 * The state of one download. Each `next()` yields the following bytes in file order; requests run
 * ahead of the reader by at most `concurrency + 1` segments (`concurrency` in flight; a finished one
 * frees its place at once, so a server answering out of order keeps the window full), so memory stays
 * about `chunkSize × (concurrency + 1)`.
 * The first segment is requested alone: its record gives the size (so the rest can be planned) and
 * tells a folder apart before more requests go out.
 */
export class ChunkedDownload {
  readonly #fetchChunk: ChunkFetcher;
  readonly #options: ResolvedDownload;
  readonly #controller = new AbortController();
  /** Requested and not yet delivered, in file order; never longer than `concurrency`. */
  readonly #queue: RequestedSegment[] = [];
  /** The first byte no request covers yet. */
  #planned: number;
  /** The next byte to deliver. */
  #position: number;
  /** Exclusive end of the bytes to deliver: the range cut to the file, known after the first chunk. */
  #end: number | undefined;
  /** The first chunk's record: every later chunk must be of the same file and version. */
  #identity: RecordIdentity | undefined;
  #shortAnswersInARow = 0;
  /** Requests sent and not yet settled. */
  #inFlight = 0;
  readonly #report: DownloadFailureReporter | undefined;

  constructor(fetchChunk: ChunkFetcher, options: ResolvedDownload, report?: DownloadFailureReporter) {
    this.#fetchChunk = fetchChunk;
    this.#options = options;
    this.#report = report;
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
      let bytes: Uint8Array;
      try {
        bytes = this.#accept(segment, chunk);
      } catch (error) {
        throw this.#report?.(error) ?? error;
      }
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
    while (this.#inFlight < concurrency && this.#queue.length < concurrency + 1 && this.#planned < this.#end)
      this.#request(this.#planned, Math.min(chunkSize, this.#end - this.#planned), 'back');
  }

  #accept(segment: Segment, chunk: FileChunk): Uint8Array {
    const { fileId, start, end } = this.#options;
    const filesize = fileSizeOf(chunk, fileId);
    const identity = recordIdentity(chunk.attach, filesize);
    if (this.#identity === undefined) {
      this.#identity = identity;
      this.#end = Math.max(start, Math.min(end ?? filesize, filesize));
      this.#planned = Math.min(this.#planned, this.#end);
      this.#options.onRecord?.(chunk.attach);
    }
    checkSameFile(this.#identity, identity, fileId, segment.start);
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
    if (reached < wanted) {
      const crumb = bytes.length < Math.min(SHORT_ANSWER_BYTES, this.#options.chunkSize);
      this.#shortAnswersInARow = crumb ? this.#shortAnswersInARow + 1 : 0;
      if (this.#shortAnswersInARow >= MAX_SHORT_ANSWERS_IN_A_ROW) {
        throw new SdkError(
          `The hub answered ${MAX_SHORT_ANSWERS_IN_A_ROW} chunk requests in a row for file_id "${fileId}" with a few bytes each (${bytes.length} last): the download stops instead of asking crumb by crumb`,
        );
      }
      this.#request(reached, wanted - reached, 'front');
    } else this.#shortAnswersInARow = 0;
    return bytes;
  }

  #settled(): void {
    this.#inFlight--;
    if (!this.#controller.signal.aborted && this.#end !== undefined) this.#fill();
  }

  #request(start: number, length: number, where: 'front' | 'back'): void {
    const { fileId, request } = this.#options;
    const options: RequestOptions = { ...request, signal: this.#controller.signal };
    // The executor turns a fetcher that throws into a rejection, like one that rejects.
    const result = new Promise<FileChunk>((resolve) =>
      resolve(this.#fetchChunk({ file_id: fileId, start, length }, options)),
    );
    this.#inFlight++;
    // Read in order by `next()`, or never when the download stops first: not an unhandled rejection.
    // A settled request frees its place in the window at once, not when the reader takes it.
    result.then(
      () => this.#settled(),
      () => this.#settled(),
    );
    const segment = { start, length, result };
    if (where === 'front') {
      this.#queue.unshift(segment);
    } else {
      this.#queue.push(segment);
      this.#planned = start + length;
    }
  }
}
