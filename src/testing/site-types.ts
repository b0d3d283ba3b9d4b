import type { AppState } from './app/app-state.js';
import type {
  AddedItem,
  AddedNotification,
  AddItemInput,
  AddNotificationInput,
  Trickle,
  TrickleOptions,
} from './arrivals-types.js';
import type {
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
import type { FaultOptions } from './faults.js';
import type { HubState } from './native/hub-state.js';

/** A channel's HTTP Basic login: the nickname (or the e-mail) and the password. */
export interface ChannelCredentials<Nick extends string = string> {
  /** The channel nickname, the user name of HTTP Basic. */
  username: Nick;
  /** The account's password. */
  password: string;
  /**
   * The account e-mail, accepted as user name too (case-insensitive). Not enumerable, so that
   * `{ baseUrl, ...credentials.channel }` holds only the options a `NativeClient` takes.
   */
  email: string;
}

/** An OAuth 2.0 client registered with the fake hub, as tests use it. */
export interface FakeOAuthClient {
  /** The `client_id`. */
  clientId: string;
  /**
   * The `client_secret`: sent to `POST /token` as the Basic password, as a form field or as a JSON
   * member. Empty for a public client (authorization-code grant only).
   */
  clientSecret: string;
  /** The registered redirect URI (several separated by spaces); empty accepts any. */
  redirectUri: string;
  /** The grants it may use; `null` allows every grant the hub supports, `[]` none. */
  grantTypes: readonly string[] | null;
  /** The scopes it may ask for, separated by spaces; `null` allows any. */
  scope: string | null;
  /** The nickname of the channel its tokens act as. */
  channel: string;
}

/** What {@link FakeSite.registerOAuthClient} stores. */
export interface RegisterOAuthClientInput {
  /** The `client_id`; an existing client of that id is replaced. */
  clientId: string;
  /** @default 16 generated hex digits, as Hubzilla's "OAuth2 Apps" form proposes */
  clientSecret?: string | undefined;
  /** One redirect URI, or several separated by spaces. @default '' (any) */
  redirectUri?: string | undefined;
  /**
   * The grants the client may use. `[]` is what the hub's form stores for a blank "Grant Types"
   * field: every token request then fails with `unauthorized_client`. `null` (a NULL column)
   * allows all.
   * @default ['client_credentials', 'authorization_code']
   */
  grantTypes?: readonly string[] | null | undefined;
  /** The scopes it may ask for, separated by spaces. @default null (any) */
  scope?: string | null | undefined;
  /** The nickname of the channel its tokens act as. @default 'alice' */
  channel?: string | undefined;
}

/** A channel's RSA key pair, for signing requests with HTTP Signatures (draft-cavage). */
export interface ChannelSigningKey {
  /**
   * The `keyId` to sign with: `acct:alice@<host with port>`. The hub also accepts the address
   * without `acct:` and {@link channelUrl}; a `#main-key` suffix is refused.
   */
  keyId: string;
  /** The channel URL (`<site>/channel/alice`), also a valid `keyId`. */
  channelUrl: string;
  /** The private key, PKCS #8 PEM (import with `crypto.subtle.importKey('pkcs8', ...)`). */
  privateKeyPem: string;
  /** The public key, SPKI PEM: the channel's `channel_pubkey`. */
  publicKeyPem: string;
}

/** The seeded logins of both interfaces. */
export interface FakeCredentials {
  /** The `key` that token.php exchanges for a token of user {@link appUserId}. Reusable. */
  appKey: string;
  /** The phpFox user the key opens the app for (1, "John Doe", 23 friends). */
  appUserId: number;
  /** alice, the main channel; her account also owns the channel {@link secondChannel}. */
  channel: ChannelCredentials<'alice'>;
  /** bob, connected with alice both ways. */
  bob: ChannelCredentials<'bob'>;
  /** carol, whose password contains `:`: accepted only with the lower-case `basic` scheme. */
  carol: ChannelCredentials<'carol'>;
  /** alice's second channel, reached with `channel=alice2`. */
  secondChannel: 'alice2';
  /**
   * The seeded OAuth 2.0 client `fake-app` with the secret `fake-app-secret`, registered for alice
   * with the grants `client_credentials` and `authorization_code` and the redirect URI
   * `http://127.0.0.1/callback`. Its tokens act as alice.
   */
  oauthClient: FakeOAuthClient;
  /** alice's and bob's RSA keys for HTTP Signatures (2048 bits, the same on every site). */
  signingKeys: {
    /** alice's channel key (keyId `acct:alice@<host:port>`). */
    alice: ChannelSigningKey;
    /** bob's channel key. */
    bob: ChannelSigningKey;
  };
}

/** A stored file of the fake hub. */
export interface FakeFileInfo {
  /** The attach hash: `file_id` for filedata, file, filemeta and file/export. */
  file_id: string;
  /** The file's name. */
  filename: string;
  /** Its MIME type. */
  filetype: string;
  /** Its size in bytes. */
  filesize: number;
  /** Where it is, e.g. `Documents/notes.txt`. */
  display_path: string;
  /** SHA-256 of the content, lower-case hex (computed on first read). */
  readonly sha256: string;
  /** The content. */
  bytes(): Uint8Array<ArrayBuffer>;
}

/** alice's seeded files, by role, and a lookup for any file. */
export interface FakeFiles {
  /** `Documents/notes.txt`, 47 bytes of text. */
  readonly notes: FakeFileInfo;
  /** `Documents/empty.txt`, zero bytes (filedata without `length` answers HTTP 500). */
  readonly empty: FakeFileInfo;
  /** `Documents/big.bin`, 3,158,073 generated bytes (generated on first use). */
  readonly big: FakeFileInfo;
  /** `Documents/readme.md`, shared with bob only. */
  readonly readme: FakeFileInfo;
  /** A file by hash or by display path (`Photos/forest.jpg`). */
  get(idOrPath: string): FakeFileInfo | undefined;
  /** Every file (not folder) of every channel. */
  list(): FakeFileInfo[];
}

/** What {@link FakeSite.addFile} stores. */
export interface AddFileInput {
  /** The file's name (its extension guesses `filetype`). */
  filename: string;
  /** The content; text is stored as UTF-8. */
  bytes: Uint8Array | string;
  /** The folder (display path, created when missing). @default top level */
  folder?: string | undefined;
  /** The owning channel's nickname. @default 'alice' */
  channel?: string | undefined;
  /** @default guessed from the extension, else `application/octet-stream` */
  filetype?: string | undefined;
}

/** A request the site answered (for asserting what a client sent). */
export interface RecordedRequest {
  /** The HTTP method. */
  method: string;
  /** The full URL, query included (as sent: secrets in it are not redacted). */
  url: string;
  /** The request headers. */
  headers: Headers;
  /** The status answered (0 for a dropped connection). */
  status: number;
}

/** The live data, to inspect or change in tests. Mutating it changes what the site answers. */
export interface FakeSiteState {
  /** phpFox's users, friendships, notifications, photos, keys and tokens. */
  readonly app: AppState;
  /** Hubzilla's accounts, channels and tables. */
  readonly hub: HubState;
}

/** An in-memory fake of both interfaces. */
export interface FakeSite {
  /** The web-standard handler: `token.php`, `api.php` and `api/z/1.0/…` below the base path. */
  readonly handler: (request: Request) => Promise<Response>;
  /** The site root the data's links use: `siteUrl` + `basePath` (ends with `/`). */
  readonly url: string;
  /** The seeded logins: the app key and the channels' user names and passwords. */
  readonly credentials: FakeCredentials;
  /** alice's seeded files by role, and a lookup for any file. */
  readonly files: FakeFiles;
  /** The live data: changing it changes what the site answers. */
  readonly state: FakeSiteState;
  /** The injected faults; assigning replaces them and restarts their counters. */
  faults: FaultOptions;
  /** The requests answered since creation or {@link reset}, oldest first (the last 1,000). */
  readonly requests: readonly RecordedRequest[];
  /** Stores a file in a channel's cloud (alice's by default). */
  addFile(input: AddFileInput): FakeFileInfo;
  /** A new app key for a phpFox user (as if the user opened the app). */
  issueAppKey(userId: number): string;
  /**
   * Registers an OAuth 2.0 client with the hub (as a channel's "OAuth2 Apps" page does), or
   * replaces the one with the same id. Throws for an unknown channel.
   */
  registerOAuthClient(input: RegisterOAuthClientInput): FakeOAuthClient;
  /**
   * Ends every access token and authorization code issued so far, as if their lifetime had passed:
   * a token then gets the 401 of a failed login, a code `invalid_grant`.
   */
  expireTokens(): void;
  /**
   * Delivers an item to a channel's tables as if it had just arrived on the hub: a new post of a
   * connection (by default the channel's first one, so it shows in the network stream), or with
   * `parent` a comment in one of the channel's threads, which moves that thread to the top of the
   * network stream. Dated by the site's clock (which it advances one second, as a request does),
   * unseen, and seen by `network/stream`, `channel/stream` (comments on the channel's wall),
   * `item/full` and `items.reply` like any item. Throws for an unknown channel, author or parent.
   * @example
   * const { mid } = site.addItem({ body: 'Nice post!', author: 'bob', parent: post.mid });
   */
  addItem(input: AddItemInput): AddedItem;
  /**
   * Stores an unseen notification for a phpFox user (the app's user by default), newer than any of
   * theirs: `notification.getNewCount` counts it, `notification.get` lists it first. Throws for an
   * unknown user.
   */
  addNotification(input?: AddNotificationInput): AddedNotification;
  /**
   * Events on demand, with what the real servers do after them: a post or comment by any seeded
   * person delivered to the network streams of the channels it is for, a photo, a file, a new
   * connection or phpFox friend, a notification, mail (counts included). Shells reach the same
   * events through the fake server's admin endpoint or `socialsite-sdk fake-server trigger`.
   * @example
   * const { mid } = await site.events.post({ as: 'bob', body: 'bob posts now' });
   * await site.events.comment({ as: 'bob', on: mid, body: 'and comments' });
   * await site.events.notification({ type: 'like' });
   */
  readonly events: FakeEvents;
  /**
   * Makes things arrive at a steady pace, for testing bots and demos: posts and comments from the
   * channel's connections (some on old threads) and phpFox notifications, one every `every` ms
   * (2000 by default), chosen and worded by the site's seeded generator (the same seed gives the
   * same sequence). Runs until `stop()`, the `signal`, `limit` arrivals, {@link reset} or the fake
   * server's `close()`; its timers never keep a Node process alive by themselves.
   * @example
   * const trickle = site.trickle({ every: 500, items: false, notifications: false, onAdd: console.log });
   * // ... later
   * trickle.stop();
   */
  trickle(options?: TrickleOptions): Trickle;
  /**
   * Back to the freshly seeded state: data (what `addItem`, `addNotification` and trickles added
   * included), tokens, sessions, faults, clock and request log. Stops every trickle.
   */
  reset(): void;
}

/**
 * Events on demand: each makes one thing happen now, with what the real servers do after it.
 * The same events are served to shells by the fake server's admin endpoint
 * (`POST <site>/_fake/events/<name>`, JSON body) and `socialsite-sdk fake-server trigger <name>`.
 *
 * @example
 * const { mid } = await site.events.post({ as: 'bob', body: 'Hello from bob' });
 * // alice's network stream (and a follower of it) now has bob's post, once.
 */
export interface FakeEvents {
  /**
   * A new post by `as`. A hub channel posts through its API (`item/update`, its default access
   * list unless `allow`/`deny`), and the hub delivers it to its connections that connect back,
   * within the access lists: it shows in their network streams, unseen. A remote connection's post
   * arrives in each hub channel connected to it. Rejects for an unknown person.
   */
  post(input: PostEvent): Promise<DeliveredItem>;
  /**
   * A comment by `as` on the item `on`; every channel holding the thread gets it, and the thread
   * moves to the top of their network streams.
   */
  comment(input: CommentEvent): Promise<DeliveredItem>;
  /** A post with a photo by a hub channel (stored in its month album, with its photo rows), delivered as a post. */
  photo(input: PhotoEvent): Promise<DeliveredItem>;
  /** Stores a file in a channel's cloud (as {@link FakeSite.addFile}, alice's by default). */
  file(input: AddFileInput): Promise<FakeFileInfo>;
  /**
   * Two hub channels connect both ways, with a friend's permissions, each added to the other's
   * "Friends" group (whom posts go to by default): from then on their posts reach each other.
   * Rejects when they are connected already.
   */
  connect(input: ConnectEvent): Promise<ConnectedChannels>;
  /** Two phpFox users become friends; `userId` gets a `friend` notification (counted by `notification.getNewCount`). */
  friend(input: FriendEvent): Promise<BefriendedUsers>;
  /** A new unseen phpFox notification (as {@link FakeSite.addNotification}). */
  notification(input?: AddNotificationInput): Promise<AddedNotification>;
  /** New private messages for a phpFox user: `mail.getNewCount` goes up by `count`. */
  mail(input?: MailEvent): Promise<ArrivedMail>;
}
