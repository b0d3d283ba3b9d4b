export type { NoParams } from './arguments.js';
export {
  type AuthorizationRequest,
  type AuthorizationRequestOptions,
  type CodeExchangeOptions,
  createAuthorizationRequest,
  exchangeAuthorizationCode,
  readAuthorizationResponse,
} from './auth/authorization-code.js';
export type { AccessTokenSource } from './auth/bearer.js';
export type { ClientCredentials } from './auth/client-credentials.js';
export type { SignatureCredentials } from './auth/http-signature.js';
export type { WebCryptoKey } from './auth/private-key.js';
export type { NativeAuthKind, NativeAuthOptions } from './auth/strategy.js';
export type { OAuthToken } from './auth/token-endpoint.js';
export type { DownloadOptions, DownloadProgress } from './download/index.js';
export type { FileChunk } from './file-chunk.js';
export type { NetworkCursor } from './follow/network-cursor.js';
export {
  NativeClient,
  type NativeClientBaseOptions,
  type NativeClientOptions,
  type NativeClientRelayOptions,
} from './native-client.js';
// The resource classes are exported as types only: to name them (`hub.files`'s type), not to construct them.
export type { AbconfigListParams, AbconfigResource } from './resources/abconfig.js';
export type { AbookListParams, AbookResource } from './resources/abook.js';
export type { AlbumsResource } from './resources/albums.js';
export type { ChannelExportParams, ChannelResource, ChannelStreamParams } from './resources/channel.js';
export type { FilesResource } from './resources/files.js';
export type {
  FileArgument,
  FileDataParams,
  FileIdParams,
  FileRef,
  FilesListParams,
} from './resources/files-params.js';
export type { GroupMembersParams, GroupsResource } from './resources/groups.js';
export type { ItemFullParams, ItemsResource, ItemUpdateAnswer } from './resources/items.js';
export type {
  AclList,
  ItemReplyParams,
  ItemUpdateParams,
  MediaUpload,
  ReplyTarget,
} from './resources/items-params.js';
export type { NetworkFollowOptions, NetworkResource, NetworkStreamParams } from './resources/network.js';
export type {
  PermissionCheckParams,
  PermissionParams,
  PermissionsResource,
} from './resources/permissions.js';
export type { PhotoGetParams, PhotosListParams, PhotosResource, PhotoWithBytes } from './resources/photos.js';
export type { XchanParams, XchanResource } from './resources/xchan.js';
