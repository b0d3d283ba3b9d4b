import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { ArgumentError } from '../core/errors/argument-error.js';

/** Options of {@link fileFromPath}: what the upload declares about the file. */
export interface FileFromPathOptions {
  /**
   * The MIME type the upload declares.
   * @default '' (servers then treat it as application/octet-stream)
   */
  type?: string;
  /**
   * The file name the upload declares.
   * @default the path's base name
   */
  name?: string;
}

/**
 * A `File` backed by the file on disk, for uploads: its bytes are read when the upload streams them,
 * never loaded into memory up front. Reading it fails if the file changes in the meantime.
 *
 * @example
 * await app.photo.addPhoto({ photo: await fileFromPath('./cat.jpg', { type: 'image/jpeg' }), photo_name: 'cat.jpg' });
 */
export async function fileFromPath(path: string, options: FileFromPathOptions = {}): Promise<File> {
  // `stat` first: `openAsBlob` reports a missing file as a vague TypeError, `stat` as ENOENT with the path.
  const stats = await stat(path);
  if (!stats.isFile()) throw new ArgumentError(`Not a file: ${path}`);
  const blob = await openAsBlob(path, options.type === undefined ? {} : { type: options.type });
  // A File made of a Blob refers to that Blob's data, so it stays backed by the disk.
  return new File([blob], options.name ?? basename(path), { type: blob.type, lastModified: stats.mtimeMs });
}
