import { ApiPromise } from '../core/client/api-promise.js';
import { ClientCore } from '../core/client/client-core.js';
import { type ClientSummary, clientSummary, inspectSummary } from '../core/client/client-summary.js';
import { ArgumentError } from '../core/errors/argument-error.js';
import { refuseApiAddress } from '../core/options/base-url.js';
import { checkClientOptions, type OptionOwner } from '../core/options/check-options.js';
import { keysOf } from '../core/options/known-keys.js';
import type { ClientOptions, RequestOptions } from '../core/options/options.js';
import { type RelayClientOptions, relayedOptions } from '../core/options/relay-url.js';
import { checkedRoot } from './auth/basic.js';
import { type NativeAuthOptions, nativeAuth } from './auth/strategy.js';
import { VersionAnswerSchema } from './envelopes.js';
import { API_PATH, NativeApi } from './native-api.js';
import { AbconfigResource } from './resources/abconfig.js';
import { AbookResource } from './resources/abook.js';
import { AlbumsResource } from './resources/albums.js';
import { ChannelResource } from './resources/channel.js';
import { FilesResource } from './resources/files.js';
import { GroupsResource } from './resources/groups.js';
import { ItemsResource } from './resources/items.js';
import { NetworkResource } from './resources/network.js';
import { PermissionsResource } from './resources/permissions.js';
import { PhotosResource } from './resources/photos.js';
import { XchanResource } from './resources/xchan.js';

/** What a client behind a relay must not be given: the credentials and the channel are the relay's. */
const RELAY_REFUSED = [
  'channel',
  'username',
  'password',
  'accessToken',
  'clientCredentials',
  'signature',
] as const;

/** The options of a `NativeClient` besides its credentials. */
export interface NativeClientBaseOptions extends ClientOptions {
  /**
   * Another channel of the same account to act as, sent as `channel` on every request.
   * @default the account's default channel
   * @example 'alice2'
   */
  channel?: string;
  /** Not with credentials: a client calls either the hub or a relay. */
  relay?: never;
  /**
   * Allow plain `http:` to a host other than loopback (the password would travel unencrypted).
   * `http://localhost`, `http://127.0.0.1` and `http://[::1]` are always allowed.
   * @default false
   */
  allowInsecureHttp?: boolean;
}

/**
 * A `NativeClient`'s options: the shared ones, and ONE way to authenticate: `username` and
 * `password` (HTTP Basic), `accessToken` (OAuth 2.0 Bearer), `clientCredentials` (OAuth 2.0 client
 * credentials, tokens fetched and renewed by the client) or `signature` (HTTP Signatures with the
 * channel's key). See the guide "Authenticating to a hub".
 */
export type NativeClientOptions = NativeClientBaseOptions & NativeAuthOptions;

/** The options a `NativeClient` takes besides the shared ones: its channel, http and credentials. */
const NATIVE_CLIENT_OPTIONS: OptionOwner = {
  name: 'NativeClient',
  ownKeys: keysOf<Omit<NativeClientBaseOptions, keyof ClientOptions> | NativeAuthOptions>({
    channel: true,
    relay: true,
    allowInsecureHttp: true,
    username: true,
    password: true,
    accessToken: true,
    clientCredentials: true,
    signature: true,
  }),
};

/**
 * A `NativeClient` in a browser page behind a relay (`socialsite-sdk/relay`): no credentials in
 * the page, the relay adds them on your server (and decides the channel).
 */
export interface NativeClientRelayOptions extends RelayClientOptions {
  /** Not with `relay`: the relay's `hub.channel` decides. */
  channel?: never;
  /** Not with `relay`: the relay holds the credentials. */
  username?: never;
  /** Not with `relay`: the relay holds the credentials. */
  password?: never;
  /** Not with `relay`: the relay holds the credentials. */
  accessToken?: never;
  /** Not with `relay`: the relay holds the credentials. */
  clientCredentials?: never;
  /** Not with `relay`: the relay holds the credentials. */
  signature?: never;
}

/**
 * A client of Hubzilla's Native channel API (`api/z/1.0`).
 *
 * ```ts
 * const hub = new NativeClient({ baseUrl: 'https://hub.example', username: 'alice', password });
 * for await (const file of hub.files.list({ records: 100 })) console.log(file.display_path);
 * ```
 *
 * Cookies are never sent or kept: Hubzilla would authenticate the cookie's session and ignore the
 * credentials.
 */
