import { encodeBase64 } from '../../core/body/base64.js';
import { ArgumentError } from '../../core/errors/argument-error.js';
import { isLoopback, siteRoot } from '../../core/options/base-url.js';

/** The fixed headers, secrets and 401 hint that HTTP Basic against Hubzilla needs. */
export interface BasicAuth {
  authorization: string;
  secrets: string[];
  hint: string;
}

/**
 * HTTP Basic for Hubzilla. The scheme is `Basic`, except for a password containing `:`: Hubzilla
 * splits `Basic` credentials at every colon (the login then fails), but falls back to PHP's own
 * parsing, which splits at the first colon only, when the scheme is spelled `basic` (equally valid
 * HTTP). So such passwords go out with the lower-case scheme.
 */
export function basicAuth(username: unknown, password: unknown): BasicAuth {
  if (typeof username !== 'string' || username.trim() === '') {
    throw new ArgumentError('username is required: the channel nickname or the account e-mail');
  }
  if (username.includes(':')) {
    throw new ArgumentError(
      'username must not contain ":" (HTTP Basic cannot carry it); use the channel nickname or e-mail',
    );
  }
  if (typeof password !== 'string') throw new ArgumentError('password is required and must be a string');
  const pair = `${username}:${password}`;
  const encoded = encodeBase64(new TextEncoder().encode(pair));
  const colon = password.includes(':');
  return {
    authorization: `${colon ? 'basic' : 'Basic'} ${encoded}`,
    secrets: [password, pair, encoded],
    hint: colon
      ? 'The password contains ":". It was sent with the lower-case "basic" scheme, the only way Hubzilla accepts such passwords, but this hub still refused it: check the password, or change it to one without ":"'
      : 'Check the user name (a channel nickname or the account e-mail, not nick@host) and the password',
  };
}

/**
 * The site root, refusing plain `http:` to a host other than loopback unless allowed: HTTP Basic
 * sends the password with every request, readable by anyone on the way.
 */
export function checkedRoot(baseUrl: string | URL, allowInsecureHttp: boolean | undefined): URL {
  const root = siteRoot(baseUrl);
  if (root.protocol === 'http:' && !isLoopback(root) && allowInsecureHttp !== true) {
    throw new ArgumentError(
      `Refusing plain http to ${root.host}: the credentials would travel unencrypted with every request. Use https, or pass allowInsecureHttp: true if you really mean it`,
    );
  }
  return root;
}
