/**
 * `socialsite-sdk/testing`: a fake of the social site (both interfaces) for tests, demos and
 * benchmarks. The msw handlers live in `socialsite-sdk/testing/msw` (msw is an optional peer).
 */
export type { AppNotification, AppPhoto, AppState, AppUser } from './app/app-state.js';
export { runFakeServerCli } from './cli.js';
export type { ChunkFault, FailRule, FaultOptions } from './faults.js';
export type {
  AbConfig,
  Abook,
  Attach,
  GroupMember,
  HubAccount,
  HubChannel,
  HubState,
  PhotoRow,
  PrivacyGroup,
  Xchan,
} from './native/hub-state.js';
export type { Item, ItemRow, Term } from './native/item-row.js';
export type { FakeSiteOptions } from './options.js';
export { type FakeServer, type FakeServerOptions, startFakeServer } from './server.js';
export { createFakeSite } from './site.js';
export type {
  AddFileInput,
  ChannelCredentials,
  FakeCredentials,
  FakeFileInfo,
  FakeFiles,
  FakeSite,
  FakeSiteState,
  RecordedRequest,
} from './site-types.js';
