import ky, { isNetworkError, isTimeoutError, type KyInstance } from 'ky';
import { withinDeadline } from './abortable.js';
import type { Authorizer } from './authorizer.js';
import type { BodyCollector, CollectedBody } from './body-collector.js';
import { crossOriginFailure } from './cross-origin.js';
import { ApiError } from './errors/api-error.js';
import { AuthenticationError } from './errors/authentication-error.js';
import { ConnectionError } from './errors/connection-error.js';
import { SdkError } from './errors/sdk-error.js';
import { TimeoutError } from './errors/timeout-error.js';
import { unsendableHeader } from './header-value.js';
import type { Hooks, RequestOptions, UploadOptions } from './options.js';
import { type Fields, queryString } from './query.js';
import { readBodyBytes } from './read-body.js';
import type { Redactor } from './redact.js';
import { decideRedirect } from './redirect-policy.js';
import { backoff, type RetryPolicy, retryPolicyFor, statusRetryDelay } from './retry-policy.js';
import { SignalLink } from './signal-link.js';
import { timerDelay } from './timer-limits.js';
import { prepareBody } from './upload-body.js';
import { sdkUserAgent } from './user-agent.js';

export interface TransportConfig {
  /** The site root, ending in `/`. */
  baseUrl: URL;
  fetch?: typeof globalThis.fetch | undefined;
  timeout: number;
  retry: RetryPolicy;
  /** The most bytes an answer's body may have (see `ClientOptions.maxResponseBytes`). */
  maxResponseBytes: number;
  /** The user's headers for every request. */
  headers: Record<string, string>;
  /** Headers the client needs (Authorization): applied last, so no per-call header can replace them. */
  requiredHeaders?: Record<string, string> | undefined;
  hooks: Hooks;
  redactor: Redactor;
  /** Hubzilla authenticates a cookie's session and ignores the Authorization header: never send cookies. */
  credentials?: RequestInit['credentials'];
  /** Per-request credentials (a token, a signature), when fixed headers are not enough. */
  authorizer?: Authorizer | undefined;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** Relative to the site root, e.g. `api.php` or `api/z/1.0/files`. */
  path: string;
  query?: Fields;
  body?: URLSearchParams | FormData;
  /** Safe to repeat, so retried. Defaults to `method === 'GET'`. */
  idempotent?: boolean;
  /** This answer's own byte limit (a `filedata` chunk's follows from its `length`). */
  maxResponseBytes?: number | undefined;
  /** A known cause of this endpoint's HTTP 500s, added to the error's message. */
  serverErrorHint?: string | undefined;
  /** Reads a 2xx body as it arrives (a `filedata` chunk's base64 decoded on the way). Default: whole. */
  collect?: (() => BodyCollector) | undefined;
  options?: RequestOptions | undefined;
}

/** What an answer is besides its body: enough to describe it (see `ResponseInfo`). */
export interface ResponseHead {
  status: number;
  headers: Headers;
  method: string;
  /** The URL that answered (after same-origin redirects), redacted. */
  url: string;
}

/** A whole answer, body read, after retries and redirects. Any status: the caller decides what is an error. */
export interface HttpResponse extends ResponseHead {
  /** The body as received (a lifted member's value emptied, see `HttpRequest.collect`). */
  bytes: Uint8Array;
  /** What the request's collector took out of the body. */
  lifted?: Uint8Array | undefined;
  /** The body as text (UTF-8), decoded on first use: a `filedata` chunk never needs it. */
  readonly text: string;
}

