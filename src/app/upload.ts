import { ArgumentError } from '../core/errors/argument-error.js';
import { checkUploadName } from '../core/request/request-shape.js';

/** What an upload accepts: a Blob or File (browsers, `fileFromPath` in Node), or bytes. */
export type UploadBody = Blob | File | Uint8Array | ArrayBuffer;

/** The extensions phpFox accepts for photos, with the MIME type sent when the Blob has none. */
const PHOTO_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
};

/**
 * The photo as a `File` named `photo_name`. phpFox checks the name's extension, so a wrong one is
 * refused here with a clear message instead of coming back as `photo.photo_add_photo_load`.
 */
export function photoFile(photo: UploadBody, photoName: string): File {
  if (typeof photoName !== 'string' || photoName.trim() === '') {
    throw new ArgumentError('photo_name is required: phpFox reads the image type from its extension');
  }
  // The extension is checked on the name PHP will read: `shell.php\0.png` arrives as `shell.php`.
  checkUploadName('photo_name', photoName);
  const extension = photoName.slice(photoName.lastIndexOf('.') + 1).toLowerCase();
  const type = photoName.includes('.') ? PHOTO_TYPES[extension] : undefined;
  if (!type) {
    throw new ArgumentError(
      `photo_name "${photoName}" must end in .jpg, .jpeg, .gif or .png (phpFox refuses other names)`,
    );
  }
  return new File([toBlobPart(photo)], photoName, {
    type: photo instanceof Blob && photo.type ? photo.type : type,
  });
}

function toBlobPart(photo: UploadBody): BlobPart {
  if (photo instanceof Blob) return photo;
  if (photo instanceof ArrayBuffer) return photo;
  if (photo instanceof Uint8Array) {
    // A view on a SharedArrayBuffer is not a valid BlobPart: copy it.
    return photo.buffer instanceof ArrayBuffer ? (photo as Uint8Array<ArrayBuffer>) : new Uint8Array(photo);
  }
  throw new ArgumentError('photo must be a Blob, a File, a Uint8Array or an ArrayBuffer');
}
