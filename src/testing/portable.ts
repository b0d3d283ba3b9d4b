/**
 * The part of `socialsite-sdk/testing` that runs anywhere (Node and browsers): the fake site itself
 * and its types. Bundlers that target browsers get this file for `socialsite-sdk/testing` (the
 * `browser` condition of the exports map); the index adds the Node-only loopback server and CLI.
 */
export type { AppNotification, AppPhoto, AppState, AppStatus, AppUser } from './app/app-state.js';
export type {
  AddedItem,
  AddedNotification,
  AddItemInput,
  AddNotificationInput,
  ItemArrival,
  NotificationArrival,
  NotificationType,
  Trickle,
  TrickleArrival,
  TrickleOptions,
} from './arrivals-types.js';
export { FAKE_EVENT_NAMES, type FakeEventName } from './events/event-names.js';
export type {
  ArrivedMail,
  BefriendedUsers,
  CommentEvent,
  ConnectEvent,
  ConnectedChannels,
  DeliveredItem,
  FriendEvent,
  MailEvent,
  PhotoEvent,
  PostEvent,
} from './events-types.js';
export type { ChunkFault, FailRule, FaultOptions } from './faults.js';
// The fake's rows are named Hub…Row, never like the main entry's records (`Attach`, `Item`, …): they
// keep the server's wire encoding, and editors must not offer one for the other on auto-import.
export type {
  HubAbconfigRow,
  HubAbookRow,
  HubAccount,
  HubAttachRow,
  HubChannel,
  HubGroupMemberRow,
  HubGroupRow,
  HubPhotoRow,
  HubState,
  HubXchanRow,
  OAuthAccessToken,
  OAuthAuthorizationCode,
  OAuthClient,
} from './native/hub-state.js';
export type { HubItem, HubItemRow, HubTermRow } from './native/item-row.js';
export type { FakeAuthOptions, FakeSiteOptions, HubVersion, PhpfoxVersion } from './options.js';
export { createFakeSite } from './site.js';
export type {
  AddFileInput,
  ChannelCredentials,
  ChannelSigningKey,
  FakeCredentials,
  FakeEvents,
  FakeFileInfo,
  FakeFiles,
  FakeOAuthClient,
  FakeSite,
  FakeSiteState,
  RecordedRequest,
  RegisterOAuthClientInput,
} from './site-types.js';
