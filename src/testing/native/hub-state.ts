import type { HubAbconfigRow, HubAbookRow, HubGroupMemberRow, HubGroupRow } from './hub-connection-rows.js';
import type { HubAccount, HubChannel, HubXchanRow } from './hub-identity-rows.js';
import type { OAuthAccessToken, OAuthAuthorizationCode, OAuthClient } from './hub-oauth-rows.js';
import type { HubAttachRow, HubPhotoRow } from './hub-storage-rows.js';
import type { HubItem } from './item-row.js';

// The row types live in one file a table family; importers keep importing them from here.
export type { HubAbconfigRow, HubAbookRow, HubGroupMemberRow, HubGroupRow } from './hub-connection-rows.js';
export type { HubAccount, HubChannel, HubXchanRow } from './hub-identity-rows.js';
export type { OAuthAccessToken, OAuthAuthorizationCode, OAuthClient } from './hub-oauth-rows.js';
export type { HubAttachRow, HubPhotoRow } from './hub-storage-rows.js';

/**
 * The Native API's (Hubzilla) data. Records keep the servers' wire encoding and field order, so
 * rendering them is mostly copying: numbers where PostgreSQL sends numbers, strings where it sends
 * strings (`visible`, `abook_closeness`, photo sizes, `item_private`).
 */

/** Everything the Native API serves. */
export interface HubState {
  /** The accounts (logins). */
  accounts: HubAccount[];
  /** The channels of every account. */
  channels: HubChannel[];
  /** The known identities: the hub's channels and their connections. */
  xchans: HubXchanRow[];
  /** The address books (connections) of every channel. */
  abooks: HubAbookRow[];
  /** The per-connection settings of every channel. */
  abconfig: HubAbconfigRow[];
  /** The privacy groups of every channel, deleted ones included. */
  groups: HubGroupRow[];
  /** The privacy groups' members. */
  members: HubGroupMemberRow[];
  /** The stored files and folders of every channel. */
  files: HubAttachRow[];
  /** The photo rows, one per scale. */
  photos: HubPhotoRow[];
  /** The conversation items (posts, comments) with their terms. */
  items: HubItem[];
  /** PHP sessions: id to the channel it is logged in as (`null`: a session without login). */
  sessions: Map<string, number | null>;
  /** The OAuth 2.0 clients registered with the hub (`oauth_clients`). */
  oauthClients: OAuthClient[];
  /** The access tokens `/token` issued, by token (`oauth_access_tokens`). */
  accessTokens: Map<string, OAuthAccessToken>;
  /** The authorization codes `/authorize` issued and not yet exchanged (`oauth_authorization_codes`). */
  authorizationCodes: Map<string, OAuthAuthorizationCode>;
}

/** The next free id of a table. */
export function nextId(rows: readonly { id: number }[]): number {
  let max = 0;
  for (const row of rows) if (row.id > max) max = row.id;
  return max + 1;
}
