/**
 * `socialsite-sdk/node` where there is no file system: what the `workerd`, `edge-light`, `worker`
 * and `browser` conditions of the exports map serve. Same names and types as the real entry, so
 * code shared between runtimes compiles and imports everywhere; each helper rejects with an
 * `UnsupportedRuntimeError` when called.
 */
import { UnsupportedRuntimeError } from './core/errors/unsupported-runtime-error.js';
import type * as NodeHelpers from './node/index.js';

// Needs no file system: it only describes a path.
export { UnsafePathError } from './node/fs/unsafe-path-error.js';
export type {
  DownloadSource,
  DownloadToFileOptions,
  DownloadToFileResult,
  FileFromPathOptions,
  NodeReadable,
} from './node/index.js';

function refusal(name: string): UnsupportedRuntimeError {
  return new UnsupportedRuntimeError(
    `${name} needs a file system, which this runtime does not have: upload a Blob or File, and read a download as a stream (files.download) or a Blob (files.downloadBlob)`,
  );
}
const unsupported = (name: string) => () => Promise.reject(refusal(name));

export const fileFromPath: typeof NodeHelpers.fileFromPath = unsupported('fileFromPath');
export const downloadToFile: typeof NodeHelpers.downloadToFile = unsupported('downloadToFile');
export const downloadReadable: typeof NodeHelpers.downloadReadable = () => {
  throw refusal('downloadReadable');
};