export class NativeClient {
  /** The signed-in channel: `channel/export/basic` and `channel/stream`. */
  readonly channel: ChannelResource;
  /** The channel's network stream: `network/stream`, paged. */
  readonly network: NetworkResource;
  /** The channel's cloud files: list, read, download, export. */
  readonly files: FilesResource;
  /** The channel's photo albums: `albums`. */
  readonly albums: AlbumsResource;
  /** The channel's photos: `photos` and `photo`. */
  readonly photos: PhotosResource;
  /** The channel's privacy groups and their members: `group`, `group_members`. */
  readonly groups: GroupsResource;
  /** Network identities by hash, guid or address: `xchan`. */
  readonly xchan: XchanResource;
  /** Posts and comments: `item/update` and `item/full`. */
  readonly items: ItemsResource;
  /** The channel's connections (address book): `abook`. */
  readonly abook: AbookResource;
  /** Per-connection settings: `abconfig`. */
  readonly abconfig: AbconfigResource;
  /** What a connection may do: `perm_allowed`. */
  readonly permissions: PermissionsResource;
  readonly #api: NativeApi;
  readonly #summary: ClientSummary;

  /**
   * A client of the hub with ONE way to authenticate, or, in a browser page, of a relay
   * (`{ relay: '/social/' }`, see `socialsite-sdk/relay`) that holds the credentials on your server.
   */
  constructor(options: NativeClientRelayOptions);
  constructor(options: NativeClientOptions);
  constructor(options: NativeClientOptions | NativeClientRelayOptions) {
    if (options === null || typeof options !== 'object') throw new ArgumentError('options must be an object');
    // First: a misspelt `pasword` should be named as such, not reported as a missing password.
    checkClientOptions(options as ClientOptions, NATIVE_CLIENT_OPTIONS);
    if (options.relay !== undefined) {
      // Cookies are sent (the browser's default, `same-origin`): the relay checks the page's session.
      const core = new ClientCore({
        options: relayedOptions(options, [...RELAY_REFUSED]),
        owner: NATIVE_CLIENT_OPTIONS,
        secrets: [],
      });
      this.#api = new NativeApi(core, undefined);
      this.#summary = { ...clientSummary('NativeClient', core), relay: true };
    } else {
      const direct = NativeClient.#direct(options);
      this.#api = direct.api;
      this.#summary = direct.summary;
    }
    this.channel = new ChannelResource(this.#api);
    this.network = new NetworkResource(this.#api);
    this.files = new FilesResource(this.#api);
    this.albums = new AlbumsResource(this.#api);
    this.photos = new PhotosResource(this.#api);
    this.groups = new GroupsResource(this.#api);
    this.xchan = new XchanResource(this.#api);
    this.items = new ItemsResource(this.#api);
    this.abook = new AbookResource(this.#api);
    this.abconfig = new AbconfigResource(this.#api);
    this.permissions = new PermissionsResource(this.#api);
  }

  static #direct(options: NativeClientBaseOptions & NativeAuthOptions): {
    api: NativeApi;
    summary: ClientSummary;
  } {
    const auth = nativeAuth(options, NATIVE_CLIENT_OPTIONS);
    refuseApiAddress(checkedRoot(options.baseUrl, options.allowInsecureHttp), 'api/z/', API_PATH);
    if (
      options.channel !== undefined &&
      (typeof options.channel !== 'string' || options.channel.trim() === '')
    ) {
      throw new ArgumentError('channel must be a non-empty channel nickname when given');
    }
    const core = new ClientCore({
      options,
      owner: NATIVE_CLIENT_OPTIONS,
      secrets: auth.secrets,
      ...(auth.headers && { headers: auth.headers }),
      authorizer: auth.authorizer,
      credentials: 'omit',
      authenticationHint: auth.hint,
      notFoundHint: `Either baseUrl is not the hub's root (the address of its home page, without ${API_PATH}) or this hub does not have this endpoint`,
    });
    return {
      api: new NativeApi(core, options.channel),
      summary: { ...clientSummary('NativeClient', core, options.channel), auth: auth.kind },
    };
  }

  /** What `JSON.stringify(hub)` shows: where the client points, never the credentials. */
  toJSON(): ClientSummary {
    return this.#summary;
  }

  /** What `util.inspect(hub)` and `console.log(hub)` show in Node. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return inspectSummary(this.#summary);
  }

  /** `version`: the hub's Hubzilla version, e.g. `"8.8.7"`. */
  version(options?: RequestOptions): ApiPromise<string> {
    return ApiPromise.attempt(() => {
      return this.#api.read(
        'version',
        {},
        { schema: VersionAnswerSchema, subject: 'The version', shape: 'string' },
        options,
      );
    });
  }
}
