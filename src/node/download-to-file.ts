import { randomBytes } from 'node:crypto';
import { type FileHandle, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ArgumentError } from '../core/errors/argument-error.js';
import { SdkError } from '../core/errors/sdk-error.js';
import { keysOf } from '../core/options/known-keys.js';
import type { RequestOptions } from '../core/options/options.js';
import type { DownloadOptions } from '../native/download/index.js';
import { changedField, type RecordIdentity, recordIdentity } from '../native/download/record-identity.js';
import { resolveDownload } from '../native/download/resolve-options.js';
import { readFileArgument } from '../native/file-ref.js';
import type { FileArgument } from '../native/resources/files-params.js';
import type { Attach } from '../schemas/index.js';
import { openForWrite } from './fs/open.js';
import { UnsafePathError } from './fs/unsafe-path-error.js';
import { readPartial, writeSidecar } from './partial-download.js';

/** What `downloadToFile` needs of a `NativeClient` (`files.meta` only to resume). */
export interface DownloadSource {
  /** A `NativeClient`'s `files`, or anything with the same two methods (a test double). */
  files: {
    /** Streams the file's bytes, as `NativeClient.files.download` (called with the file's hash). */
    download(fileId: string, options?: DownloadOptions): ReadableStream<Uint8Array>;
    /** Reads the file's record, as `NativeClient.files.meta` (needed only with `resume`). */
    meta?(params: { file_id: string }, options?: RequestOptions): Promise<Attach>;
  };
}

/** Options of `downloadToFile`: those of `files.download()`, plus `resume`. */
export interface DownloadToFileOptions extends DownloadOptions {
  /**
   * Keep the partial file when the download fails, is aborted or the process dies, and continue
   * from it on the next call with the same `path` when the file's record on the hub (hash, size,
   * revision, edit time) is unchanged; start over otherwise. The partial bytes wait in
   * `.<name>.part` beside the target, described by `.<name>.part.json`. `onProgress` counts the
   * resumed bytes as loaded. Costs one `filemeta` request when a partial file is found. A partial
   * file longer than the file (or range) it describes is discarded, never appended to. Both are
   * continued in place, so each must be a regular file with no other name: a symbolic link, a
   * FIFO, a folder or a second hard link found there is an `UnsafePathError`, and left as found.
   * @default false
   */
  resume?: boolean;
}

const DOWNLOAD_TO_FILE = {
  where: 'an option of downloadToFile',
  ownKeys: keysOf<Omit<DownloadToFileOptions, keyof DownloadOptions>>({ resume: true }),
};

/** What `downloadToFile` resolves with once the file is complete at `path`. */
export interface DownloadToFileResult {
  /** The path written, as given. */
  path: string;
  /** How many bytes the file holds, resumed bytes included. */
  bytes: number;
  /** How many of them were already on disk from an interrupted earlier call (`resume`); else 0. */
  resumedBytes: number;
}

/**
 * Downloads a file (or a byte range of it, through `options`) to `path`, in constant memory. The
 * file is named as every file method names it: its hash (`Attach.hash`), its record, or
 * `{ file_id }` with either (never the row `id`). The
 * bytes go to a temporary file beside the target (`.<name>.<random>.part`, so the rename stays on one
 * file system), which is flushed to disk and renamed into place only once complete: a failed or
 * aborted download leaves nothing at `path`, and a file already there stays untouched until then.
 * With `resume: true` the partial file is kept instead, and the next call continues it.
 *
 * The folder of `path` must exist: a missing one is an `ArgumentError` naming it, before any request
 * (it is not created). A failure of the file system is an `SdkError` naming `path`, with the fs error as `cause`. No
 * link is followed and no FIFO waited on: the temporary file is created new (`O_EXCL`), the rename
 * replaces a link at `path` rather than writing through it.
 *
 * @example
 * const [file] = await hub.files.list({ filename: 'big.bin' }).toArray();
 * const { bytes } = await downloadToFile(hub, file, './big.bin', { concurrency: 4, signal });
 * await downloadToFile(hub, file.hash, './big.bin', { resume: true }); // continues after a failure
 */
