export {
  type DownloadSource,
  type DownloadToFileOptions,
  type DownloadToFileResult,
  downloadToFile,
} from './download-to-file.js';
export { type FileFromPathOptions, fileFromPath } from './file-from-path.js';
