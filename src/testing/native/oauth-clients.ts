import type { Prng } from '../seed/prng.js';
import type { FakeOAuthClient, RegisterOAuthClientInput } from '../site-types.js';
import type { HubState, OAuthClient } from './hub-state.js';

/** The grants 8.8.7 enables: Hubzilla adds these two to the OAuth server, and only these. */
export const SUPPORTED_GRANTS = ['client_credentials', 'authorization_code'] as const;

/** Stores a client (replacing one with the same id), as the "OAuth2 Apps" page saves its form. */
export function registerClient(hub: HubState, prng: Prng, input: RegisterOAuthClientInput): FakeOAuthClient {
  const nick = input.channel ?? 'alice';
  const channel = hub.channels.find((c) => c.nick === nick);
  if (!channel) throw new Error(`fake site: no channel ${nick}`);
  const grants = input.grantTypes === undefined ? SUPPORTED_GRANTS : input.grantTypes;
  const row: OAuthClient = {
    client_id: input.clientId,
    client_secret: input.clientSecret ?? prng.hex(16),
    redirect_uri: input.redirectUri ?? '',
    grant_types: grants === null ? null : grants.join(' '),
    scope: input.scope ?? null,
    user_id: channel.channel_id,
  };
  storeClient(hub, row);
  return describeClient(hub, row);
}

/** Adds or replaces a client row. */
export function storeClient(hub: HubState, row: OAuthClient): void {
  const index = hub.oauthClients.findIndex((c) => c.client_id === row.client_id);
  if (index === -1) hub.oauthClients.push(row);
  else hub.oauthClients[index] = row;
}

/** A client row as tests see it. */
export function describeClient(hub: HubState, row: OAuthClient): FakeOAuthClient {
  return {
    clientId: row.client_id,
    clientSecret: row.client_secret,
    redirectUri: row.redirect_uri,
    grantTypes: row.grant_types === null ? null : row.grant_types.split(' ').filter((g) => g !== ''),
    scope: row.scope,
    channel: hub.channels.find((c) => c.channel_id === row.user_id)?.nick ?? '',
  };
}

export function findClient(hub: HubState, clientId: string): OAuthClient | undefined {
  return hub.oauthClients.find((c) => c.client_id === clientId);
}

/**
 * The library's `checkRestrictedGrantType`: a NULL list allows all; otherwise the grant must be one
 * of the space-separated words (so the empty text of a blank form field allows none).
 */
export function allowsGrant(client: OAuthClient, grant: string): boolean {
  return client.grant_types === null || client.grant_types.split(' ').includes(grant);
}

/** The library's `checkScope`: every requested scope word is among the available ones. */
export function scopeWithin(requested: string, available: string): boolean {
  const allowed = new Set(available.trim().split(' '));
  return requested
    .trim()
    .split(' ')
    .every((scope) => allowed.has(scope));
}
