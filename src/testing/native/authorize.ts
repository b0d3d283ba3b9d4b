import { Params } from '../http/params.js';
import { httpBuildQuery, phpTruthy } from '../http/php-values.js';
import type { Runtime } from '../runtime.js';
import type { OAuthClient } from './hub-state.js';
import { allowsGrant, findClient, scopeWithin, storeClient } from './oauth-clients.js';
import { errorParameters, hasQuery, type OAuthParameters, oauthError, oauthRedirect } from './oauth-reply.js';
import { nowSeconds } from './oauth-tokens.js';
import { serverError } from './reply.js';

/** The library's lifetime of an authorization code, in seconds. */
const CODE_LIFETIME = 30;
/** What Hubzilla's Authorize module assumes when a request names no redirect URI. */
const DEFAULT_REDIRECT = 'https://fake.example.com/oauth';
/** The response types the OpenID Connect controller knows; all but `code` need the implicit flow. */
const RESPONSE_TYPES = ['token', 'code', 'id_token', 'id_token token', 'code id_token'];

/**
 * Hubzilla's `/authorize` without its consent page: the fake answers at once as if the channel
 * owner had pressed "Allow" (the real module shows a login or consent page to the browser and
 * does this on the form's POST). Like the module, it registers an unknown `client_id` on the fly
 * (grant `authorization_code`, the request's `client_secret` or a generated one) and, with
 * `clientSecretInRedirect`, adds the client's secret to the redirect and to the body.
 * The code acts as the client's channel (alice for a client registered here).
 */
export async function authorize(runtime: Runtime, request: Request): Promise<Response> {
  const params = await Params.read(request, 'hubzilla', runtime.options.serverLimits);
  const query = new URL(request.url).searchParams;
  const client = clientOf(runtime, params);
  const redirectUri = redirectOf(params);
  const before: OAuthParameters = runtime.options.auth.clientSecretInRedirect
    ? { client_secret: client.client_secret }
    : {};

  if (/#./.test(redirectUri)) {
    return oauthError(400, 'invalid_uri', 'The redirect URI must not contain a fragment', { before });
  }
  if (client.redirect_uri && !client.redirect_uri.split(/\s+/).includes(redirectUri)) {
    return oauthError(
      400,
      'redirect_uri_mismatch',
      'The redirect URI provided is missing or does not match',
      {
        uri: '#section-3.1.2',
        before,
      },
    );
  }
  const state = params.get('state');
  const refuse = (error: string, description: string, withState = true) =>
    oauthRedirect(
      redirectUri,
      { ...before, ...errorParameters(error, description), state: withState ? (state ?? null) : null },
      { 'Cache-Control': 'no-store' },
    );
  const responseType = (params.get('response_type') ?? '').split(' ').sort().join(' ').trim();
  if (!RESPONSE_TYPES.includes(responseType))
    return refuse('invalid_request', 'Invalid or missing response type');
  if (responseType !== 'code')
    return refuse('unsupported_response_type', 'implicit grant type not supported');
  if (!allowsGrant(client, 'authorization_code')) {
    return refuse('unauthorized_client', 'The grant type is unauthorized for this client_id');
  }
  const scope = params.get('scope');
  if (phpTruthy(scope) && client.scope && !scopeWithin(scope, client.scope)) {
    return refuse('invalid_scope', 'An unsupported scope was requested');
  }
  if (!phpTruthy(state)) return refuse('invalid_request', 'The state parameter is required', false);

  // A stock 8.8.7 fails here: the library inserts PKCE columns its schema does not have.
  if (runtime.options.auth.authorizationCodeFlow === 'stock-8.8.7') return serverError();
  const code = runtime.prng.hex(40);
  runtime.hub.authorizationCodes.set(code, {
    authorization_code: code,
    client_id: client.client_id,
    user_id: client.user_id,
    redirect_uri: redirectUri,
    expires: nowSeconds(runtime) + CODE_LIFETIME,
    scope: phpTruthy(scope) ? scope : null,
    // The controller reads the challenge from the query only, and stores it unchecked.
    code_challenge: query.get('code_challenge'),
    code_challenge_method: query.get('code_challenge_method'),
  });
  const target = `${redirectUri}${hasQuery(redirectUri) ? '&' : '?'}${httpBuildQuery({ code, state: state ?? null })}`;
  return oauthRedirect(target, before);
}

/** The client named by `client_id`, registered first when unknown (a random id when none is given). */
function clientOf(runtime: Runtime, params: Params): OAuthClient {
  const { hub, prng } = runtime;
  const given = params.get('client_id');
  const clientId = phpTruthy(given) ? given : prng.hex(16);
  const known = findClient(hub, clientId);
  if (known) return known;
  const alice = hub.channels.find((c) => c.nick === 'alice');
  const client: OAuthClient = {
    client_id: clientId,
    client_secret: params.get('client_secret') ?? prng.hex(16),
    redirect_uri: redirectOf(params),
    grant_types: 'authorization_code',
    scope: params.get('scope') ?? null,
    user_id: alice?.channel_id ?? 0,
  };
  storeClient(hub, client);
  return client;
}

/** The redirect URI the request names, or the module's stand-in. */
function redirectOf(params: Params): string {
  const given = params.get('redirect_uri');
  return phpTruthy(given) ? given : DEFAULT_REDIRECT;
}
