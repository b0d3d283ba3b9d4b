import type * as z from 'zod/mini';
import { SdkError } from '../errors/sdk-error.js';
import { ValidationError } from '../errors/validation-error.js';
import type { AttemptAuthorizer } from '../http/authorizer.js';
import { retryPolicy } from '../http/retry-policy.js';
import { type HttpRequest, type HttpResponse, Transport } from '../http/transport.js';
import { repeatOf, settleOutcome } from '../http/write-outcome.js';
import { siteRoot } from '../options/base-url.js';
import {
  checkClientOptions,
  checkRequestOptions,
  type OptionOwner,
  REQUEST_OPTION_KEYS,
  UPLOAD_OPTION_KEYS,
} from '../options/check-options.js';
import { combineHooks, loggingHooks, resolveLogLevel } from '../options/logging.js';
import type { ClientOptions, Hooks } from '../options/options.js';
import { Redactor } from '../secrets/redact.js';
import type { ValidationContext } from '../validation/validate.js';
import { type AnswerContext, type AnswerSpec, readAnswer, type Screen } from './answer.js';
import { type Answered, ApiPromise } from './api-promise.js';
import { responseInfo } from './response-info.js';

const DEFAULT_TIMEOUT = 30_000;

/**
 * The default `maxResponseBytes`: 128 MiB. Measured on a live Hubzilla 8.8.7: a `files` record is
 * about 500 bytes (so 250,000 files fit), an exported post about 6.6 KB (20,000 posts fit); a whole
 * export of the test channel was 118 KB. `filedata` chunks get their own limit from `length`.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 128 * 1024 * 1024;

export interface CoreSetup {
  options: ClientOptions;
  /** Whose options these are: the client's name and its own option keys, for the unknown-key check. */
  owner: OptionOwner;
  /** Values that must never appear in an error, a hook event or a log line. */
  secrets: (string | undefined)[];
  /** Headers the client itself needs (e.g. Authorization); the user's headers cannot remove them. */
  headers?: Record<string, string>;
  /** Not `RequestCredentials`: that name is DOM-only, and this type reaches the published declarations. */
  credentials?: RequestInit['credentials'];
  /** Appended to the message of a 401. */
  authenticationHint?: string;
  /**
   * Appended, with the root in use, to the message of a 404: on these servers a 404 only ever means
   * an unknown endpoint, most often a `baseUrl` that is not the site's root.
   */
  notFoundHint?: string;
  /** Per-request credentials (a token, a signature); `learn` adds a secret learnt later to the redactor. */
  authorizer?: ((learn: (secret: string) => void) => AttemptAuthorizer) | undefined;
  /**
   * This core's calls are steps of another core's calls (a client-credentials client's token
   * request): their failures reach `onError` (and the error log line) once, through the call
   * that waited for them, so not from here too.
   */
  stepOfAnotherCall?: boolean | undefined;
  /** Which redirects the transport follows: the relay follows none. @default 'same-origin-reads' */
  redirects?: 'same-origin-reads' | 'never' | undefined;
}

/**
 * What a call's failure may really mean, found by other calls (a Hubzilla "already stored" answer,
 * resolved to the stored item): the value and the answer it came from, or `undefined` when the
 * failure stands. Only then is the failure reported to `onError`.
 */
export type Recover<T> = (failure: SdkError) => Promise<Answered<T> | undefined>;

/**
 * What both clients share: the transport and the answer pipeline, run under ONE error boundary per
 * call (`run`): whatever fails in a call, it rejects with an `SdkError` (or the abort reason), and
 * `hooks.onError` hears of it exactly once.
 */
export class ClientCore {
  readonly root: URL;
  readonly transport: Transport;
  readonly validation: ValidationContext;
  readonly redactor: Redactor;
  readonly #hooks: Hooks;
  readonly #answerContext: AnswerContext;

