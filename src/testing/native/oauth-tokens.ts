import { unixSeconds } from '../http/dates.js';
import type { Runtime } from '../runtime.js';
import type { OAuthAccessToken } from './hub-state.js';

/** The token answer's fields, in the library's order. */
export interface TokenAnswer extends Record<string, string | number | null> {
  access_token: string;
  expires_in: number;
  token_type: 'Bearer';
  scope: string | null;
}

/** The site clock in Unix seconds, the unit the hub's OAuth tables compare. */
export function nowSeconds(runtime: Runtime): number {
  return unixSeconds(runtime.options.now());
}

/**
 * Stores a new access token (40 hex digits, as the library's 20 random bytes) and gives the answer
 * `/token` sends. `withRefreshToken` adds the refresh token the code grant returns, although 8.8.7
 * has no grant that accepts it.
 */
export function issueAccessToken(
  runtime: Runtime,
  grant: { clientId: string; userId: number; scope: string | null },
  withRefreshToken: boolean,
): TokenAnswer {
  const lifetime = runtime.options.auth.accessTokenLifetime;
  const token: OAuthAccessToken = {
    access_token: runtime.prng.hex(40),
    client_id: grant.clientId,
    user_id: grant.userId,
    expires: nowSeconds(runtime) + lifetime,
    scope: grant.scope,
  };
  runtime.hub.accessTokens.set(token.access_token, token);
  const answer: TokenAnswer = {
    access_token: token.access_token,
    expires_in: lifetime,
    token_type: 'Bearer',
    scope: grant.scope,
  };
  if (withRefreshToken) answer.refresh_token = runtime.prng.hex(40);
  return answer;
}

/** The stored token, unless unknown or past its expiry (the resource server's two refusals). */
export function validAccessToken(runtime: Runtime, token: string): OAuthAccessToken | undefined {
  const row = runtime.hub.accessTokens.get(token);
  return row && nowSeconds(runtime) <= row.expires ? row : undefined;
}

/** Ends every access token and authorization code issued so far. */
export function expireAll(runtime: Runtime): void {
  const past = nowSeconds(runtime) - 1;
  for (const token of runtime.hub.accessTokens.values()) token.expires = past;
  for (const code of runtime.hub.authorizationCodes.values()) code.expires = past;
}
