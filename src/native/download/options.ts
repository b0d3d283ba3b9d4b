import type { RequestOptions } from '../../core/options/options.js';
import type { Attach } from '../../schemas/index.js';
import type { FileChunk } from '../file-chunk.js';

/** 1 MiB: about 1.4 MB of base64 in one JSON answer, far below PHP's usual memory and post limits. */
export const DEFAULT_CHUNK_SIZE = 1024 * 1024;

/**
 * Two requests overlap one chunk's server time (PHP start-up, the record lookup, base64) with the
 * other's transfer, which hides most of the round trip, while taking only two workers of a small
 * self-hosted hub's PHP pool and holding at most two chunks in memory. Measured (bench/RESULTS.md,
 * issue 24): 3 or 4 gain at most 7–10 % when the CPU is free, lose when the client shares it with
 * the server, and 4 grows the peak memory of a download by 16 MiB more.
 */
export const DEFAULT_CONCURRENCY = 2;

/** How far a download has come; `total` is the size of the requested range, known after the first chunk. */
export interface DownloadProgress {
  /** Bytes delivered to the reader so far. */
  loaded: number;
  /** Bytes the download will deliver in all (the range, cut to the file's size). */
  total: number;
}

/**
 * Options of `files.download()`, `files.downloadBlob()` and `downloadToFile()`: chunking, a byte
 * range, progress and cancellation; `headers` and `retry` apply to each chunk request, as the
 * `RequestOptions` of any other call.
 */
export interface DownloadOptions extends RequestOptions {
  /**
   * The most bytes asked for in one `filedata` request. Memory stays about
   * `chunkSize × (concurrency + 1)` whatever the file's size.
   * @default 1048576 (1 MiB)
   * @example { chunkSize: 256 * 1024 }
   */
  chunkSize?: number;
  /**
   * How many chunk requests may run at once. Chunks are still delivered in order; a request that
   * finishes before the chunk the reader waits for frees its place at once, and at most one more
   * chunk than this is held ahead of what the reader has consumed. The first chunk is always
   * fetched alone, to learn the file's size.
   * @default 2
   * @example { concurrency: 4 }
   */
  concurrency?: number;
  /**
   * The first byte of the range, counting from 0. A start at or past the end of the file gives no bytes.
   * @default 0
   */
  start?: number;
  /**
   * The end of the range, EXCLUSIVE (`{ start: 0, end: 10 }` is the first 10 bytes); cut to the file's
   * size, as `Blob.slice` does.
   * @default the file's size
   */
  end?: number;
  /**
   * Called after each chunk is delivered to the reader.
   * @default undefined
   * @example { onProgress: ({ loaded, total }) => console.log(`${Math.round((100 * loaded) / total)}%`) }
   */
  onProgress?: (progress: DownloadProgress) => void;
  /**
   * Called once with the file's record, from the first chunk, before any byte is delivered: its
   * `filename`, `filetype`, `filesize`, `hash`, `revision`, `edited`. Throwing here ends the download
   * before a byte of the file reaches the reader (with that error if it is an `SdkError`, else with an
   * `SdkError` whose `cause` it is).
   * @default undefined
   */
  onRecord?: (record: Attach) => void;
  /**
   * Aborts every running and future chunk request at once; the stream then errors with `signal.reason`.
   * @default undefined
   */
  signal?: AbortSignal;
  /**
   * Time allowed for one attempt of one chunk request, in ms (each chunk gets the client's retries).
   * @default the client's `timeout`
   */
  timeout?: number;
}

/** Fetches one piece of a file: `files.data()` of the Native client, or a test double. */
export type ChunkFetcher = (
  params: { file_id: string; start: number; length: number },
  options: RequestOptions,
) => Promise<FileChunk>;
