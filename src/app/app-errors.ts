import { ApiError } from '../core/errors/api-error.js';
import { AuthenticationError } from '../core/errors/authentication-error.js';
import { NotFoundError } from '../core/errors/not-found-error.js';
import type { HttpResponse } from '../core/http/transport.js';

/** phpFox's error members, found in `output` (envelope-level and method-level styles alike). */
export interface PhpfoxErrorOutput {
  error_id?: unknown;
  error_message?: unknown;
  error?: unknown;
}

/** phpFox 3.5+ may leave `error_id` out of method errors: then the message is all there is. */
const NOT_FOUND_MESSAGE = /\b(cannot be found|not found|does not exist)\b/i;

/** `error_id`s of api.php for a method the site does not have: no such module (`"5"`), or no such method in it. */
const UNKNOWN_METHOD_CODES = new Set(['5', 'api.method_not_valid_for_module']);

/**
 * What to tell a caller whose `api.php` method found nothing to run: the method named in the
 * request's URL may not exist on this site (modules and their API methods differ between sites).
 */
export function unknownMethodHint(url: string): string {
  let method: string | null = null;
  try {
    method = new URL(url, 'http://relay.invalid/').searchParams.get('method');
  } catch {
    // an unparsable URL names no method
  }
  const named = method ? `"${method}"` : 'The method';
  return (
    `${named} may not exist on this site: phpFox answers so for a module it does not have, a module ` +
    'without an API service, or a method its module does not offer (phpFox 3.0.1 and 3.9.0 answer HTTP 500 ' +
    "with an empty body for the second); check the name against the site's own API documentation."
  );
}

/** `error_id`s that mean the key or token was not accepted. */
const AUTHENTICATION_CODES = new Set(['api.unable_to_find_api_key']);

/** The `output` of an answer that reports an error: `{error_id, error_message}` or `{error: true, ...}`. */
export function phpfoxError(output: unknown): PhpfoxErrorOutput | undefined {
  if (output === null || typeof output !== 'object' || Array.isArray(output)) return undefined;
  const candidate = output as PhpfoxErrorOutput;
  return candidate.error === true || candidate.error_id !== undefined ? candidate : undefined;
}

/**
 * The typed error for a phpFox error answer (always HTTP 200): a rejected key or token →
 * `AuthenticationError`; an `error_id` ending in `_cannot_be_found`/`_not_found` (or, without
 * `error_id`, a message saying "cannot be found") → `NotFoundError`;
 * anything else → `ApiError`. `code` is the `error_id` (3.5+ may omit it).
 */
export function errorFromOutput(
  failure: PhpfoxErrorOutput,
  body: unknown,
  response: HttpResponse,
  forceAuthentication = false,
): ApiError {
  const code =
    failure.error_id === undefined || failure.error_id === null ? undefined : String(failure.error_id);
  const said =
    typeof failure.error_message === 'string' && failure.error_message ? failure.error_message : 'no message';
  const hint = code && UNKNOWN_METHOD_CODES.has(code) ? ` ${unknownMethodHint(response.url)}` : '';
  const message = `${response.method} ${response.url} failed: ${said}${code ? ` (${code})` : ''}${hint ? `.${hint}` : ''}`;
  const details = { status: response.status, code, body, url: response.url, method: response.method };
  if (forceAuthentication || (code && AUTHENTICATION_CODES.has(code)))
    return new AuthenticationError(message, details);
  if (code ? /(_cannot_be_found|_not_found)$/.test(code) : NOT_FOUND_MESSAGE.test(said)) {
    return new NotFoundError(message, details);
  }
  return new ApiError(message, details);
}
