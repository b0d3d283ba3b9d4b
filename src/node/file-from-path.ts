import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';

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
 * await app.photo.addPhoto({ photo: await fileFromPath('./cat.jpg', { type: 'image/jpeg' }), photo_name: 'Cat' });
 */
export async function fileFromPath(path: string, options: FileFromPathOptions = {}): Promise<File> {
  const [blob, stats] = await Promise.all([
    openAsBlob(path, options.type === undefined ? {} : { type: options.type }),
    stat(path),
  ]);
  // A File made of a Blob refers to that Blob's data, so it stays backed by the disk.
  return new File([blob], options.name ?? basename(path), { type: blob.type, lastModified: stats.mtimeMs });
}
