import type { DownloadFailureReporter } from './chunked-download.js';
import { createDownloadStream } from './download-stream.js';
import type { ChunkFetcher, DownloadOptions } from './options.js';
import { resolveDownload } from './resolve-options.js';

/**
 * A file (or a byte range of it) as a `Blob` typed with the file's `filetype`. Each chunk becomes its
 * own small Blob as it arrives and the result is made of those, so no single buffer of the whole
 * file is ever assembled (browsers may even keep large Blobs on disk). Bad options throw an
 * `SdkError` here, at the call.
 */
export function downloadBlob(
  fetchChunk: ChunkFetcher,
  fileId: string,
  options?: DownloadOptions,
  report?: DownloadFailureReporter,
): Promise<Blob> {
  let type = '';
  const resolved = resolveDownload(fileId, options);
  const { onRecord } = resolved;
  const stream = createDownloadStream(
    fetchChunk,
    {
      ...resolved,
      onRecord: (record) => {
        type = String(record.filetype);
        onRecord?.(record);
      },
    },
    report,
  );
  return collect(stream, () => type);
}

async function collect(stream: ReadableStream<Uint8Array>, type: () => string): Promise<Blob> {
  const parts: Blob[] = [];
  // A reader rather than `for await`: Safari's streams are not async iterable.
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(new Blob([ownBuffer(value)]));
  }
  return new Blob(parts, { type: type() });
}

/** `Blob` takes no view of a SharedArrayBuffer; the SDK's chunks never are one, but a fetcher's might. */
function ownBuffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return isOnArrayBuffer(bytes) ? bytes : new Uint8Array(bytes);
}

function isOnArrayBuffer(bytes: Uint8Array): bytes is Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer;
}
