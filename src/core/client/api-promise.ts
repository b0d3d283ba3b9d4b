import type { ResponseHead } from '../http/transport.js';
import type { ResponseInfo } from './response-info.js';

/** A call's value with the answer it came from. */
export interface WithResponse<T> {
  /** What the method resolves with. */
  data: T;
  /** The HTTP answer behind it: status, headers (no cookies, redacted) and the URL that answered. */
  response: ResponseInfo;
}

/**
 * What the transport hands back with a value (internal): the answer without its body (a promise
 * kept by the caller must not keep a 1.4 MB chunk alive), described on demand.
 */
export interface Answered<T> {
  data: T;
  raw: ResponseHead;
}

/**
 * What every single-answer method returns: a `Promise` of the value, plus access to the HTTP answer
 * without a second request (`.withResponse()`, `.asResponse()`), as openai-node's API promises do.
 *
 * @example
 * const { data: user, response } = await app.user.getUser().withResponse();
 * console.log(response.status, response.headers.get('content-type'), response.url);
 */
export class ApiPromise<T> extends Promise<T> {
  readonly #answered: Promise<Answered<T>>;
  readonly #describe: (raw: ResponseHead) => ResponseInfo;
  #data: Promise<T> | undefined;

  /** @internal Made by the clients; not constructed by users. */
  constructor(answered: Promise<Answered<T>>, describe: (raw: ResponseHead) => ResponseInfo) {
    super((resolve) => resolve(undefined as T));
    this.#answered = answered;
    this.#describe = describe;
  }

  /**
   * @internal Runs `build`, turning an error it throws (a bad argument) into a rejected
   * `ApiPromise`, as an `async` method would, while keeping `.withResponse()` on success.
   */
  static attempt<T>(build: () => ApiPromise<T>): ApiPromise<T> {
    try {
      return build();
    } catch (error) {
      return new ApiPromise<T>(Promise.reject(error), () => {
        throw error;
      });
    }
  }

  /**
   * @internal The call `build` makes once `first` resolved (what the call needs to know first: the
   * channel's identity), as one `ApiPromise`: `.withResponse()` gives the answer of `build`'s call.
   */
  static after<A, T>(first: Promise<A>, build: (value: A) => ApiPromise<T>): ApiPromise<T> {
    let call: ApiPromise<T> | undefined;
    const answered = first.then((value) => {
      call = ApiPromise.attempt(() => build(value));
      return call.#answered;
    });
    return new ApiPromise(answered, (raw) => (call as ApiPromise<T>).#describe(raw));
  }

  /** `then`/`catch`/`finally` return plain promises, not `ApiPromise`s. */
  static override get [Symbol.species]() {
    return Promise;
  }

  /** The value and the HTTP answer it came from (status, headers, final URL). */
  withResponse(): Promise<WithResponse<T>> {
    return this.#answered.then(({ data, raw }) => ({ data, response: this.#describe(raw) }));
  }

  /** The HTTP answer alone; the call still fails as it would for a typed error or a bad answer. */
  asResponse(): Promise<ResponseInfo> {
    return this.#answered.then(({ raw }) => this.#describe(raw));
  }

  /**
   * @internal The value with its answer described on demand (pages keep this, so a walk that never
   * looks at responses never copies headers).
   */
  withLazyResponse(): Promise<{ data: T; response: () => ResponseInfo }> {
    return this.#answered.then(({ data, raw }) => ({ data, response: () => this.#describe(raw) }));
  }

  /** @internal The value with the raw answer it came from (a call that resolves with another's answer). */
  answered(): Promise<Answered<T>> {
    return this.#answered;
  }

  #value(): Promise<T> {
    this.#data ??= this.#answered.then(({ data }) => data);
    return this.#data;
  }

  // biome-ignore lint/suspicious/noThenProperty: a promise by design.
  override then<A = T, B = never>(
    onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#value().then(onFulfilled, onRejected);
  }

  override catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.#value().catch(onRejected);
  }

  override finally(onFinally?: (() => void) | null): Promise<T> {
    return this.#value().finally(onFinally);
  }
}
