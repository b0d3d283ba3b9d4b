import type * as z from 'zod/mini';
import type { ApiPromise } from '../core/client/api-promise.js';
import type { ClientCore, Recover } from '../core/client/client-core.js';
import type { Repeatable } from '../core/http/write-outcome.js';
import type { RequestOptions } from '../core/options/options.js';
import type { Fields } from '../core/request/query.js';
import { type HubAnswerSpec, hubzillaScreen } from './answer.js';
import { API_PATH, nativeRequest } from './native-request.js';

export { API_PATH } from './native-request.js';

/**
 * Sends Native API calls (internal): the `channel` switch on every request, reads as GET with
 * query parameters (retried), writes as POST with a form body (retried only when a repeat is
 * harmless), and every answer
 * through the core answer pipeline in Hubzilla's dialect.
 */
export class NativeApi {
  readonly #core: ClientCore;
  readonly #channel: string | undefined;

  constructor(core: ClientCore, channel: string | undefined) {
    this.#core = core;
    this.#channel = channel;
  }

  /** A read: `GET api/z/1.0/<path>?<query>`. */
  read<S extends z.ZodMiniType, V = z.output<S>>(
    path: string,
    query: Fields,
    spec: HubAnswerSpec<S, V>,
    options?: RequestOptions,
    maxResponseBytes?: number,
  ): ApiPromise<V> {
    const request = {
      ...nativeRequest('GET', path, query, this.#channel),
      serverErrorHint: spec.serverErrorHint,
      maxResponseBytes,
      options,
    };
    return this.#core.answer(request, spec, this.#screen(spec));
  }

  /**
   * A write: `POST api/z/1.0/<path>` with the fields urlencoded, or multipart when a file is attached.
   * Sent once, unless `safety.repeat` says a repeat is harmless; `safety.recover` reads a failure
   * that may mean success (an item stored by an earlier attempt).
   */
  write<S extends z.ZodMiniType, V = z.output<S>>(
    path: string,
    fields: Fields,
    files: Record<string, Blob | undefined>,
    spec: HubAnswerSpec<S, V>,
    options?: RequestOptions,
    safety: { repeat?: Repeatable; recover?: Recover<V> } = {},
  ): ApiPromise<V> {
    const request = {
      ...nativeRequest('POST', path, fields, this.#channel, files),
      serverErrorHint: spec.serverErrorHint,
      repeat: safety.repeat,
      options,
    };
    return this.#core.answer(request, spec, this.#screen(spec), safety.recover);
  }

  /**
   * Whether the transport will refuse this write before sending it (PHP would cut it, see
   * `serverLimits`): a write that asks something first skips that, and sends nothing at all.
   */
  refusesWrite(path: string, fields: Fields, files: Record<string, Blob | undefined>): boolean {
    try {
      this.#core.transport.refuseCut(nativeRequest('POST', path, fields, this.#channel, files));
      return false;
    } catch {
      return true;
    }
  }

  /** The channel every call switches to (the client's `channel` option), if it pins one. */
  get channel(): string | undefined {
    return this.#channel;
  }

  /** The site root as the core resolves it (the client's `baseUrl`, ending in `/`). */
  get root(): URL {
    return this.#core.root;
  }

  /** Reports a failure a download found across chunks of `file_id`, as a failed call is reported. */
  reportDownloadFailure(error: unknown, fileId: string): unknown {
    const url = new URL(`${API_PATH}filedata`, this.#core.root);
    url.searchParams.set('file_id', fileId);
    return this.#core.report(error, { method: 'GET', url: this.#core.redactor.url(url) });
  }

  #screen<S extends z.ZodMiniType, V>(spec: HubAnswerSpec<S, V>) {
    return hubzillaScreen(spec as HubAnswerSpec<z.ZodMiniType, unknown>, this.#core.redactor, {
      channel: this.#channel,
    });
  }
}
