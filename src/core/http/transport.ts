import { abortableDelay } from '../base/abortable.js';
import { readBodyBytes } from '../body/read-body.js';
import { SdkError } from '../errors/sdk-error.js';
import type { Hooks, UploadOptions } from '../options/options.js';
import { type ServerLimits, serverLimitsWithDefaults } from '../request/php-limits.js';
import { fieldEntries, pairsQueryString } from '../request/query.js';
import { refuseCutRequest, requestShape } from '../request/request-shape.js';
import { type PreparedBody, prepareBody } from '../request/upload-body.js';
import { sdkUserAgent } from '../request/user-agent.js';
import type { Redactor } from '../secrets/redact.js';
import { AttemptDeadline } from './attempt-deadline.js';
import type { AttemptAuthorizer } from './authorizer.js';
import { answered, type HttpRequest, type HttpResponse } from './http-exchange.js';
import { decideRedirect } from './redirect-policy.js';
import { backoff, type RetryPolicy, retryPolicyFor, statusRetryDelay } from './retry-policy.js';
import {
  afterAttempts,
  type CallName,
  deadlinePassed,
  isTransient,
  redirectRefused,
  retryReason,
  toSdkError,
  unreachable,
} from './transport-failures.js';
import {
  attemptMayHaveApplied,
  type Repeatable,
  repeatOf,
  retried,
  settleOutcome,
  unsent,
} from './write-outcome.js';

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
  authorizer?: AttemptAuthorizer | undefined;
  /** The site's PHP limits (see `ClientOptions.serverLimits`); PHP's defaults for those not given. */
  serverLimits?: ServerLimits | undefined;
  /** Which redirects are followed (see `decideRedirect`). @default 'same-origin-reads' */
  redirects?: 'same-origin-reads' | 'never' | undefined;
}

export type { HttpRequest, HttpResponse, ResponseHead } from './http-exchange.js';

