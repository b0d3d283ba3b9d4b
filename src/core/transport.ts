import ky, {
  isForceRetryError,
  isHTTPError,
  isNetworkError,
  isTimeoutError,
  type KyInstance,
  type RetryOptions as KyRetryOptions,
} from 'ky';
import { ConnectionError } from './errors/connection-error.js';
import { SdkError } from './errors/sdk-error.js';
import { TimeoutError } from './errors/timeout-error.js';
import type { Hooks, RequestInfo, RequestOptions } from './options.js';
import { type Fields, fieldEntries } from './query.js';
import { readBodyText } from './read-body.js';
import type { Redactor } from './redact.js';
import type { RetryPolicy } from './retry-policy.js';

export interface TransportConfig {
  /** The site root, ending in `/`. */
  baseUrl: URL;
  fetch?: typeof globalThis.fetch | undefined;
  timeout: number;
  retry: RetryPolicy;
  /** The user's headers for every request. */
  headers: Record<string, string>;
  /** Headers the client needs (Authorization): applied last, so no per-call header can replace them. */
  requiredHeaders?: Record<string, string> | undefined;
  hooks: Hooks;
  redactor: Redactor;
  /** Hubzilla authenticates a cookie's session and ignores the Authorization header: never send cookies. */
  credentials?: RequestInit['credentials'];
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** Relative to the site root, e.g. `api.php` or `api/z/1.0/files`. */
  path: string;
  query?: Fields;
  body?: URLSearchParams | FormData;
  /** Safe to repeat, so retried. Defaults to `method === 'GET'`. */
  idempotent?: boolean;
  /** A known cause of this endpoint's HTTP 500s, added to the error's message. */
  serverErrorHint?: string | undefined;
  options?: RequestOptions | undefined;
}

/** A whole answer, body read, after retries. Any status: the caller decides what is an error. */
export interface HttpResponse {
  status: number;
  text: string;
  headers: Headers;
  method: string;
  /** Redacted. */
  url: string;
}

/** Per-call state the ky hooks read through `options.context`. */
interface CallState extends RequestInfo {
  attempt: number;
  startedAt: number;
  timeout: number;
  idempotent: boolean;
  /** The current attempt's body, kept aside by `fetchKeepingBody` until the hook reads it. */
  body: ReadableStream<Uint8Array> | null;
  text: string;
}

/**
 * The one HTTP path of both clients: ky does URL handling, retries with backoff and `Retry-After`,
 * the per-attempt timeout and abort; this adds reading the body inside the attempt (so a stalled or
 * cut-off body is a timeout or a retried connection error), hooks without secrets, and typed errors.
 */
export class Transport {
  readonly #config: TransportConfig;
  /** For reads (retried) and for writes (never retried): chosen per call, everything else set once. */
  readonly #ky: KyInstance;
  readonly #kyOnce: KyInstance;
  readonly #reported = new WeakSet<SdkError>();

  constructor(config: TransportConfig) {
    this.#config = config;
    const { retry, hooks } = config;
    const retrying: KyRetryOptions = {
      limit: retry.limit,
      methods: ['get', 'post'],
      statusCodes: retry.statusCodes,
      afterStatusCodes: [429, 503],
      maxRetryAfter: retry.maxRetryAfter,
      backoffLimit: retry.backoffLimit,
      delay: retry.delay,
      retryOnTimeout: true,
    };
    // Options fixed per client are given to ky once, here: ky merges each call's options into its
    // defaults, so every option passed per call costs work on every request.
    const base = ky.create({
      ...(config.credentials ? { credentials: config.credentials } : {}),
      timeout: config.timeout,
      headers: this.#headers(undefined),
      throwHttpErrors: true,
      hooks: {
        beforeRequest: [({ options }) => startAttempt(state(options.context), hooks, 1)],
        beforeRetry: [
          ({ options, error, retryCount }) => {
            const call = state(options.context);
            hooks.onRetry?.({
              method: call.method,
              url: call.url,
              attempt: retryCount + 1,
              reason: reason(error),
            });
            startAttempt(call, hooks, retryCount + 1);
          },
        ],
        afterResponse: [
          async ({ options, response }) => {
            const call = state(options.context);
            const { body } = call;
            call.body = null;
            try {
              call.text = await readBodyText(body, call.timeout, { url: call.url });
            } catch (error) {
              if (!call.idempotent) throw bodyFailure(error, call, config.redactor);
              return ky.retry({
                cause: error instanceof Error ? error : new Error(String(error)),
                code: 'BODY',
              });
            }
            hooks.onResponse?.({
              method: call.method,
              url: call.url,
              attempt: call.attempt,
              status: response.status,
              durationMs: Date.now() - call.startedAt,
            });
          },
        ],
      },
    });
    this.#ky = base.extend({ retry: retrying });
    this.#kyOnce = base.extend({ retry: { ...retrying, limit: 0 } });
  }

