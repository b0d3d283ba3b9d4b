import { ApiPromise } from '../../core/client/api-promise.js';
import type { RequestOptions } from '../../core/options/options.js';
import type { Album } from '../../schemas/index.js';
import { type NoParams, requireNoParams } from '../arguments.js';
import { AlbumsAnswerSchema } from '../envelopes.js';
import type { NativeApi } from '../native-api.js';

/** The channel's photo albums. */
export class AlbumsResource {
  readonly #api: NativeApi;
  constructor(api: NativeApi) {
    this.#api = api;
  }

  /** `albums`: every album with its photo count; `[]` when the channel has none. Takes no parameters: `{}` or nothing. */
  list(params: NoParams = {}, options?: RequestOptions): ApiPromise<Album[]> {
    return ApiPromise.attempt(() => {
      requireNoParams('albums.list', params);
      return this.#api.read(
        'albums',
        {},
        {
          schema: AlbumsAnswerSchema,
          subject: 'The album list',
          unsuccessful: { readAs: { albums: [] } },
          unwrap: (answer) => answer.albums,
          shape: 'array',
        },
        options,
      );
    });
  }
}