/** One call's state across its attempts. `url` is redacted and follows redirects. */
interface Call extends CallName {
  repeat: Repeatable;
  /** An attempt of this write failed in a way that may have applied it, and was retried. */
  uncertain: boolean;
  maxBytes: number;
  signal: AbortSignal | undefined;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * The one HTTP path of both clients, on the platform's fetch. Per attempt: one deadline for the
 * credentials, the headers and the body together, a byte limit on the body, redirects decided by the
 * SDK (never followed to another origin, to http, or for a write). Across attempts: retries of reads
 * and idempotent writes (`HttpRequest.repeat`), never of other writes, for failures that can pass (network errors, timeouts, a body cut off, 408/429/502/503/504),
 * `onRetry` before each wait; after a 401, fresh credentials and one more attempt.
 * It never reports to `onError`: that happens once per call, at the client's answer boundary.
 *
 * Why not ky (2.1, the SDK's dependency before issue 24): its retry covers only the wait for the
 * headers (not a body cut off, not a redirect hop), calls `beforeRetry` after the wait without its
 * delay, waits out a long `Retry-After` instead of failing at once, and clones each request it may
 * retry (+4 µs a call); its hooks cost +19 µs a call and its upload progress streams a body without
 * its length. What ky was left doing, a timer and a header merge, cost 8.0 kB (min+gzip) and 24 µs
 * of client CPU a call over fetch with a timer (bench/ky-features.ts: a same-process fetch stub).
 */
export class Transport {
  readonly #config: TransportConfig;
  /** The SDK's `User-Agent`, the client's headers and the required ones: merged once, not per call. */
  readonly #headers: Record<string, string>;
  /** Fixed for the process: computed once, not per call. */
  readonly #userAgent = sdkUserAgent();
  readonly #limits: Required<ServerLimits>;

  constructor(config: TransportConfig) {
    this.#config = config;
    this.#headers = this.#merged(undefined);
    this.#limits = serverLimitsWithDefaults(config.serverLimits);
  }

  /**
   * Sends a request; resolves with the answer whatever its status, rejects with an `SdkError` or the
   * abort reason. A request PHP would not read as sent (past `serverLimits`, a file name it cuts)
   * rejects with an `ArgumentError` before anything is sent.
   */
  async send(request: HttpRequest): Promise<HttpResponse> {
    const { baseUrl, redactor, authorizer } = this.#config;
    const pairs = fieldEntries(request.query);
    // Once per call, before the first attempt: PHP cuts silently, so a cut request would "succeed".
    this.refuseCut(request, pairs);
    const retry = retryPolicyFor(this.#config.retry, request.options?.retry);
    const query = pairsQueryString(pairs);
    const url = new URL(query === '' ? request.path : `${request.path}?${query}`, baseUrl);
    const call: Call = {
      method: request.method,
      url: redactor.url(url),
      repeat: repeatOf(request),
      uncertain: false,
      timeout: request.options?.timeout ?? this.#config.timeout,
      maxBytes: request.maxResponseBytes ?? this.#config.maxResponseBytes,
      signal: request.options?.signal,
    };
    let refreshed = false;
    const startedAt = Date.now();
    for (let attempt = 1; ; attempt++) {
      const mayRetry = retried(call.repeat) && attempt <= retry.limit;
      try {
        call.signal?.throwIfAborted();
        const response = await this.#attempt(call, url, request, attempt);
        // A 401 means nothing was done: after fresh credentials (a new token) it is safe to send
        // again, writes included, once.
        if (response.status === 401 && !refreshed && authorizer?.refresh?.()) {
          refreshed = true;
          attempt--;
          continue;
        }
        response.uncertain = call.uncertain;
        if (!mayRetry || !retry.statusCodes.includes(response.status)) return response;
        const delay = statusRetryDelay(retry, attempt, response.headers, call.timeout);
        if (delay === undefined) return response;
        // A 502/503/504 may come from a proxy after the server did the work.
        call.uncertain ||= response.status >= 500;
        await this.#waitToRetry(call, attempt, `HTTP ${response.status}`, delay);
      } catch (error) {
        if (call.signal?.aborted) throw call.signal.reason;
        const failure = toSdkError(error, call, redactor);
        if (!mayRetry || !isTransient(failure)) {
          const told = afterAttempts(failure, attempt, Date.now() - startedAt, url.origin);
          throw settleOutcome(told, call.repeat, call.uncertain);
        }
        call.uncertain ||= attemptMayHaveApplied(failure);
        await this.#waitToRetry(call, attempt, retryReason(failure), backoff(retry, attempt));
      }
    }
  }

  /**
   * Throws the `ArgumentError` of a request PHP would not read as sent (see `send`): for a call that
   * asks something else first (a channel's identity) and must refuse before that too.
   */
  refuseCut(request: Pick<HttpRequest, 'query' | 'body'>, pairs = fieldEntries(request.query)): void {
    refuseCutRequest(requestShape(request, pairs), this.#limits);
  }

  /** One attempt: the request, same-origin redirects of reads, and the whole body, within one deadline. */
  async #attempt(call: Call, url: URL, request: HttpRequest, attempt: number): Promise<HttpResponse> {
    const { hooks, redactor, authorizer } = this.#config;
    const startedAt = Date.now();
    // A retry after a redirected attempt starts from the original URL again.
    if (attempt > 1) call.url = redactor.url(url);
    hooks.onRequest?.({ method: call.method, url: call.url, attempt });
    const deadline = new AttemptDeadline(call.timeout, call.signal, (phase) => deadlinePassed(call, phase));
    const onUploadProgress = (request.options as UploadOptions | undefined)?.onUploadProgress;
    try {
      for (let hops = 0, target = url; ; hops++) {
        const prepared = prepareBody(request.body, onUploadProgress);
        let signed: Record<string, string> | undefined;
        // Awaited only when there is one: an `await` of nothing still costs a turn of the microtask queue.
        // Whatever fails while the credentials are made, nothing was sent.
        if (authorizer)
          signed = await authorizer
            .headers({ method: request.method, url: target, body: prepared?.bytes }, call, deadline)
            .catch((error: unknown) => {
              throw error instanceof SdkError ? unsent(error) : error;
            });
        const response = await this.#fetch(target, call, request, prepared, signed, deadline.signal).catch(
          (error: unknown) => {
            throw deadline.signal.aborted ? error : unreachable(error, call, redactor);
          },
        );
        prepared?.done?.();
        if (!isRedirect(response)) {
          deadline.phase = 'body';
          const ok = response.status >= 200 && response.status < 300;
          const limits = { signal: deadline.signal, maxBytes: call.maxBytes, url: call.url };
          const body = await readBodyBytes(response.body, limits, ok ? request.collect?.() : undefined);
          const { method, url: answeredUrl } = call;
          const durationMs = Date.now() - startedAt;
          hooks.onResponse?.({ method, url: answeredUrl, attempt, status: response.status, durationMs });
          return answered(response, body, call);
        }
        await response.body?.cancel().catch(() => {});
        const location = response.headers.get('location');
        const decision = decideRedirect(target, location, {
          idempotent: call.repeat === 'read',
          hops,
          follow: this.#config.redirects,
        });
        if (!decision.follow) throw redirectRefused(response.status, call, decision.reason);
        target = decision.to;
        call.url = redactor.url(target);
      }
    } catch (error) {
      throw deadline.expired ?? error;
    } finally {
      deadline.release();
    }
  }

  /** One request on the wire: `redirect: 'manual'`, so that every 30x comes back to `decideRedirect`. */
  #fetch(
    target: URL,
    call: Call,
    request: HttpRequest,
    prepared: PreparedBody | undefined,
    signed: Record<string, string> | undefined,
    signal: AbortSignal,
  ): Promise<Response> {
    const own = request.options?.headers;
    const init: RequestInit & { duplex?: 'half' } = {
      method: call.method,
      // The client's headers, merged once; a call's own (and its body's, its credentials) per call.
      headers:
        own || prepared || signed ? this.#merged({ ...own, ...prepared?.headers, ...signed }) : this.#headers,
      redirect: 'manual',
      signal,
    };
    if (prepared) init.body = prepared.body;
    // A streamed body (an upload with progress, parts no Blob holds) must say so (fetch refuses it otherwise).
    if (prepared?.body instanceof ReadableStream) init.duplex = 'half';
    if (this.#config.credentials) init.credentials = this.#config.credentials;
    const custom = this.#config.fetch;
    // Looked up per call (not at construction) so that a fetch patched later (msw, tests) is used.
    return custom ? custom(target.href, init) : globalThis.fetch(target.href, init);
  }

  /**
   * The SDK's `User-Agent`, then the client's, then the call's, then the required headers;
   * `Headers.set` replaces whatever the letter case. A plain object (lower-case names).
   */
  #merged(perCall: Record<string, string> | undefined): Record<string, string> {
    const headers = new Headers();
    if (this.#userAgent) headers.set('User-Agent', this.#userAgent);
    const { headers: client, requiredHeaders } = this.#config;
    for (const layer of [client, perCall, requiredHeaders]) {
      for (const [name, value] of Object.entries(layer ?? {})) headers.set(name, value);
    }
    return Object.fromEntries(headers);
  }

  /** Tells `onRetry` what comes (with the wait), then waits; an abort ends the wait at once. */
  async #waitToRetry(call: Call, attempt: number, why: string, delayMs: number): Promise<void> {
    const { method, url } = call;
    this.#config.hooks.onRetry?.({ method, url, attempt: attempt + 1, reason: why, delayMs });
    await abortableDelay(delayMs, call.signal);
  }
}

/** A browser's fetch hides a manual redirect's status (0, `opaqueredirect`). */
function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || REDIRECT_STATUSES.has(response.status);
}
