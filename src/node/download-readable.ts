import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { DownloadOptions } from '../native/download/index.js';
import { readFileArgument } from '../native/file-ref.js';
import type { FileArgument } from '../native/resources/files-params.js';
import type { DownloadSource } from './download-to-file.js';

declare global {
  namespace NodeJS {
    /**
     * Node's readable stream (a `Readable` is one), as `@types/node` declares it. Declared empty here
     * so that the package's types compile without `@types/node` too (a browser app that imports
     * `socialsite-sdk/node` for the runtime check); with Node's types it is theirs.
     */
    interface ReadableStream {}
  }
}

/**
 * What `downloadReadable` returns: a Node `Readable`, typed without an import of `node:stream` (so
 * the package's declarations compile without `@types/node`): Node's readable stream interface,
 * which `pipeline()` and `.pipe()` take, plus `destroy()`, which cancels the download.
 */
export type NodeReadable = NodeJS.ReadableStream & {
  /** Stops the stream and cancels the download (`error`, if given, is emitted). */
  destroy(error?: Error): unknown;
};

/**
 * A file's download as a Node `Readable`, for `pipeline()` and the other Node stream APIs: what
 * `Readable.fromWeb(hub.files.download(file))` does, typed. (With both `lib: ["dom"]` and
 * `@types/node`, `files.download`'s DOM `ReadableStream` is not assignable to the parameter of
 * `Readable.fromWeb`, whose type is Node's own `ReadableStream`: TS2345, though it runs.) The file
 * is named as every file method names it; `options` are those of `files.download` (chunking,
 * range, `onProgress`, `signal`…). Destroying the `Readable` cancels the download.
 *
 * @example
 * import { createWriteStream } from 'node:fs';
 * import { pipeline } from 'node:stream/promises';
 * import { downloadReadable } from 'socialsite-sdk/node';
 * await pipeline(downloadReadable(hub, file, { concurrency: 4 }), createWriteStream('./big.bin'));
 */
export function downloadReadable(
  hub: DownloadSource,
  file: FileArgument,
  options?: DownloadOptions,
): NodeReadable {
  const { fileId } = readFileArgument('downloadReadable', file);
  const stream = hub.files.download(fileId, options);
  // The same object at run time: only the two declarations of `ReadableStream` differ.
  return Readable.fromWeb(stream as unknown as NodeReadableStream<Uint8Array>);
}
