import { encodeBase64Url } from '../../core/body/base64.js';
import { ClientCore } from '../../core/client/client-core.js';
import { ArgumentError } from '../../core/errors/argument-error.js';
import { AuthenticationError } from '../../core/errors/authentication-error.js';
import { siteRoot } from '../../core/options/base-url.js';
import type { ClientOptions } from '../../core/options/options.js';
import { basicAuth } from './basic.js';
import { type OAuthToken, requestToken } from './token-endpoint.js';

/** What an app needs to send a user to the hub's consent page. */
export interface AuthorizationRequestOptions {
  /** The hub's root, as for `NativeClient`. */
  baseUrl: string | URL;
  /** The client's name as registered on the hub. */
  clientId: string;
  /** Where the hub sends the user back; must be the registered redirect URI. */
  redirectUri: string;
  /** Scopes, space-separated. @default none (the client's registered scope) */
  scope?: string;
  /** The consent page, relative to `baseUrl`. @default 'authorize' */
  authorizeUrl?: string;
}

/** The URL to send the user to, and what to keep (server side, or in session storage) until they return. */
export interface AuthorizationRequest {
  /** The hub's consent page with `response_type=code`, `state` and the S256 `code_challenge`. */
  url: string;
  /** Random, to compare with the `state` the hub sends back (`readAuthorizationResponse` does). */
  state: string;
  /** The PKCE verifier: a secret, to send with the code in `exchangeAuthorizationCode`. */
  codeVerifier: string;
}

/**
 * Step 1 of the authorization-code flow with PKCE (S256): the consent URL, a fresh `state` and
 * `codeVerifier`. WebCrypto only, so it runs in browsers too.
 *
 * A stock Hubzilla 8.8.7 answers HTTP 500 when the user allows: its OAuth library writes
 * `code_challenge` columns the hub's schema lacks (see the guide "Authenticating to a hub" for the
 * one-line fix a hub admin applies).
 */
export async function createAuthorizationRequest(
  options: AuthorizationRequestOptions,
): Promise<AuthorizationRequest> {
  const {
    clientId,
    redirectUri,
    scope,
    authorizeUrl = 'authorize',
  } = options ?? ({} as AuthorizationRequestOptions);
  requireText('clientId', clientId);
  requireText('redirectUri', redirectUri);
  const codeVerifier = randomText(32);
  const state = randomText(16);
  const challenge = encodeBase64Url(
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier))),
  );
  const url = new URL(authorizeUrl, siteRoot(options.baseUrl));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  if (scope) url.searchParams.set('scope', scope);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return { url: url.toString(), state, codeVerifier };
}

/**
 * Step 2: the `code` from the URL the hub sent the user back to, after checking its `state`. An
 * `error` the hub sent back (the user refused) is an `AuthenticationError` with that `code`.
 * Hubzilla 8.8.7 also puts the client's SECRET into that URL: keep such URLs out of logs.
 */
export function readAuthorizationResponse(callbackUrl: string | URL, expectedState: string): string {
  const params = new URL(callbackUrl).searchParams;
  const error = params.get('error');
  const where = { status: 0, url: '(the redirect back from the hub)', method: 'GET' };
  if (error) {
    throw new AuthenticationError(`The hub did not authorize the app: ${error}`, { ...where, code: error });
  }
  if (params.get('state') !== expectedState) {
    throw new AuthenticationError(
      'The state in the redirect is not the one this app sent: the response is refused',
      {
        ...where,
        code: 'state_mismatch',
      },
    );
  }
  const code = params.get('code');
  if (!code) throw new AuthenticationError('The redirect carries no code', { ...where, code: 'no_code' });
  return code;
}

/** What the token endpoint needs to turn a code into a token. */
export interface CodeExchangeOptions extends Omit<ClientOptions, 'validation'> {
  /** The client's name as registered on the hub. */
  clientId: string;
  /** For a confidential client (sent with HTTP Basic); a public client leaves it out. */
  clientSecret?: string;
  /** From `readAuthorizationResponse`. */
  code: string;
  /** The same redirect URI as in the authorization request. */
  redirectUri: string;
  /** From `createAuthorizationRequest`. */
  codeVerifier: string;
  /** The token endpoint, relative to `baseUrl`. @default 'token' */
  tokenUrl?: string;
}

/**
 * Step 3: `POST /token` with `grant_type=authorization_code` and the PKCE verifier; the token then
 * goes into a client: `new NativeClient({ baseUrl, accessToken: token.accessToken })`. Hubzilla's
 * tokens last an hour (`expiresIn: 3600`) and come without a refresh token: send the user through
 * the flow again, or use `clientCredentials` for unattended jobs.
 */
export async function exchangeAuthorizationCode(options: CodeExchangeOptions): Promise<OAuthToken> {
  const {
    clientId,
    clientSecret,
    code,
    redirectUri,
    codeVerifier,
    tokenUrl = 'token',
    ...clientOptions
  } = options;
  requireText('clientId', clientId);
  requireText('code', code);
  requireText('redirectUri', redirectUri);
  requireText('codeVerifier', codeVerifier);
  const client = clientSecret === undefined ? undefined : basicAuth(clientId, clientSecret);
  const core = new ClientCore({
    options: clientOptions,
    owner: { name: 'exchangeAuthorizationCode', ownKeys: [] },
    secrets: [...(client?.secrets ?? []), code, codeVerifier],
    ...(client && { headers: { Authorization: client.authorization } }),
    credentials: 'omit',
  });
  const grant = {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: codeVerifier,
    ...(client ? {} : { client_id: clientId }),
  };
  const token = await requestToken(core, tokenUrl, grant);
  core.redactor.add(token.accessToken);
  return token;
}

function requireText(name: string, value: unknown): void {
  if (typeof value !== 'string' || value.trim() === '') throw new ArgumentError(`${name} is required`);
}

function randomText(bytes: number): string {
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}
