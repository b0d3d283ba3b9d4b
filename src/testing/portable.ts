/**
 * The part of `socialsite-sdk/testing` that runs anywhere (Node and browsers): the fake site itself
 * and its types. Bundlers that target browsers get this file for `socialsite-sdk/testing` (the
 * `browser` condition of the exports map); the index adds the Node-only loopback server and CLI.
 */
export type { AppNotification, AppPhoto, AppState, AppUser } from './app/app-state.js';
export type { ChunkFault, FailRule, FaultOptions } from './faults.js';
export type {
  AbConfig,
  Abook,
  Attach,
  GroupMember,
  HubAccount,
  HubChannel,
  HubState,
  OAuthAccessToken,
  OAuthAuthorizationCode,
  OAuthClient,
  PhotoRow,
  PrivacyGroup,
  Xchan,
} from './native/hub-state.js';
export type { Item, ItemRow, Term } from './native/item-row.js';
export type { FakeAuthOptions, FakeSiteOptions, PhpfoxVersion } from './options.js';
export { createFakeSite } from './site.js';
export type {
  AddFileInput,
  ChannelCredentials,
  ChannelSigningKey,
  FakeCredentials,
  FakeFileInfo,
  FakeFiles,
  FakeOAuthClient,
  FakeSite,
  FakeSiteState,
  RecordedRequest,
  RegisterOAuthClientInput,
} from './site-types.js';
