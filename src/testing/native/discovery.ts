import type { Runtime } from '../runtime.js';
import { json } from './reply.js';

/**
 * `/.well-known/oauth-authorization-server` and `/.well-known/openid-configuration`: 8.8.7's
 * Oauthinfo module, field for field. It names no `grant_types_supported` and no
 * `code_challenge_methods_supported` although the hub takes both grants and PKCE (S256 and plain);
 * it lists a `userinfo_endpoint` and response types the fake (like the hub) does not serve.
 */
export function discovery(runtime: Runtime): Response {
  const root = `${runtime.options.siteUrl}${runtime.options.basePath}`.replace(/\/$/, '');
  return json({
    issuer: root,
    authorization_endpoint: `${root}/authorize`,
    token_endpoint: `${root}/token`,
    userinfo_endpoint: `${root}/userinfo`,
    scopes_supported: ['openid', 'profile', 'email'],
    response_types_supported: ['code', 'token', 'id_token', 'code id_token', 'token id_token'],
  });
}
