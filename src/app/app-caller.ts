import type * as z from 'zod/mini';
import type { ClientCore } from '../core/client-core.js';
import type { RequestOptions } from '../core/options.js';
import { PagePromise } from '../core/page-promise.js';
import { type Fields, formBody } from '../core/query.js';
import type { ApiInfo } from '../schemas/index.js';
import { type Envelope, openEnvelope } from './envelope.js';

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
}

/** Sends `api.php` calls: token and method in the query, every answer through the envelope check. */
export class AppCaller {
  readonly core: ClientCore;
  readonly #token: string;

  constructor(core: ClientCore, token: string) {
    this.core = core;
    this.#token = token;
  }

  /** One call; the output checked and normalized by `schema`. */
  async call<S extends z.ZodMiniType>(
    method: string,
    schema: S,
    params: Fields = {},
    options?: RequestOptions,
    files?: Record<string, Blob>,
  ): Promise<{ api: ApiInfo; output: z.output<S> }> {
    const { envelope, response } = await this.envelope(method, params, options, files);
    return { api: envelope.api, output: this.core.parse(schema, envelope.output, response) };
  }

  /** The raw envelope, `output` unchecked. */
  async envelope(
    method: string,
    params: Fields = {},
    options?: RequestOptions,
    files?: Record<string, Blob>,
  ) {
    const query = { token: this.#token, method, ...(files ? {} : params) };
    const { body, response } = await this.core.json({
      method: files ? 'POST' : 'GET',
      path: 'api.php',
      query,
      ...(files ? { body: formBody(params, files) } : {}),
      options,
    });
    return { envelope: openEnvelope(this.core, body, response) as Envelope, response };
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
        const { envelope, response } = await this.envelope(method, { ...params, page }, options);
        const items = this.core.parse(schema, envelope.output, response) as Item[];
        // A page below the generation's first is read by phpFox as the first page (friends: 0 → 1), so
        // counting on from the number sent would fetch the same page again and end the walk early.
        const first = paging.firstPage(envelope.api);
        const current = page === undefined ? first : Math.max(page, first);
        return {
          items,
          total: typeof envelope.api.total === 'number' ? envelope.api.total : 0,
          // The output alone: 3.5+ echoes the requested page in `api`, so a repeated page differs there.
          fingerprint: JSON.stringify(envelope.output),
          next: current + 1,
          pageSize: paging.pageSize,
          keyOf: paging.keyOf as ((item: Item) => unknown) | undefined,
        };
      },
      params.page,
      options?.signal,
    );
  }
}
