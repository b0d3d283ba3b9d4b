import { randomBytes } from 'node:crypto';
import { type FileHandle, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { DownloadOptions } from '../native/download/index.js';

/** What `downloadToFile` needs of a `NativeClient`. */
export interface DownloadSource {
  files: { download(fileId: string, options?: DownloadOptions): ReadableStream<Uint8Array> };
}

export interface DownloadToFileResult {
  /** The path written, as given. */
  path: string;
  /** How many bytes were written. */
  bytes: number;
}

/**
 * Downloads a file (or a byte range of it, through `options`) to `path`, in constant memory. The
 * bytes go to a temporary file beside the target (`.<name>.<random>.part`, so the rename stays on one
 * file system), which is flushed to disk and renamed into place only once complete: a failed or
 * aborted download leaves nothing at `path`, and a file already there stays untouched until then.
 *
 * @example
 * const { bytes } = await downloadToFile(hub, fileId, './big.bin', { concurrency: 4, signal });
 */
export async function downloadToFile(
  hub: DownloadSource,
  file_id: string,
  path: string,
  options?: DownloadOptions,
): Promise<DownloadToFileResult> {
  // First, so bad options throw before anything touches the disk.
  const stream = hub.files.download(file_id, options);
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.part`);
  let handle: FileHandle | undefined;
  try {
    handle = await open(temporary, 'wx');
    const bytes = await writeAll(stream, handle);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temporary, path);
    return { path, bytes };
  } catch (error) {
    // Whatever failed, the stream must stop fetching and the partial file must go.
    await stream.cancel(error).catch(() => {});
    await handle?.close().catch(() => {});
    await rm(temporary, { force: true }).catch(() => {});
    throw error;
  }
}

/** Awaiting each write before the next read is the backpressure: one chunk in memory at a time. */
async function writeAll(stream: ReadableStream<Uint8Array>, handle: FileHandle): Promise<number> {
  let total = 0;
  for await (const chunk of stream) {
    let offset = 0;
    // `write` may take fewer bytes than offered.
    while (offset < chunk.length) {
      const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
      offset += bytesWritten;
    }
    total += chunk.length;
  }
  return total;
}
