import { SUPPORTED_GRANTS } from '../native/oauth-clients.js';
import type { FakeOAuthClient } from '../site-types.js';

/** The OAuth 2.0 client every site starts with: alice's, with both grants 8.8.7 supports. */
export const SEEDED_OAUTH_CLIENT: FakeOAuthClient = Object.freeze({
  clientId: 'fake-app',
  clientSecret: 'fake-app-secret',
  redirectUri: 'http://127.0.0.1/callback',
  grantTypes: Object.freeze([...SUPPORTED_GRANTS]),
  scope: null,
  channel: 'alice',
});
