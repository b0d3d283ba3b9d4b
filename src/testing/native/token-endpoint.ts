import { phpTruthy } from '../http/php-values.js';
import type { Runtime } from '../runtime.js';
import { redeemableCode } from './code-grant.js';
import type { OAuthClient } from './hub-state.js';
import { allowsGrant, findClient, SUPPORTED_GRANTS, scopeWithin } from './oauth-clients.js';
import { oauthAnswer, oauthError } from './oauth-reply.js';
import { type ClientCredentials, clientCredentials, readOAuthFields } from './oauth-request.js';
import { issueAccessToken } from './oauth-tokens.js';

const ALLOW = { Allow: 'POST, OPTIONS' };

/**
 * Hubzilla's `/token` (the OAuth library's `TokenController`): `client_credentials` and
 * `authorization_code`, each check failing with the library's status, error code and words.
 */
export async function tokenEndpoint(runtime: Runtime, request: Request): Promise<Response> {
  const method = request.method.toUpperCase();
  if (method === 'OPTIONS') return oauthAnswer(200, {}, ALLOW);
  if (method !== 'POST') {
    return oauthError(
      405,
      'invalid_request',
      'The request method must be POST when requesting an access token',
      {
        uri: '#section-3.2',
        headers: ALLOW,
      },
    );
  }
  const fields = await readOAuthFields(request);
  const grant = fields.get('grant_type');
  if (!phpTruthy(grant))
    return oauthError(400, 'invalid_request', 'The grant type was not specified in the request');
  if (!(SUPPORTED_GRANTS as readonly string[]).includes(grant)) {
    return oauthError(400, 'unsupported_grant_type', `Grant type "${grant}" not supported`);
  }
  const isCode = grant === 'authorization_code';
  // The client-credentials grant authenticates the client itself and never admits a public one.
  const client = authenticateClient(runtime, clientCredentials(request, fields), isCode);
  if (client instanceof Response) return client;
  const code = isCode ? await redeemableCode(runtime, fields) : undefined;
  if (code instanceof Response) return code;
  if (code && code.client_id !== client.client_id) {
    return oauthError(400, 'invalid_grant', "authorization_code doesn't exist or is invalid for the client");
  }
  if (!allowsGrant(client, grant)) {
    return oauthError(400, 'unauthorized_client', 'The grant type is unauthorized for this client_id');
  }
  const requested = fields.get('scope') ?? new URL(request.url).searchParams.get('scope') ?? undefined;
  const scope = grantedScope(client, requested, code ? code.scope : client.scope);
  if (scope instanceof Response) return scope;
  if (code) runtime.hub.authorizationCodes.delete(code.authorization_code);
  const answer = issueAccessToken(
    runtime,
    { clientId: client.client_id, userId: code ? code.user_id : client.user_id, scope },
    isCode,
  );
  return oauthAnswer(200, answer, { 'Cache-Control': 'no-store', Pragma: 'no-cache' });
}

/** The library's `HttpBasic::validateRequest`: the client by its credentials, or the refusal. */
function authenticateClient(
  runtime: Runtime,
  credentials: ClientCredentials | undefined,
  allowPublic: boolean,
): OAuthClient | Response {
  if (!credentials) {
    return oauthError(400, 'invalid_client', 'Client credentials were not found in the headers or body');
  }
  const client = findClient(runtime.hub, credentials.clientId);
  if (!credentials.clientSecret) {
    if (!allowPublic) return oauthError(400, 'invalid_client', 'client credentials are required');
    if (client?.client_secret !== '') {
      return oauthError(
        400,
        'invalid_client',
        'This client is invalid or must authenticate using a client secret',
      );
    }
    return client;
  }
  if (!client || client.client_secret !== credentials.clientSecret) {
    return oauthError(400, 'invalid_client', 'The client credentials are invalid');
  }
  return client;
}

/**
 * The scope of the token: a requested scope must lie within what the grant carries (the client's
 * scope, or the code's); without a request, the grant's own; else none (8.8.7 has no default scope).
 * Hubzilla reports every scope as existing, so a client without scopes may ask for any.
 */
function grantedScope(
  client: OAuthClient,
  requested: string | undefined,
  available: string | null,
): string | null | Response {
  if (phpTruthy(requested)) {
    if (available) {
      if (!scopeWithin(requested, available)) {
        return oauthError(400, 'invalid_scope', 'The scope requested is invalid for this request');
      }
    } else if (client.scope && !scopeWithin(requested, client.scope)) {
      return oauthError(400, 'invalid_scope', 'The scope requested is invalid for this client');
    }
    return requested;
  }
  return available || null;
}
