import type * as z from 'zod/mini';
import type { ClientCore } from '../core/client-core.js';
import type { RequestOptions } from '../core/options.js';
import { type Fields, formBody } from '../core/query.js';
import { type AnswerSpec, readAnswer } from './answer.js';

/** Where the Native channel API hangs below the site root. */
const API_PATH = 'api/z/1.0/';

/**
 * Sends Native API calls (internal): the `channel` switch on every request, reads as GET with
 * query parameters (retried), writes as POST with a form body (never retried), and every answer
 * through `readAnswer`.
 */
export class NativeApi {
  readonly #core: ClientCore;
  readonly #channel: string | undefined;

  constructor(core: ClientCore, channel: string | undefined) {
    this.#core = core;
    this.#channel = channel;
  }

  /** A read: `GET api/z/1.0/<path>?<query>`. */
  async read<S extends z.ZodMiniType>(
    path: string,
    query: Fields,
    spec: AnswerSpec<S>,
    options?: RequestOptions,
  ): Promise<z.output<S>> {
    const answer = await this.#core.json({
      method: 'GET',
      path: API_PATH + path,
      query: this.#withChannel(query),
      serverErrorHint: spec.serverErrorHint,
      options,
    });
    return readAnswer(this.#core, answer, spec, { channel: this.#channel });
  }

  /** A write: `POST api/z/1.0/<path>` with the fields urlencoded, or multipart when a file is attached. */
  async write<S extends z.ZodMiniType>(
    path: string,
    fields: Fields,
    files: Record<string, Blob | undefined>,
    spec: AnswerSpec<S>,
    options?: RequestOptions,
  ): Promise<z.output<S>> {
    const answer = await this.#core.json({
      method: 'POST',
      path: API_PATH + path,
      body: formBody(this.#withChannel(fields), files),
      serverErrorHint: spec.serverErrorHint,
      options,
    });
    return readAnswer(this.#core, answer, spec, { channel: this.#channel });
  }

  #withChannel(fields: Fields): Fields {
    return this.#channel === undefined ? fields : { ...fields, channel: this.#channel };
  }
}
