import { decodeBase64 } from '../../core/body/base64.js';
import { ApiPromise } from '../../core/client/api-promise.js';
import { keysOf } from '../../core/options/known-keys.js';
import type { RequestOptions } from '../../core/options/options.js';
import { type ExportItem, type NativePhoto, PhotoDetailSchema } from '../../schemas/index.js';
import { knownParams, optionalCount, optionalText, requireText } from '../arguments.js';
import { PhotosAnswerSchema } from '../envelopes.js';
import type { NativeApi } from '../native-api.js';

/** The parameters of {@link PhotosResource.list}. */
export interface PhotosListParams {
  /**
   * The album's name (`Album.text`), exactly; an unknown album → `NotFoundError`.
   * @default every album
   */
  album?: string;
}

/** The parameters of {@link PhotosResource.get}. */
export interface PhotoGetParams {
  /** The photo's `resource_id` (the hash of its file). */
  photo_id: string;
  /**
   * Which size: 0 is the original, higher numbers smaller copies (see `imgscale` in `photos.list`).
   * @default 0
   */
  scale?: number;
}

/** A photo row with its image decoded (`content` is replaced by `bytes`) and the item that announced it. */
export type PhotoWithBytes = Omit<NativePhoto, 'content'> & {
  /** The image at the scale asked for, decoded. */
  bytes: Uint8Array;
  /** The post that published the photo, in the export shape (empty when there is none). */
  item: ExportItem[];
};

const LIST_KEYS = keysOf<PhotosListParams>({ album: true });
const GET_KEYS = keysOf<PhotoGetParams>({ photo_id: true, scale: true });

/** The channel's photos. */
export class PhotosResource {
  readonly #api: NativeApi;
  constructor(api: NativeApi) {
    this.#api = api;
  }

  /** `photos`: photo metadata, ONE ROW PER IMAGE SCALE (`imgscale`), of one album or all. */
  list(params: PhotosListParams = {}, options?: RequestOptions): ApiPromise<NativePhoto[]> {
    return ApiPromise.attempt(() => {
      knownParams('photos.list', params, LIST_KEYS);
      const album = optionalText('album', params.album);
      return this.#api.read(
        'photos',
        { album },
        {
          schema: PhotosAnswerSchema,
          ...(album
            ? { subject: `Album "${album}"`, unsuccessful: 'not-found' as const }
            : { subject: 'The photo list', unsuccessful: { readAs: { photos: [] } } }),
          unwrap: (answer) => answer.photos,
          shape: 'array',
        },
        options,
      );
    });
  }

  /** `photo`: one scale of a photo with its image bytes. */
  get(params: PhotoGetParams, options?: RequestOptions): ApiPromise<PhotoWithBytes> {
    return ApiPromise.attempt(() => {
      knownParams('photos.get', params, GET_KEYS);
      const photo_id = requireText('photo_id', params?.photo_id);
      const scale = optionalCount('scale', params.scale);
      const subject = `Photo "${photo_id}"${scale === undefined ? '' : ` at scale ${scale}`}`;
      return this.#api.read(
        'photo',
        { photo_id, scale },
        {
          schema: PhotoDetailSchema,
          subject,
          unwrap: (answer): PhotoWithBytes => {
            const { content, ...photo } = answer.photo;
            return { ...photo, bytes: decodeBase64(content), item: answer.item ?? [] };
          },
        },
        options,
      );
    });
  }
}
