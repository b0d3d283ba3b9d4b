import type * as z from 'zod/mini';
import { siteRoot } from './base-url.js';
import { EMPTY_BODY, type JsonBody, parseJsonBody } from './body.js';
import { SdkError } from './errors/sdk-error.js';
import { errorForStatus } from './http-errors.js';
import type { ClientOptions } from './options.js';
import { Redactor } from './redact.js';
import { retryPolicy } from './retry-policy.js';
import { type HttpRequest, type HttpResponse, Transport } from './transport.js';
import { type ValidationContext, validate } from './validate.js';

const DEFAULT_TIMEOUT = 30_000;

export interface CoreSetup {
  options: ClientOptions;
  /** Values that must never appear in an error, a hook event or a log line. */
  secrets: (string | undefined)[];
  /** Headers the client itself needs (e.g. Authorization); the user's headers cannot remove them. */
  headers?: Record<string, string>;
  /** Not `RequestCredentials`: that name is DOM-only, and this type reaches the published declarations. */
  credentials?: RequestInit['credentials'];
  /** Appended to the message of a 401. */
  authenticationHint?: string;
}

/** A JSON answer with the response it came from (for error details and validation messages). */
export interface JsonAnswer {
  body: JsonBody;
  response: HttpResponse;
}

/** What both clients share: the transport, validation, and the mapping of non-2xx answers to errors. */
export class ClientCore {
  readonly root: URL;
  readonly transport: Transport;
  readonly validation: ValidationContext;
  readonly redactor: Redactor;
  readonly #authenticationHint: string | undefined;

  constructor(setup: CoreSetup) {
    const { options } = setup;
    this.root = siteRoot(options.baseUrl);
    this.redactor = new Redactor(setup.secrets);
    const hooks = options.hooks ?? {};
    this.transport = new Transport({
      baseUrl: this.root,
      fetch: options.fetch,
      timeout: options.timeout ?? DEFAULT_TIMEOUT,
      retry: retryPolicy(options.retry),
      headers: options.headers ?? {},
      requiredHeaders: setup.headers,
      hooks,
      redactor: this.redactor,
      ...(setup.credentials ? { credentials: setup.credentials } : {}),
    });
    this.validation = { mode: options.validation ?? 'strict', hooks, redactor: this.redactor };
    this.#authenticationHint = setup.authenticationHint;
  }

  /** Sends a request and parses its JSON body; a non-2xx answer becomes a typed error. */
  async json(request: HttpRequest): Promise<JsonAnswer> {
    const response = await this.transport.send(request);
    return this.guard(response, () => {
      if (response.status >= 200 && response.status < 300) {
        return { body: parseJsonBody(response.text, this.redactor, response.url), response };
      }
      throw errorForStatus(response, this.#errorBody(response), this.redactor, {
        authentication: this.#authenticationHint,
        serverError: request.serverErrorHint,
      });
    });
  }

  /** Checks and normalizes a value with a schema, per the client's validation mode. */
  parse<S extends z.ZodMiniType>(schema: S, value: unknown, response: HttpResponse): z.output<S> {
    return this.guard(response, () => validate(schema, value, this.validation, response));
  }

  /** Runs `work`; an `SdkError` it throws is reported to `hooks.onError` before it propagates. */
  guard<T>(response: HttpResponse, work: () => T): T {
    try {
      return work();
    } catch (error) {
      if (error instanceof SdkError) throw this.transport.reportError(response, this.redactor.error(error));
      throw error;
    }
  }

  #errorBody(response: HttpResponse): unknown {
    try {
      const body = parseJsonBody(response.text, this.redactor);
      return body === EMPTY_BODY ? '' : body;
    } catch {
      return response.text;
    }
  }
}
