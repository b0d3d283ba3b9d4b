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
  credentials?: RequestCredentials;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** Relative to the site root, e.g. `api.php` or `api/z/1.0/files`. */
  path: string;
  query?: Fields;
  body?: URLSearchParams | FormData;
  /** Safe to repeat, so retried. Defaults to `method === 'GET'`. */
  idempotent?: boolean;
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
  text: string;
}

/**
 * The one HTTP path of both clients: ky does URL handling, retries with backoff and `Retry-After`,
 * the per-attempt timeout and abort; this adds reading the body inside the attempt (so a stalled or
 * cut-off body is a timeout or a retried connection error), hooks without secrets, and typed errors.
 */
export class Transport {
  readonly #config: TransportConfig;
  readonly #ky: KyInstance;
  readonly #retry: KyRetryOptions;
  readonly #noRetry: KyRetryOptions;

  constructor(config: TransportConfig) {
    this.#config = config;
    const { retry, hooks } = config;
    // Given whole on every call: ky replaces (does not merge) a per-call `retry`.
    this.#retry = {
      limit: retry.limit,
      methods: ['get', 'post'],
      statusCodes: retry.statusCodes,
      afterStatusCodes: [429, 503],
      maxRetryAfter: retry.maxRetryAfter,
      backoffLimit: retry.backoffLimit,
      delay: retry.delay,
      retryOnTimeout: true,
    };
    this.#noRetry = { ...this.#retry, limit: 0 };
    this.#ky = ky.create({
      ...(config.fetch ? { fetch: config.fetch } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
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
            try {
              call.text = await readBodyText(response, call.timeout, { url: call.url });
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
            // The body is read; a bodiless stand-in lets ky release the original (tee'd) stream now.
            return new Response(null, {
              status: response.status,
              statusText: response.statusText,
              headers: response.headers,
            });
          },
        ],
      },
    });
  }

  get redactor(): Redactor {
    return this.#config.redactor;
  }

  /** Sends a request; resolves with the answer whatever its status, rejects with an `SdkError` or the abort reason. */
  async send(request: HttpRequest): Promise<HttpResponse> {
    const { baseUrl, redactor, hooks } = this.#config;
    const url = new URL(request.path, baseUrl);
    for (const [name, value] of fieldEntries(request.query)) url.searchParams.append(name, value);
    const idempotent = request.idempotent ?? request.method === 'GET';
    const timeout = request.options?.timeout ?? this.#config.timeout;
    const call: CallState = {
      method: request.method,
      url: redactor.url(url),
      attempt: 0,
      startedAt: 0,
      timeout,
      idempotent,
      text: '',
    };
    const signal = request.options?.signal;
    try {
      signal?.throwIfAborted();
      const response = await this.#ky(url, {
        method: request.method,
        ...(request.body ? { body: request.body } : {}),
        ...(signal ? { signal } : {}),
        headers: this.#headers(request.options?.headers),
        timeout,
        retry: idempotent ? this.#retry : this.#noRetry,
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

  /** Client, then call, then required headers; `Headers.set` replaces whatever the letter case. */
  #headers(perCall: Record<string, string> | undefined): Headers {
    const headers = new Headers(this.#config.headers);
    for (const [name, value] of Object.entries(perCall ?? {})) headers.set(name, value);
    for (const [name, value] of Object.entries(this.#config.requiredHeaders ?? {})) headers.set(name, value);
    return headers;
  }

  /** Reports an error found after the answer arrived (a schema mismatch, an error envelope) to `hooks.onError`. */
  reportError(response: Pick<HttpResponse, 'method' | 'url'>, error: SdkError): SdkError {
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
