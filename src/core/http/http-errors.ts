import { ApiError } from '../errors/api-error.js';
import { AuthenticationError } from '../errors/authentication-error.js';
import { NotFoundError } from '../errors/not-found-error.js';
import type { Redactor } from '../secrets/redact.js';
import { retryAfterMs } from './retry-policy.js';
import type { HttpResponse } from './transport.js';

const SNIPPET = 200;

/** What the client or the endpoint knows about a failure, added to the error's message. */
export interface FailureHints {
  /** For a 401 (e.g. the colon-in-password rule of Basic auth). */
  authentication?: string | undefined;
  /** For a 404: what to check (the client's `baseUrl`). */
  notFound?: string | undefined;
  /** For a 500: a known cause of this endpoint's crashes. */
  serverError?: string | undefined;
}

const SERVER_ERROR =
  'an internal server error, on these servers an uncaught PHP error that recurs on every attempt, so it was not retried';

/** The typed error for a non-2xx answer: 401 → AuthenticationError, 404 → NotFoundError, else ApiError. */
export function errorForStatus(
  response: HttpResponse,
  body: unknown,
  redactor: Redactor,
  hints: FailureHints = {},
): ApiError {
  const details = {
    status: response.status,
    code: relayCode(body),
    body: redactor.value(body),
    url: response.url,
    method: response.method,
    retryAfter: retryAfterMs(response.headers),
  };
  // Redact, then cut: a cut first could keep the first half of a secret the body quotes.
  const said = redactor.text(response.text).trim().slice(0, SNIPPET).replace(/\s+/g, ' ');
  const base = `${response.method} ${response.url} answered HTTP ${response.status}${said ? `: ${said}` : ''}`;
  if (response.status === 401) {
    return new AuthenticationError(hints.authentication ? `${base}. ${hints.authentication}` : base, details);
  }
  if (response.status === 404) {
    return new NotFoundError(hints.notFound ? `${base}. ${hints.notFound}` : base, details);
  }
  if (response.status === 500) {
    const hint = hints.serverError ? ` ${hints.serverError}` : '';
    return new ApiError(`${base} (${SERVER_ERROR}).${hint}`, details);
  }
  return new ApiError(base, details);
}

/** A relay's refusal names itself (`{"error": "relay.forbidden"}`, see `socialsite-sdk/relay`): that is the code. */
function relayCode(body: unknown): string | undefined {
  const said = (body as { error?: unknown } | null)?.error;
  return typeof said === 'string' && said.startsWith('relay.') ? said : undefined;
}