  constructor(setup: CoreSetup) {
    const { options } = setup;
    checkClientOptions(options, setup.owner);
    this.root = siteRoot(options.baseUrl);
    this.redactor = new Redactor(setup.secrets);
    const logging = loggingHooks(resolveLogLevel(options.logLevel), options.logger ?? console);
    const hooks = combineHooks(options.hooks ?? {}, logging);
    if (setup.stepOfAnotherCall) delete hooks.onError;
    this.#hooks = hooks;
    this.transport = new Transport({
      baseUrl: this.root,
      fetch: options.fetch,
      timeout: options.timeout ?? DEFAULT_TIMEOUT,
      retry: retryPolicy(options.retry),
      maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      headers: options.headers ?? {},
      requiredHeaders: setup.headers,
      hooks: this.#hooks,
      redactor: this.redactor,
      ...(setup.credentials ? { credentials: setup.credentials } : {}),
      authorizer: setup.authorizer?.((secret) => this.redactor.add(secret)),
      serverLimits: options.serverLimits,
      ...(setup.redirects ? { redirects: setup.redirects } : {}),
    });
    this.validation = { mode: options.validation ?? 'strict', hooks: this.#hooks, redactor: this.redactor };
    this.#answerContext = {
      redactor: this.redactor,
      validation: this.validation,
      hints: {
        authentication: setup.authenticationHint,
        notFound: setup.notFoundHint && `${setup.notFoundHint} (baseUrl is "${this.root.href}")`,
      },
    };
  }

  /** Sends a request and reads its answer as `spec` declares, in the server's dialect (`screen`). */
  answer<S extends z.ZodMiniType, V>(
    request: HttpRequest,
    spec: AnswerSpec<S, V>,
    screen: Screen,
    recover?: Recover<V>,
  ): ApiPromise<V> {
    // A spec that reads its body as it arrives (`collect`) tells the transport here, for every API.
    const sent = spec.collect ? { ...request, collect: spec.collect } : request;
    return this.run(sent, (response) => readAnswer(this.#answerContext, response, spec, screen), recover);
  }

  /**
   * The error boundary of one call: sends `request`, turns the answer into a value with `read`. An
   * `SdkError` from either step propagates (redacted); anything else is wrapped (`cause` kept): an
   * error while reading an answer is a `ValidationError` (the answer was not what it should be),
   * any other an `SdkError`. An abort rejects with the signal's reason and is not reported.
   */
  run<T>(request: HttpRequest, read: (response: HttpResponse) => T, recover?: Recover<T>): ApiPromise<T> {
    return new ApiPromise(this.#run(request, read, recover), (raw) => responseInfo(raw, this.redactor));
  }

  async #run<T>(
    request: HttpRequest,
    read: (response: HttpResponse) => T,
    recover: Recover<T> | undefined,
  ): Promise<Answered<T>> {
    // A request that sends a body reports its upload progress; a read has nothing to report.
    const known = request.method === 'GET' ? REQUEST_OPTION_KEYS : UPLOAD_OPTION_KEYS;
    checkRequestOptions(request.options, known);
    let response: HttpResponse | undefined;
    try {
      response = await this.transport.send(request);
      const { status, headers, method, url } = response;
      return { data: read(response), raw: { status, headers, method, url } };
    } catch (error) {
      const signal = request.options?.signal;
      if (signal?.aborted && error === signal.reason) throw error;
      // The transport settled its own failures; an answer that failed to read is settled here.
      const failure = this.#asSdkError(error, response);
      if (response) settleOutcome(failure, repeatOf(request), response.uncertain === true);
      if (recover) {
        // The look-ups are calls of their own (their hooks fire); aborted, the call is.
        const recovered = await recover(failure).catch(() => undefined);
        if (signal?.aborted) throw signal.reason;
        if (recovered) return recovered;
      }
      const where = response ?? { method: request.method, url: this.#urlOf(failure, request) };
      this.#hooks.onError?.({ method: where.method, url: where.url, error: failure });
      throw failure;
    }
  }

  /** Reports a failure found outside a request (a download's checks across chunks) the same way. */
  report(error: unknown, where: { method: string; url: string }): SdkError {
    const failure = this.#asSdkError(error, undefined);
    this.#hooks.onError?.({ method: where.method, url: where.url, error: failure });
    return failure;
  }

  #asSdkError(error: unknown, response: HttpResponse | undefined): SdkError {
    if (error instanceof SdkError) return this.redactor.error(error);
    const said = this.redactor.text(
      error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    );
    if (response) {
      return new ValidationError(
        `The answer of ${response.method} ${response.url} could not be read: ${said}`,
        { rawBody: this.redactor.text(response.text), url: response.url },
        { cause: error },
      );
    }
    return new SdkError(`Unexpected failure: ${said}`, { cause: error });
  }

  #urlOf(failure: SdkError, request: HttpRequest): string {
    const known = (failure as { url?: unknown }).url;
    return typeof known === 'string' ? known : this.redactor.url(new URL(request.path, this.root));
  }
}
