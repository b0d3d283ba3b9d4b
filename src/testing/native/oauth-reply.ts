import { phpJson } from '../http/php-json.js';
import { httpBuildQuery } from '../http/php-values.js';

/*
 * The answers of the OAuth library Hubzilla bundles (bshaffer/oauth2-server-php 1.14.1), as its
 * `Response::send()` writes them: the parameters as JSON (an empty body when there are none) with
 * `Content-Type: application/json`, whatever the status, redirects included.
 */

/** Parameters of an OAuth answer, in the order the library adds them. */
export type OAuthParameters = Record<string, string | number | null>;

const RFC6749 = 'http://tools.ietf.org/html/rfc6749';

/** An answer with `parameters` as its JSON body. */
export function oauthAnswer(
  status: number,
  parameters: OAuthParameters,
  headers: Record<string, string> = {},
): Response {
  const body = Object.keys(parameters).length > 0 ? phpJson(parameters) : '';
  return new Response(body, { status, headers: { ...headers, 'Content-Type': 'application/json' } });
}

/** The library's error parameters; an `#section` reference becomes a link into RFC 6749. */
export function errorParameters(error: string, description: string, uri?: string): OAuthParameters {
  const parameters: OAuthParameters = { error, error_description: description };
  if (uri !== undefined) parameters.error_uri = uri.startsWith('#') ? `${RFC6749}${uri}` : uri;
  return parameters;
}

/** `setError`: the status, the error parameters after any set before, and `Cache-Control: no-store`. */
export function oauthError(
  status: number,
  error: string,
  description: string,
  options: { uri?: string; before?: OAuthParameters; headers?: Record<string, string> } = {},
): Response {
  return oauthAnswer(
    status,
    { ...options.before, ...errorParameters(error, description, options.uri) },
    { ...options.headers, 'Cache-Control': 'no-store' },
  );
}

/**
 * `setRedirect`: HTTP 302 to `url` with every parameter set so far appended to its query (and
 * repeated as the JSON body, as the library does).
 */
export function oauthRedirect(
  url: string,
  parameters: OAuthParameters,
  headers: Record<string, string> = {},
) {
  let location = url;
  const query = httpBuildQuery(parameters);
  if (query !== '') location += `${hasQuery(url) ? '&' : '?'}${query}`;
  return oauthAnswer(302, parameters, { ...headers, Location: location });
}

/** Whether a URL has a non-empty query, as PHP's `parse_url` sees it. */
export function hasQuery(url: string): boolean {
  const query = /\?([^#]*)/.exec(url)?.[1];
  return query !== undefined && query !== '';
}
