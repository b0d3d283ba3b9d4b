import { UPLOAD_ERR } from '../http/php-request.js';
import type { Runtime } from '../runtime.js';
import { type MethodResult, methodError } from './answer.js';
import type { AppPhoto } from './app-state.js';
import { type MethodCall, targetUser } from './call.js';
import { clampedPage, zeroBasedPage } from './paging.js';
import { photoRecord, photoUrl } from './records.js';

const EXTENSIONS = ['jpg', 'jpeg', 'gif', 'png'];
const LOAD_ERROR = 'photo.photo_add_photo_load';

/** The user's photos, newest first. */
function photosOf(runtime: Runtime, userId: number): AppPhoto[] {
  return runtime.app.photos
    .filter((photo) => photo.user_id === userId)
    .sort((a, b) => b.time_stamp - a.time_stamp || b.photo_id - a.photo_id);
}

export function getPhotos(call: MethodCall): MethodResult {
  const { runtime } = call;
  const photos = photosOf(runtime, targetUser(call));
  const raw = call.params.get('page');
  const page = runtime.options.envelope !== '3.0' ? zeroBasedPage(photos, raw) : clampedPage(photos, raw);
  const total = runtime.options.listTotals === 'zero' ? 0 : photos.length;
  return { output: page.map((photo) => photoRecord(runtime, photo)), total };
}

/**
 * Stores the multipart part `photo` under the name `photo_name`. phpFox checks the extension of
 * `photo_name`, the size (500 KB by default) and that the bytes are an image.
 */
export async function addPhoto(call: MethodCall): Promise<MethodResult> {
  const { runtime } = call;
  const owner = runtime.app.users.get(call.userId);
  if (!owner?.allowPhotoUpload) {
    return methodError(runtime, 'photo.add_photo', 'User did not allow to upload photos on their behalf.');
  }
  const file = call.params.file('photo');
  if (!file) return methodError(runtime, LOAD_ERROR, uploadFailure(call.params.uploadError('photo')));
  const name = call.params.get('photo_name') ?? '';
  const extension = name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';
  if (!EXTENSIONS.includes(extension)) {
    return methodError(runtime, LOAD_ERROR, 'Not a valid file extension. Allowed: jpg, jpeg, gif, png.');
  }
  if (file.size > runtime.options.photoUploadLimit) {
    const kb = Math.round(runtime.options.photoUploadLimit / 1024);
    return methodError(runtime, LOAD_ERROR, `The file is too large. Maximum size is ${kb} KB.`);
  }
  if (!isImage(new Uint8Array(await file.arrayBuffer()))) {
    return methodError(runtime, LOAD_ERROR, 'The file is not a valid image.');
  }
  const now = runtime.options.now();
  const month = now.toISOString().slice(0, 7).replace('-', '/');
  const photo: AppPhoto = {
    photo_id: runtime.app.photos.reduce((max, p) => Math.max(max, p.photo_id), 0) + 1,
    user_id: owner.user_id,
    title: name.replace(/\.[^.]*$/, ''),
    destination: `${month}/${runtime.prng.hex(32)}`,
    time_stamp: Math.floor(now.getTime() / 1000),
  };
  runtime.app.photos.push(photo);
  if (runtime.options.envelope !== '3.0') return { output: photoRecord(runtime, photo) };
  const sizes = ['75', '100', '150', '240', '500', '1024'];
  const output: Record<string, string> = { original: photoUrl(runtime, photo, '') };
  for (const size of sizes) output[`${size}px`] = photoUrl(runtime, photo, size);
  return { output };
}

/**
 * Why there is no photo: none was sent, or PHP refused it (`$_FILES['photo']['error']`; a file over
 * `upload_max_filesize` is the usual one). phpFox's file loader reports PHP's upload error under the
 * same method error as its own checks; the wording is PHP's for that code (not recorded from a live
 * phpFox).
 */
function uploadFailure(error: number | undefined): string {
  if (error === UPLOAD_ERR.INI_SIZE)
    return 'The uploaded file exceeds the upload_max_filesize directive in php.ini.';
  if (error === UPLOAD_ERR.FORM_SIZE)
    return 'The uploaded file exceeds the MAX_FILE_SIZE directive that was specified in the HTML form.';
  return 'No photo was uploaded.';
}

/** JPEG, PNG or GIF magic bytes. */
function isImage(bytes: Uint8Array): boolean {
  const starts = (...magic: number[]) => magic.every((byte, index) => bytes[index] === byte);
  return starts(0xff, 0xd8, 0xff) || starts(0x89, 0x50, 0x4e, 0x47) || starts(0x47, 0x49, 0x46, 0x38);
}