export async function downloadToFile(
  hub: DownloadSource,
  file: FileArgument,
  path: string,
  options: DownloadToFileOptions = {},
): Promise<DownloadToFileResult> {
  // First, so a bad file or bad options throw before anything touches the disk or the network.
  const file_id = readFileArgument('downloadToFile', file).fileId;
  resolveDownload(file_id, options, DOWNLOAD_TO_FILE);
  await checkFolder(path);
  const { resume = false, ...download } = options;
  if (resume) return resumeDownload(hub, file_id, path, download);
  const stream = hub.files.download(file_id, download);
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.part`);
  return fileStep(path, 'write', () =>
    finish(stream, () => openForWrite(temporary, 'new'), {
      temporary,
      path,
      resumedBytes: 0,
      onFailure: () => rm(temporary, { force: true }),
    }),
  );
}

async function resumeDownload(
  hub: DownloadSource,
  file_id: string,
  path: string,
  download: DownloadOptions,
): Promise<DownloadToFileResult> {
  const temporary = join(dirname(path), `.${basename(path)}.part`);
  const from = download.start ?? 0;
  const partial = await fileStep(path, 'read the partial download of', () => readPartial(temporary));
  /** The version the partial bytes are of, once confirmed unchanged on the hub. */
  let kept: RecordIdentity | undefined;
  let resumedBytes = 0;
  const { sidecar } = partial ?? {};
  if (partial && partial.size > 0 && sidecar?.file_id === file_id && sidecar.start === from) {
    if (!hub.files.meta) throw new ArgumentError('downloadToFile: resume needs files.meta (a NativeClient)');
    const identity = recordIdentity(
      await hub.files.meta(
        { file_id },
        {
          ...(download.signal && { signal: download.signal }),
          ...(download.timeout !== undefined && { timeout: download.timeout }),
        },
      ),
    );
    if (changedField(identity, sidecar) === undefined) {
      kept = identity;
      const end = Math.min(download.end ?? identity.filesize, identity.filesize);
      // Longer than the range can be is not a partial download of it: start over, never append.
      if (partial.size <= end - from) resumedBytes = partial.size;
    }
  }
  let version = kept;
  const { onProgress, onRecord } = download;
  const stream = hub.files.download(file_id, {
    ...download,
    start: from + resumedBytes,
    onRecord: (record) => {
      const seen = recordIdentity(record);
      if (kept && changedField(kept, seen) !== undefined)
        throw new SdkError(
          `The file "${file_id}" changed on the hub while its download was resumed: the next call starts over`,
        );
      version = seen;
      onRecord?.(record);
    },
    ...(onProgress && {
      onProgress: ({ loaded, total }) =>
        onProgress({ loaded: loaded + resumedBytes, total: total + resumedBytes }),
    }),
  });
  return fileStep(path, 'write', () =>
    finish(stream, () => openForWrite(temporary, 'reuse'), {
      temporary,
      path,
      resumedBytes,
      // Before the first new byte, so that even a killed process leaves a partial file it can resume.
      beforeFirstWrite: async (handle) => {
        await handle.truncate(resumedBytes);
        if (version) await writeSidecar(temporary, { file_id, start: from, ...version });
      },
      onFailure: async (error) => {
        // A refused path is someone else's: left exactly as it was found.
        if (version === undefined && !(error instanceof UnsafePathError)) await removePartial(temporary);
      },
      onSuccess: () => rm(`${temporary}.json`, { force: true }),
    }),
  );
}

interface Target {
  temporary: string;
  path: string;
  resumedBytes: number;
  beforeFirstWrite?: (handle: FileHandle) => Promise<void>;
  onSuccess?: () => Promise<void>;
  /** Cleans up after a failure (the stream is cancelled and the file closed by then). */
  onFailure: (error: unknown) => Promise<void>;
}

/** Writes the stream into `handle` after the resumed bytes, flushes, renames into place. */
async function finish(
  stream: ReadableStream<Uint8Array>,
  openFile: () => Promise<FileHandle>,
  target: Target,
): Promise<DownloadToFileResult> {
  let unclosed: FileHandle | undefined;
  try {
    const handle = await openFile();
    unclosed = handle;
    const written = await writeAll(stream, handle, target);
    await handle.sync();
    await handle.close();
    unclosed = undefined;
    await rename(target.temporary, target.path);
    await target.onSuccess?.();
    return { path: target.path, bytes: target.resumedBytes + written, resumedBytes: target.resumedBytes };
  } catch (error) {
    // Whatever failed, the stream must stop fetching.
    await stream.cancel(error).catch(() => {});
    await unclosed?.close().catch(() => {});
    await target.onFailure(error).catch(() => {});
    throw error;
  }
}

/** Awaiting each write before the next read is the backpressure: one chunk in memory at a time. */
async function writeAll(
  stream: ReadableStream<Uint8Array>,
  handle: FileHandle,
  target: Target,
): Promise<number> {
  let total = 0;
  const reader = stream.getReader();
  let first = true;
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (first) {
      first = false;
      await target.beforeFirstWrite?.(handle);
    }
    if (done) return total;
    let offset = 0;
    // `write` may take fewer bytes than offered.
    while (offset < chunk.length) {
      const position = target.resumedBytes + total + offset;
      const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset, position);
      offset += bytesWritten;
    }
    total += chunk.length;
  }
}

/**
 * The folder `path` goes into must exist, before any request: it is not created, since a mistyped
 * path would otherwise leave folders wherever it points (as `fs.writeFile` does not create them
 * either). An `ArgumentError` naming the folder and the fix.
 */
async function checkFolder(path: string): Promise<void> {
  const folder = dirname(path);
  // Any other failure (EACCES) is the file system's, reported as every other one.
  const found = await fileStep(path, 'look at the folder of', () =>
    stat(folder).catch((error: { code?: unknown }) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
      throw error;
    }),
  );
  if (found?.isDirectory()) return;
  throw new ArgumentError(
    `downloadToFile cannot write "${path}": the folder "${folder}" ${found ? 'is not a folder' : 'does not exist'}. ` +
      `Create it first, e.g. await mkdir(${JSON.stringify(folder)}, { recursive: true }) from node:fs/promises`,
  );
}

function removePartial(temporary: string): Promise<unknown> {
  return Promise.all([rm(temporary, { force: true }), rm(`${temporary}.json`, { force: true })]);
}

/**
 * Runs a step that touches the file system: an error of Node's fs (it has a `code` and a `syscall`)
 * becomes an `SdkError` naming the TARGET path (the temporary file's name means nothing to a user),
 * with the fs error as `cause`; an `SdkError` or an abort reason passes through.
 */
async function fileStep<T>(path: string, doing: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!isFsError(error)) throw error;
    throw new SdkError(`downloadToFile could not ${doing} "${path}": ${error.code} (${error.syscall})`, {
      cause: error,
    });
  }
}

function isFsError(error: unknown): error is Error & { code: string; syscall: string } {
  return (
    error instanceof Error &&
    !(error instanceof SdkError) &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { syscall?: unknown }).syscall === 'string'
  );
}
