import * as z from 'zod/mini';
import type { Screen, ValueShape } from '../core/client/answer.js';
import type { ApiPromise } from '../core/client/api-promise.js';
import type { ClientCore } from '../core/client/client-core.js';
import type { HttpRequest } from '../core/http/transport.js';
import type { RequestOptions } from '../core/options/options.js';
import { pageFingerprint } from '../core/paging/page-fingerprint.js';
import { PagePromise } from '../core/paging/page-promise.js';
import type { Fields } from '../core/request/query.js';
import type { ApiInfo } from '../schemas/index.js';
import { unknownMethodHint } from './app-errors.js';
import { appRequest } from './app-request.js';
import { type Envelope, phpfoxScreen } from './envelope.js';

/** phpFox's page size for list methods. */
export const PHPFOX_PAGE_SIZE = 10;

/** How a list method pages. */
export interface ListPaging {
  /** Items in a full page. */
  pageSize: number;
  /** The first page's number for this server generation (friends are 1-based; 3.5+ photos 0-based). */
  firstPage: (api: ApiInfo) => number;
  /** The item's identity, for lists whose answers overlap (see `LoadedPage.keyOf`). */
  keyOf?: (item: never) => unknown;
  /**
   * The item's id, for a cheap fingerprint of a page (a repeated page ends the walk): joining ids
   * costs a fraction of serializing the whole output. Without it, or when an item has none, the
   * output is serialized.
   */
  idOf?: (item: never) => unknown;
}

/** Sends `api.php` calls: token and method in the query, every answer through phpFox's dialect. */
export class AppCaller {
  readonly core: ClientCore;
  /** `undefined` behind a relay, which adds the token on the server. */
  readonly #token: string | undefined;
  readonly #screen: Screen;

  constructor(core: ClientCore, token: string | undefined) {
    this.core = core;
    this.#token = token;
    this.#screen = phpfoxScreen(core.redactor, core.validation);
  }

  /** One call; the output checked and normalized by `schema`. */
  call<S extends z.ZodMiniType>(
    method: string,
    schema: S,
    params: Fields = {},
    options?: RequestOptions,
    files?: Record<string, Blob>,
  ): ApiPromise<{ api: ApiInfo; output: z.output<S> }> {
    return this.core.answer(
      this.#request(method, params, options, files),
      { schema, pick: outputOf, unwrap: (output, screened) => ({ api: (screened as Envelope).api, output }) },
      this.#screen,
    );
  }

  /**
   * One call's value: the output checked by `schema`, then `unwrap`ped, and in every validation mode
   * of the promised `shape` (a typed `ValidationError` otherwise, never a value of another kind).
   */
  value<S extends z.ZodMiniType, V = z.output<S>>(
    method: string,
    schema: S,
    params: Fields,
    options: RequestOptions | undefined,
    declared: { shape: ValueShape; unwrap?: (output: z.output<S>) => V; files?: Record<string, Blob> },
  ): ApiPromise<V> {
    return this.core.answer(
      this.#request(method, params, options, declared.files),
      {
        schema,
        pick: outputOf,
        ...(declared.unwrap ? { unwrap: declared.unwrap } : {}),
        shape: declared.shape,
      },
      this.#screen,
    ) as ApiPromise<V>;
  }

  /** The envelope, `output` unchecked (methods the SDK does not know). */
  envelope(method: string, params: Fields = {}, options?: RequestOptions): ApiPromise<Envelope> {
    return this.core.answer(
      this.#request(method, params, options),
      {
        schema: z.unknown(),
        unwrap: (_, screened) => screened as Envelope,
        serverErrorHint: unknownMethodHint(`?${new URLSearchParams({ method })}`),
      },
      this.#screen,
    );
  }

  /** A paged list: `page` counts from the server generation's first page; stop rules live in core. */
  list<S extends z.ZodMiniType<unknown[]>>(
    method: string,
    schema: S,
    params: Fields & { page?: number | undefined },
    paging: ListPaging,
    options?: RequestOptions,
  ): PagePromise<z.output<S>[number]> {
    type Item = z.output<S>[number];
    return new PagePromise<Item>(
      async (cursor) => {
        const page = cursor as number | undefined;
        const answered = await this.core
          .answer(
            this.#request(method, { ...params, page }, options),
            {
              schema,
              pick: outputOf,
              unwrap: (output, screened) => ({
                api: (screened as Envelope).api,
                items: listOf<Item>(output),
                // The output alone: 3.5+ echoes the requested page in `api`, so a repeated page differs there.
                fingerprint: pageFingerprint(output, paging.idOf),
              }),
            },
            this.#screen,
          )
          .withLazyResponse();
        const { api, items, fingerprint } = answered.data;
        // A page below the generation's first is read by phpFox as the first page (friends: 0 → 1), so
        // counting on from the number sent would fetch the same page again and end the walk early.
        const first = paging.firstPage(api);
        const current = page === undefined ? first : Math.max(page, first);
        return {
          items,
          total: typeof api.total === 'number' ? api.total : 0,
          fingerprint,
          next: current + 1,
          pageSize: paging.pageSize,
          keyOf: paging.keyOf as ((item: Item) => unknown) | undefined,
          response: answered.response,
        };
      },
      params.page,
      options?.signal,
    );
  }

  /** The request of one call (see {@link appRequest}). */
  #request(
    method: string,
    params: Fields,
    options?: RequestOptions,
    files?: Record<string, Blob>,
  ): HttpRequest {
    return appRequest(method, params, this.#token, options, files);
  }
}

function outputOf(screened: unknown): unknown {
  return (screened as Envelope).output;
}

/** A list method's output in every validation mode: an array, or the answer cannot be read. */
function listOf<T>(output: unknown): T[] {
  if (!Array.isArray(output))
    throw new TypeError(`a list method's output is ${output === null ? 'null' : typeof output}, not a list`);
  return output as T[];
}
