export {
  type DownloadSource,
  type DownloadToFileOptions,
  type DownloadToFileResult,
  downloadToFile,
} from './download-to-file.js';
export { type FileFromPathOptions, fileFromPath } from './file-from-path.js';
export {
  lstatInside,
  makeFoldersInside,
  moveInside,
  openForRead,
  openForWrite,
  readTextFile,
  removeInside,
  resolveInside,
  UnsafePathError,
  type WriteMode,
} from './fs/index.js';
