import { phpTruthy, phpUrldecode } from '../http/php-values.js';
import type { Runtime } from '../runtime.js';
import type { OAuthAuthorizationCode } from './hub-state.js';
import { oauthError } from './oauth-reply.js';
import { nowSeconds } from './oauth-tokens.js';

/** RFC 7636's verifier alphabet and length, which the library checks before hashing. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/**
 * The authorization-code grant's checks of a `/token` request (the library's
 * `AuthorizationCode::validateRequest`): the code exists, the redirect URI repeats the one
 * `/authorize` got, the code is fresh, and the PKCE verifier matches the stored challenge. The
 * code survives a failed check; only a token issued for it uses it up.
 */
export async function redeemableCode(
  runtime: Runtime,
  fields: Map<string, string>,
): Promise<OAuthAuthorizationCode | Response> {
  const given = fields.get('code');
  if (!phpTruthy(given)) return oauthError(400, 'invalid_request', 'Missing parameter: "code" is required');
  const code = runtime.hub.authorizationCodes.get(given);
  if (!code) {
    return oauthError(400, 'invalid_grant', "Authorization code doesn't exist or is invalid for the client");
  }
  if (code.redirect_uri) {
    const redirect = fields.get('redirect_uri');
    if (!phpTruthy(redirect) || phpUrldecode(redirect) !== phpUrldecode(code.redirect_uri)) {
      return oauthError(400, 'redirect_uri_mismatch', 'The redirect URI is missing or do not match', {
        uri: '#section-4.1.3',
      });
    }
  }
  if (code.expires < nowSeconds(runtime)) {
    return oauthError(400, 'invalid_grant', 'The authorization code has expired');
  }
  if (code.code_challenge) return (await pkceRefusal(code, fields.get('code_verifier'))) ?? code;
  return code;
}

/** The library's PKCE checks, in its order and words; `undefined` when the verifier matches. */
async function pkceRefusal(code: OAuthAuthorizationCode, verifier: string | undefined) {
  if (!phpTruthy(verifier)) {
    return oauthError(400, 'code_verifier_missing', 'The PKCE code verifier parameter is required.');
  }
  if (!VERIFIER.test(verifier)) {
    return oauthError(400, 'code_verifier_invalid', 'The PKCE code verifier parameter is invalid.');
  }
  let hashed: string;
  if (code.code_challenge_method === 'S256') hashed = await s256(verifier);
  else if (code.code_challenge_method === 'plain') hashed = verifier;
  else return oauthError(400, 'code_challenge_method_invalid', 'Unknown PKCE code challenge method.');
  if (hashed !== code.code_challenge) {
    return oauthError(
      400,
      'code_verifier_mismatch',
      'The PKCE code verifier parameter does not match the code challenge.',
    );
  }
  return undefined;
}

/** BASE64URL(SHA-256(verifier)) without padding. */
async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replace(/=+$/, '')
    .replaceAll('+', '-')
    .replaceAll('/', '_');
}
