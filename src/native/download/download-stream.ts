import { ChunkedDownload, type DownloadFailureReporter } from './chunked-download.js';
import type { ChunkFetcher, DownloadOptions } from './options.js';
import { type ResolvedDownload, resolveDownload } from './resolve-options.js';

/**
 * A file (or a byte range of it) as a stream of its bytes, fetched chunk by chunk through `filedata`.
 * Nothing is requested until the stream is read. Bad options throw an `SdkError` here, at the call.
 *
 * @example
 * const fetchChunk: ChunkFetcher = (params, options) => hub.files.data(params, options);
 * for await (const bytes of downloadStream(fetchChunk, fileId, { concurrency: 4 })) sink.write(bytes);
 */
export function downloadStream(
  fetchChunk: ChunkFetcher,
  fileId: string,
  options?: DownloadOptions,
  report?: DownloadFailureReporter,
): ReadableStream<Uint8Array> {
  return createDownloadStream(fetchChunk, resolveDownload(fileId, options), report);
}

/**
 * `report` hears of a failure the download's own checks find across chunks (a chunk request's
 * failures are reported by the request).
 */
export function createDownloadStream(
  fetchChunk: ChunkFetcher,
  options: ResolvedDownload,
  report?: DownloadFailureReporter,
): ReadableStream<Uint8Array> {
  const download = new ChunkedDownload(fetchChunk, options, report);
  const { signal, onProgress } = options;
  let onAbort: (() => void) | undefined;
  const release = () => {
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (!signal) return;
        onAbort = () => {
          download.abort(signal.reason);
          // At once, not when a chunk request notices: a fetcher may be slow to honour its signal.
          controller.error(signal.reason);
        };
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
      },
      async pull(controller) {
        try {
          const bytes = await download.next();
          if (bytes === null) {
            release();
            controller.close();
            return;
          }
          controller.enqueue(bytes);
          onProgress?.(download.progress());
        } catch (error) {
          release();
          download.abort(error);
          throw error;
        }
      },
      cancel(reason) {
        release();
        download.abort(reason);
      },
    },
    // Zero: `pull` runs only for a waiting read, so nothing is fetched ahead of the reader beyond
    // the `concurrency` window.
    { highWaterMark: 0 },
  );
}
