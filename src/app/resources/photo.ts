import * as z from 'zod/mini';
import { ApiPromise } from '../../core/client/api-promise.js';
import type { RequestOptions, UploadOptions } from '../../core/options/options.js';
import type { PagePromise } from '../../core/paging/page-promise.js';
import { renameUploadedPhotoFields } from '../../schemas/app.js';
import { type Photo, PhotoSchema, type UploadedPhoto, UploadedPhotoSchema } from '../../schemas/index.js';
import { type AppCaller, type ListPaging, PHPFOX_PAGE_SIZE } from '../app-caller.js';
import { APP_METHOD_CHECKS } from '../method-checks.js';
import { photoFile, type UploadBody } from '../upload.js';

const PhotoListSchema = z.array(PhotoSchema);

/** phpFox 3.0.x counts photo pages from 1; 3.5+ (recognised by its envelope without `pages`) from 0. */
const PHOTO_PAGING: ListPaging = {
  pageSize: PHPFOX_PAGE_SIZE,
  firstPage: (api) => (api.pages === undefined ? 0 : 1),
};

/** The parameters of {@link PhotoResource.getPhotos}. */
export interface GetPhotosParams {
  /** Whose photos; the signed-in user when left out. */
  user_id?: number;
  /** The page to start from, as the server counts (3.0.x from 1, 3.5+ from 0). */
  page?: number;
}

/** The parameters of {@link PhotoResource.addPhoto}. */
export interface AddPhotoParams {
  /** The image: a Blob or File (e.g. from `fileFromPath` in Node), or its bytes. */
  photo: UploadBody;
  /** The file name phpFox stores; its extension (jpg, jpeg, gif, png) decides whether the upload is accepted. */
  photo_name: string;
}

/** The `photo` module. */
export class PhotoResource {
  readonly #caller: AppCaller;
  constructor(caller: AppCaller) {
    this.#caller = caller;
  }

  /** A user's photos, 10 a page; `for await` walks them all. */
  getPhotos(params: GetPhotosParams = {}, options?: RequestOptions): PagePromise<Photo> {
    APP_METHOD_CHECKS['photo.getPhotos'](params);
    return this.#caller.list('photo.getPhotos', PhotoListSchema, { ...params }, PHOTO_PAGING, options);
  }

  /**
   * Uploads a photo on behalf of the user (multipart POST; sent once, never retried: phpFox stores
   * every upload it receives, with no key to recognise a repeat). A failure's `mayHaveSucceeded`
   * says whether the photo may have been stored anyway (a connection lost after sending, a
   * timeout, a 5xx): look with `getPhotos` before uploading it again (3.5+ only: phpFox 3.0.x
   * stores API uploads where `getPhotos` never lists them, so there only the answer tells).
   * Resolves to one shape for both phpFox generations: 3.0.x's `{original, 75px, …}` comes back as
   * `{photo_original, photo_75px, …}`, like the 3.5+ record (see {@link UploadedPhoto}); it has no
   * id on 3.0.x.
   */
  addPhoto(params: AddPhotoParams, options?: UploadOptions): ApiPromise<UploadedPhoto> {
    return ApiPromise.attempt(() => {
      APP_METHOD_CHECKS['photo.addPhoto'](params);
      const photo = photoFile(params.photo, params.photo_name);
      const fields = { photo_name: params.photo_name };
      return this.#caller.value('photo.addPhoto', UploadedPhotoSchema, fields, options, {
        shape: 'object',
        files: { photo },
        // The schema renames 3.0.x's keys; this does it where no schema ran (validation `off`, or a
        // `warn` mismatch), so the result has the normalized keys in every mode.
        unwrap: (output) => renameUploadedPhotoFields(output) as UploadedPhoto,
      });
    });
  }
}
