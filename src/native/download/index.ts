export { downloadBlob } from './download-blob.js';
export { downloadStream } from './download-stream.js';
export type { ChunkFetcher, DownloadOptions, DownloadProgress } from './options.js';
