import { ArgumentError } from '../../core/errors/argument-error.js';
import { checkRequestOptions } from '../../core/options/check-options.js';
import { keysOf, refuseUnknownKeys } from '../../core/options/known-keys.js';
import type { RequestOptions } from '../../core/options/options.js';
import {
  DEFAULT_CHUNK_SIZE,
  DEFAULT_CONCURRENCY,
  type DownloadOptions,
  type DownloadProgress,
} from './options.js';

/** The options of one download, checked, with their defaults applied. */
export interface ResolvedDownload {
  fileId: string;
  chunkSize: number;
  concurrency: number;
  start: number;
  /** Exclusive; `undefined` means the end of the file. */
  end: number | undefined;
  onProgress: ((progress: DownloadProgress) => void) | undefined;
  onRecord: DownloadOptions['onRecord'];
  signal: AbortSignal | undefined;
  /** What each chunk request is sent with, besides the download's own signal. */
  request: Omit<RequestOptions, 'signal'>;
}

/** The keys of {@link DownloadOptions}. */
export const DOWNLOAD_OPTION_KEYS = keysOf<DownloadOptions>({
  signal: true,
  timeout: true,
  headers: true,
  retry: true,
  chunkSize: true,
  concurrency: true,
  start: true,
  end: true,
  onProgress: true,
  onRecord: true,
});

/** Who takes the options besides the download engine, for the unknown-key check: `downloadToFile` adds `resume`. */
export interface DownloadOwner {
  where: string;
  ownKeys: readonly string[];
}

const DOWNLOAD: DownloadOwner = { where: 'a download option', ownKeys: [] };

/** Throws `SdkError` on a bad argument, so the mistake surfaces at the call, before any request. */
export function resolveDownload(
  fileId: string,
  options: DownloadOptions = {},
  owner: DownloadOwner = DOWNLOAD,
): ResolvedDownload {
  if (typeof fileId !== 'string' || fileId.length === 0)
    // The server matches `file_id` as a prefix: an empty one would pick whichever record comes first.
    throw new ArgumentError('file_id must be a non-empty string');
  if (options === null || typeof options !== 'object')
    throw new ArgumentError('download options must be an object when given');
  refuseUnknownKeys(options, [...DOWNLOAD_OPTION_KEYS, ...owner.ownKeys], owner.where);
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const start = options.start ?? 0;
  requirePositiveInteger('chunkSize', chunkSize);
  requirePositiveInteger('concurrency', concurrency);
  requireNonNegativeInteger('start', start);
  if (options.end !== undefined) {
    requireNonNegativeInteger('end', options.end);
    if (options.end < start)
      throw new ArgumentError(`end (${options.end}) must not be before start (${start})`);
  }
  const { timeout, headers, retry } = options;
  const request = {
    ...(timeout !== undefined && { timeout }),
    ...(headers !== undefined && { headers }),
    ...(retry !== undefined && { retry }),
  };
  checkRequestOptions(request);
  if (options.onProgress !== undefined && typeof options.onProgress !== 'function')
    throw new ArgumentError('onProgress must be a function');
  if (options.onRecord !== undefined && typeof options.onRecord !== 'function')
    throw new ArgumentError('onRecord must be a function');
  return {
    fileId,
    chunkSize,
    concurrency,
    start,
    end: options.end,
    onProgress: options.onProgress,
    onRecord: options.onRecord,
    signal: options.signal,
    request,
  };
}

function requirePositiveInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new ArgumentError(`${name} must be a positive integer, got ${String(value)}`);
}

function requireNonNegativeInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new ArgumentError(`${name} must be a non-negative integer, got ${String(value)}`);
}