  /** Sends a request; resolves with the answer whatever its status, rejects with an `SdkError` or the abort reason. */
  async send(request: HttpRequest): Promise<HttpResponse> {
    const { baseUrl, redactor, hooks } = this.#config;
    const url = new URL(request.path, baseUrl);
    for (const [name, value] of fieldEntries(request.query)) url.searchParams.append(name, value);
    const idempotent = request.idempotent ?? request.method === 'GET';
    const perCall = request.options;
    const timeout = perCall?.timeout ?? this.#config.timeout;
    const call: CallState = {
      method: request.method,
      url: redactor.url(url),
      attempt: 0,
      startedAt: 0,
      timeout,
      idempotent,
      body: null,
      text: '',
    };
    const signal = request.options?.signal;
    try {
      signal?.throwIfAborted();
      const response = await (idempotent ? this.#ky : this.#kyOnce)(url, {
        method: request.method,
        ...(request.body ? { body: request.body } : {}),
        ...(signal ? { signal } : {}),
        // The client's headers and timeout are ky's defaults; a call's own replace them.
        ...(perCall?.headers ? { headers: this.#headers(perCall.headers) } : {}),
        ...(perCall?.timeout === undefined ? {} : { timeout }),
        fetch: (input, init) => this.#fetchKeepingBody(call, input, init),
        context: { call },
      });
      return {
        status: response.status,
        text: call.text,
        headers: response.headers,
        method: call.method,
        url: call.url,
      };
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (isHTTPError(error)) {
        return {
          status: error.response.status,
          text: call.text,
          headers: error.response.headers,
          method: call.method,
          url: call.url,
        };
      }
      const failure = toSdkError(error, call, redactor);
      hooks.onError?.({ method: call.method, url: call.url, error: failure });
      throw failure;
    }
  }

  /**
   * Fetches one attempt and hands ky a bodiless copy of the answer, the body kept aside for the
   * `afterResponse` hook. ky clones the response for each hook, and cloning a body tees it: every
   * chunk copied, and the branch nobody reads buffered whole until ky cancels it (a locked stream,
   * so that cancel also builds an error). For a 1.4 MB `filedata` answer that was a second copy.
   */
  async #fetchKeepingBody(
    call: CallState,
    input: Parameters<typeof fetch>[0],
    init?: RequestInit,
  ): Promise<Response> {
    const custom = this.#config.fetch;
    // Looked up per call (not at construction) so that a fetch patched later (msw, tests) is used.
    const response = await (custom ? custom(input, init) : globalThis.fetch(input, init));
    if (response.body === null) return response;
    call.body = response.body;
    return new Response(null, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }

  /** Client, then call, then required headers; `Headers.set` replaces whatever the letter case. */
  #headers(perCall: Record<string, string> | undefined): Headers {
    const headers = new Headers(this.#config.headers);
    for (const [name, value] of Object.entries(perCall ?? {})) headers.set(name, value);
    for (const [name, value] of Object.entries(this.#config.requiredHeaders ?? {})) headers.set(name, value);
    return headers;
  }

  /**
   * Reports an error found after the answer arrived (a schema mismatch, an error envelope) to
   * `hooks.onError`, once: nested checks (an envelope, then its output) pass the same error up.
   */
  reportError(response: Pick<HttpResponse, 'method' | 'url'>, error: SdkError): SdkError {
    if (this.#reported.has(error)) return error;
    this.#reported.add(error);
    this.#config.hooks.onError?.({ method: response.method, url: response.url, error });
    return error;
  }
}

function state(context: Record<string, unknown>): CallState {
  return context.call as CallState;
}

function startAttempt(call: CallState, hooks: Hooks, attempt: number): void {
  call.attempt = attempt;
  call.startedAt = Date.now();
  call.text = '';
  hooks.onRequest?.({ method: call.method, url: call.url, attempt });
}

function reason(error: unknown): string {
  if (isHTTPError(error)) return `HTTP ${error.response.status}`;
  if (isTimeoutError(error)) return 'timeout';
  if (isForceRetryError(error)) return reason(error.cause);
  if (error instanceof TimeoutError) return 'timeout while reading the body';
  return 'connection failed';
}

function bodyFailure(error: unknown, call: CallState, redactor: Redactor): SdkError {
  if (error instanceof SdkError) return error;
  const detail = redactor.text(causeText(error));
  return new ConnectionError(
    `The connection broke while reading the answer of ${call.method} ${call.url}: ${detail}`,
    call.url,
    { cause: error },
  );
}

function toSdkError(error: unknown, call: CallState, redactor: Redactor): SdkError {
  const root = isForceRetryError(error) ? error.cause : error;
  if (root instanceof SdkError) return root;
  if (isTimeoutError(root)) {
    return new TimeoutError(`${call.method} ${call.url} got no answer within ${call.timeout} ms`, {
      url: call.url,
      timeout: call.timeout,
    });
  }
  if (isNetworkError(root)) {
    const detail = redactor.text(causeText(root.cause));
    return new ConnectionError(`Could not reach ${call.url}: ${detail}`, call.url, { cause: root.cause });
  }
  if (isForceRetryError(error)) return bodyFailure(root, call, redactor);
  const detail = redactor.text(root instanceof Error ? root.message : String(root));
  return new ConnectionError(`${call.method} ${call.url} failed: ${detail}`, call.url, { cause: root });
}

/** undici hides the useful part (ECONNREFUSED, ENOTFOUND) one level down. */
function causeText(cause: unknown): string {
  if (!(cause instanceof Error)) return 'network error';
  const inner = cause.cause;
  if (inner instanceof Error) return `${cause.message} (${inner.message})`;
  return cause.message;
}
