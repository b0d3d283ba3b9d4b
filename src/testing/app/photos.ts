import { UPLOAD_ERR } from '../http/php-request.js';
import type { Runtime } from '../runtime.js';
import { type MethodResult, methodError } from './answer.js';
import type { AppPhoto } from './app-state.js';
import { type MethodCall, targetUser } from './call.js';
import { clampedPage, zeroBasedPage } from './paging.js';
import { photoRecord, photoUrl } from './records.js';

const EXTENSIONS = ['jpg', 'jpeg', 'gif', 'png'];
const LOAD_ERROR = 'photo.photo_add_photo_load';

/**
 * The user's photos, newest first. phpFox 3.0 selects `type_id = 0` only, so what its
 * `photo.addPhoto` stored (`type_id` 1) is never listed or counted.
 */
function photosOf(runtime: Runtime, userId: number): AppPhoto[] {
  const listed = (photo: AppPhoto) => !(photo.fromApi && runtime.options.envelope === '3.0');
  return runtime.app.photos
    .filter((photo) => photo.user_id === userId && listed(photo))
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
 * `photo_name`, the size (500 KB by default) and that the bytes are an image. The messages are the
 * live ones (3.0.1 and 3.9.0 word them alike). 3.0 answers a map of size → URL and stores the photo
 * where `photo.getPhotos` never lists it; 3.5+ answers the photo's record (3.9: with `api.total` 1).
 */
export async function addPhoto(call: MethodCall): Promise<MethodResult> {
  const { runtime } = call;
  const owner = runtime.app.users.get(call.userId);
  if (!owner?.allowPhotoUpload) {
    return methodError(runtime, 'photo.add_photo', 'User did not allow to upload photos on their behalf.');
  }
  const file = call.params.file('photo');
  if (!file)
    return methodError(runtime, LOAD_ERROR, uploadFailure(runtime, call.params.uploadError('photo')));
  const name = call.params.get('photo_name') ?? '';
  const extension = name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';
  if (!EXTENSIONS.includes(extension)) {
    return methodError(
      runtime,
      LOAD_ERROR,
      'Not a valid file extension. We only accept: jpg, gif, png, jpeg',
    );
  }
  if (file.size > runtime.options.photoUploadLimit) {
    const kb = Math.floor(runtime.options.photoUploadLimit / 1024);
    return methodError(
      runtime,
      LOAD_ERROR,
      `Upload failed. Your file (${fileSize(file.size)}) is larger then our limit: ${kb} kb`,
    );
  }
  if (!isImage(new Uint8Array(await file.arrayBuffer()))) {
    return methodError(
      runtime,
      LOAD_ERROR,
      'Not a valid image. We only accept the following file extensions: jpg, gif, png, jpeg',
    );
  }
  const now = runtime.options.now();
  const month = now.toISOString().slice(0, 7).replace('-', '/');
  const photo: AppPhoto = {
    photo_id: runtime.app.photos.reduce((max, p) => Math.max(max, p.photo_id), 0) + 1,
    user_id: owner.user_id,
    title: name,
    description: null,
    destination: `${month}/${runtime.prng.hex(32)}`,
    time_stamp: Math.floor(now.getTime() / 1000),
    ...(runtime.options.envelope === '3.0' ? { fromApi: true } : {}),
  };
  runtime.app.photos.push(photo);
  if (runtime.options.envelope === '3.9') return { output: photoRecord(runtime, photo), total: 1 };
  if (runtime.options.envelope !== '3.0') return { output: photoRecord(runtime, photo) };
  const sizes = ['75', '100', '150', '240', '500', '1024'];
  const output: Record<string, string> = { original: photoUrl(runtime, photo, '') };
  for (const size of sizes) output[`${size}px`] = photoUrl(runtime, photo, size);
  return { output };
}

/** A size as phpFox's messages word it: whole Mb from 1 MB on, else whole kb. */
function fileSize(bytes: number): string {
  const mb = 1024 * 1024;
  return bytes >= mb ? `${Math.floor(bytes / mb)} Mb` : `${Math.floor(bytes / 1024)} kb`;
}

/**
 * Why there is no photo: none was sent, or PHP refused it (`$_FILES['photo']['error']`; a file over
 * `upload_max_filesize` is the usual one). The wording is the live sites' (run at
 * `upload_max_filesize=1M`): 3.0.1 names the server's limit, 3.9.0 answers as for a file that is no
 * image; neither says PHP cut anything.
 */
function uploadFailure(runtime: Runtime, error: number | undefined): string {
  if (error === UPLOAD_ERR.INI_SIZE || error === UPLOAD_ERR.FORM_SIZE) {
    if (runtime.options.envelope === '3.0') {
      return `Upload failed. Server cannot handle files larger then: ${iniSize(runtime.options.serverLimits.uploadMaxFilesize)}`;
    }
    return 'Not a valid image. We only accept the following file extensions: jpg, gif, png, jpeg';
  }
  return 'No photo was uploaded.';
}

/** A size as php.ini spells it (`ini_get`): `2M`, `512K`, else bytes. */
function iniSize(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)}M`;
  return bytes % 1024 === 0 ? `${bytes / 1024}K` : String(bytes);
}

/** JPEG, PNG or GIF magic bytes. */
function isImage(bytes: Uint8Array): boolean {
  const starts = (...magic: number[]) => magic.every((byte, index) => bytes[index] === byte);
  return starts(0xff, 0xd8, 0xff) || starts(0x89, 0x50, 0x4e, 0x47) || starts(0x47, 0x49, 0x46, 0x38);
}