/** One call's state across its attempts. */
interface Call {
  method: string;
  /** Redacted; follows redirects. */
  url: string;
  idempotent: boolean;
  timeout: number;
  maxBytes: number;
  signal: AbortSignal | undefined;
  attemptStartedAt: number;
  /** The current response's body, kept aside by `#fetchKeepingBody` (see there). */
  body: ReadableStream<Uint8Array> | null;
  /** The current attempt's signal, when the caller gave one (see `SignalLink`). */
  link: SignalLink | undefined;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * The one HTTP path of both clients. Per attempt: one deadline for the headers and the body
 * together, a byte limit on the body, redirects decided by the SDK (never followed to another origin,
 * to http, or for a write). Across attempts: retries of reads only, for failures that can pass
 * (network errors, timeouts, 408/429/502/503/504), `onRetry` before each wait.
 * It never reports to `onError`: that happens once per call, at the client's answer boundary.
 */
export class Transport {
  readonly #config: TransportConfig;
  readonly #ky: KyInstance;
  /** Fixed for the process: computed once, not per call. */
  readonly #userAgent = sdkUserAgent();

  constructor(config: TransportConfig) {
    this.#config = config;
    // Options fixed per client are given to ky once, here: ky merges each call's options into its
    // defaults, so every option passed per call costs work on every request.
    this.#ky = ky.create({
      ...(config.credentials ? { credentials: config.credentials } : {}),
      timeout: config.timeout,
      headers: this.#headers(undefined),
      throwHttpErrors: false,
      retry: 0,
      redirect: 'manual',
    });
  }

  /** Sends a request; resolves with the answer whatever its status, rejects with an `SdkError` or the abort reason. */
  async send(request: HttpRequest): Promise<HttpResponse> {
    const { baseUrl, redactor } = this.#config;
    const retry = retryPolicyFor(this.#config.retry, request.options?.retry);
    const query = queryString(request.query);
    const url = new URL(query === '' ? request.path : `${request.path}?${query}`, baseUrl);
    const call: Call = {
      method: request.method,
      url: redactor.url(url),
      idempotent: request.idempotent ?? request.method === 'GET',
      timeout: request.options?.timeout ?? this.#config.timeout,
      maxBytes: request.maxResponseBytes ?? this.#config.maxResponseBytes,
      signal: request.options?.signal,
      attemptStartedAt: 0,
      body: null,
      link: undefined,
    };
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      const mayRetry = call.idempotent && attempt <= retry.limit;
      try {
        call.signal?.throwIfAborted();
        call.link = call.signal ? new SignalLink(call.signal) : undefined;
        let response: HttpResponse;
        try {
          response = await this.#attempt(call, url, request, attempt);
        } finally {
          call.link?.release();
        }
        // A 401 means nothing was done: after fresh credentials (a new token) it is safe to send
        // again, writes included, once.
        if (response.status === 401 && !refreshed && this.#config.authorizer?.refresh?.()) {
          refreshed = true;
          attempt--;
          continue;
        }
        if (!mayRetry || !retry.statusCodes.includes(response.status)) return response;
        const delay = statusRetryDelay(retry, attempt, response.headers, call.timeout);
        if (delay === undefined) return response;
        await this.#waitToRetry(call, attempt, `HTTP ${response.status}`, delay);
      } catch (error) {
        if (call.signal?.aborted) throw call.signal.reason;
        const failure = toSdkError(error, call, redactor);
        if (!mayRetry || !isTransient(failure)) throw failure;
        await this.#waitToRetry(call, attempt, reason(failure), backoff(retry, attempt));
      }
    }
  }

  /** One attempt: the request, same-origin redirects of reads, and the whole body, within one deadline. */
  async #attempt(call: Call, url: URL, request: HttpRequest, attempt: number): Promise<HttpResponse> {
    const { hooks, redactor } = this.#config;
    call.attemptStartedAt = Date.now();
    // A retry after a redirected attempt starts from the original URL again.
    if (attempt > 1) call.url = redactor.url(url);
    hooks.onRequest?.({ method: call.method, url: call.url, attempt });
    const timeLeft = () => call.timeout - (Date.now() - call.attemptStartedAt);
    let target = url;
    const onUploadProgress = (request.options as UploadOptions | undefined)?.onUploadProgress;
    for (let hops = 0; ; hops++) {
      const prepared = prepareBody(request.body, onUploadProgress);
      const { authorizer } = this.#config;
      // Awaited only when there is one: an `await` of nothing still costs a turn of the microtask queue.
      const signed = authorizer
        ? await withinDeadline(
            authorizer.headers({ method: request.method, url: target, body: prepared?.bytes }, call.signal),
            // The attempt's deadline covers waiting for credentials (a token request shared with
            // other calls runs under the client's timeout, which may be longer than this call's).
            timeLeft(),
            () =>
              new TimeoutError(`${call.method} ${call.url} got no credentials within ${call.timeout} ms`, {
                url: call.url,
                timeout: call.timeout,
              }),
          )
        : undefined;
      if (signed) refuseUnsendable(signed, call);
      const ownHeaders =
        request.options?.headers || prepared || signed
          ? { ...request.options?.headers, ...prepared?.headers, ...signed }
          : undefined;
      const response = await this.#ky(target, {
        method: request.method,
        ...(prepared ? { body: prepared.body } : {}),
        // No `signal`: the caller's reaches fetch through `call.link` (see `SignalLink`).
        // The client's headers are ky's defaults; a call's own (and its body's) replace them.
        ...(ownHeaders && Object.keys(ownHeaders).length > 0 ? { headers: this.#headers(ownHeaders) } : {}),
        timeout: Math.max(1, timeLeft()),
        fetch: (input, init) => this.#fetchKeepingBody(call, input, init),
      });
      prepared?.done?.();
      if (!isRedirect(response)) {
        const ok = response.status >= 200 && response.status < 300;
        const body = await readBodyBytes(
          call.body,
          { timeLeftMs: timeLeft(), maxBytes: call.maxBytes, url: call.url, timeoutMs: call.timeout },
          ok ? request.collect?.() : undefined,
        );
        call.body = null;
        hooks.onResponse?.({
          method: call.method,
          url: call.url,
          attempt,
          status: response.status,
          durationMs: Date.now() - call.attemptStartedAt,
        });
        return answered(response, body, call);
      }
      await call.body?.cancel().catch(() => {});
      call.body = null;
      const decision = decideRedirect(target, response.headers.get('location'), {
        idempotent: call.idempotent,
        hops,
      });
      if (!decision.follow) throw redirectRefused(response, call, decision.reason);
      target = decision.to;
      call.url = redactor.url(target);
    }
  }

  /** Tells `onRetry` what comes (with the wait), then waits; an abort ends the wait at once. */
  async #waitToRetry(call: Call, attempt: number, why: string, delayMs: number): Promise<void> {
    this.#config.hooks.onRetry?.({
      method: call.method,
      url: call.url,
      attempt: attempt + 1,
      reason: why,
      delayMs,
    });
    await abortableDelay(delayMs, call.signal);
  }

  /**
   * Fetches one response and hands ky a bodiless copy, the body kept aside for `readBodyBytes`: a
   * body ky could clone would be teed, every chunk copied (a second copy of each 1.4 MB `filedata`).
   */
  async #fetchKeepingBody(
    call: Call,
    input: Parameters<typeof fetch>[0],
    init?: RequestInit,
  ): Promise<Response> {
    const custom = this.#config.fetch;
    let options = init;
    if (call.link) {
      // ky's own signal (its timeout) and the caller's, through one signal of this attempt, given
      // as `init.signal` (which replaces the Request's): a copy of the Request would cost another
      // signal registration in undici per request.
      if (input instanceof Request) call.link.follow(input.signal);
      options = { ...init, signal: call.link.signal };
    }
    // Looked up per call (not at construction) so that a fetch patched later (msw, tests) is used.
    const response = await (custom ? custom(input, options) : globalThis.fetch(input, options));
    call.body = response.body;
    if (response.body === null) return response;
    const copy = new Response(null, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    return copy;
  }

  /**
   * The SDK's `User-Agent`, then the client's, then the call's, then the required headers;
   * `Headers.set` replaces whatever the letter case. Handed to ky as a plain object (lower-case
   * names): ky merges a `Headers` instance into every call by copying it twice, a plain object by a
   * spread (measured: ~13 µs per call less).
   */
  #headers(perCall: Record<string, string> | undefined): Record<string, string> {
    const headers = new Headers();
    if (this.#userAgent) headers.set('User-Agent', this.#userAgent);
    for (const [name, value] of Object.entries(this.#config.headers)) headers.set(name, value);
    for (const [name, value] of Object.entries(perCall ?? {})) headers.set(name, value);
    for (const [name, value] of Object.entries(this.#config.requiredHeaders ?? {})) headers.set(name, value);
    return Object.fromEntries(headers);
  }
}

const UTF8 = new TextDecoder();

function answered(response: Response, { bytes, lifted }: CollectedBody, call: Call): HttpResponse {
  let text: string | undefined;
  return {
    status: response.status,
    headers: response.headers,
    method: call.method,
    url: call.url,
    bytes,
    lifted,
    get text() {
      text ??= UTF8.decode(bytes);
      return text;
    },
  };
}

function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || REDIRECT_STATUSES.has(response.status);
}

/** Failures that recur on every attempt although they are connection errors (a browser's CORS refusal). */
const RECURRING = new WeakSet<SdkError>();

/** Network failures and timeouts can pass; a refused redirect, an oversized body or an SDK error cannot. */
function isTransient(failure: SdkError): boolean {
  if (RECURRING.has(failure)) return false;
  return failure instanceof ConnectionError || failure instanceof TimeoutError;
}

function reason(failure: SdkError): string {
  return failure instanceof TimeoutError ? 'timeout' : 'connection failed';
}

function redirectRefused(response: Response, call: Call, why: string): ApiError {
  // The Location is never quoted: it can carry the secrets this refusal protects.
  return new ApiError(`${call.method} ${call.url} answered with ${why}: not followed`, {
    status: response.status,
    code: 'redirect_refused',
    url: call.url,
    method: call.method,
  });
}

/**
 * Credentials no header can carry (a token with a line break, a NUL or a character outside
 * Latin-1) are refused before sending: no retry can pass, and the value is never quoted.
 */
function refuseUnsendable(signed: Record<string, string>, call: Call): void {
  const name = unsendableHeader(signed);
  if (name === undefined) return;
  throw new AuthenticationError(
    `${call.method} ${call.url} was not sent: its credentials (the ${name} header) hold a line break, a NUL or a character outside Latin-1, which no HTTP header can carry`,
    { status: 0, url: call.url, method: call.method },
  );
}

function abortableDelay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    // Cut to what a timer holds: a longer delay would fire at once (the options are checked, but a
    // custom `retry.delay` or a server's `Retry-After` computes its own).
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, timerDelay(ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function toSdkError(error: unknown, call: Call, redactor: Redactor): SdkError {
  if (error instanceof SdkError) return error;
  if (isTimeoutError(error)) {
    return new TimeoutError(`${call.method} ${call.url} got no answer within ${call.timeout} ms`, {
      url: call.url,
      timeout: call.timeout,
    });
  }
  if (isNetworkError(error)) {
    const refused = crossOriginFailure(call.method, call.url, error.cause ?? error);
    if (refused) {
      RECURRING.add(refused);
      return refused;
    }
    const detail = redactor.text(causeText(error.cause));
    return new ConnectionError(`Could not reach ${call.url}: ${detail}`, call.url, { cause: error.cause });
  }
  // Anything else thrown while the answer was read: the connection broke mid-body.
  const detail = redactor.text(causeText(error));
  return new ConnectionError(`${call.method} ${call.url} failed: ${detail}`, call.url, { cause: error });
}

/** undici hides the useful part (ECONNREFUSED, ENOTFOUND) one level down. */
function causeText(cause: unknown): string {
  if (!(cause instanceof Error)) return 'network error';
  const inner = cause.cause;
  if (inner instanceof Error) return `${cause.message} (${inner.message})`;
  return cause.message;
}
