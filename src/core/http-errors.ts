import { ApiError } from './errors/api-error.js';
import { AuthenticationError } from './errors/authentication-error.js';
import { NotFoundError } from './errors/not-found-error.js';
import type { Redactor } from './redact.js';
import type { HttpResponse } from './transport.js';

const SNIPPET = 200;

/** The typed error for a non-2xx answer: 401 → AuthenticationError, 404 → NotFoundError, else ApiError. */
export function errorForStatus(
  response: HttpResponse,
  body: unknown,
  redactor: Redactor,
  authenticationHint?: string,
): ApiError {
  const details = {
    status: response.status,
    body: redactor.value(body),
    url: response.url,
    method: response.method,
  };
  // Redact, then cut: a cut first could keep the first half of a secret the body quotes.
  const said = redactor.text(response.text).trim().slice(0, SNIPPET).replace(/\s+/g, ' ');
  const base = `${response.method} ${response.url} answered HTTP ${response.status}${said ? `: ${said}` : ''}`;
  if (response.status === 401) {
    return new AuthenticationError(authenticationHint ? `${base}. ${authenticationHint}` : base, details);
  }
  if (response.status === 404) return new NotFoundError(base, details);
  return new ApiError(base, details);
}
