export { downloadReadable, type NodeReadable } from './download-readable.js';
export {
  type DownloadSource,
  type DownloadToFileOptions,
  type DownloadToFileResult,
  downloadToFile,
} from './download-to-file.js';
export { type FileFromPathOptions, fileFromPath } from './file-from-path.js';
export { UnsafePathError } from './fs/unsafe-path-error.js';
