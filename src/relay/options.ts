import type { Hooks, Logger, LogLevel } from '../core/options/options.js';
import type { ServerLimits } from '../core/request/php-limits.js';
import type { NativeAuthOptions } from '../native/auth/strategy.js';

/** What one browser call through the relay asks for, as `authorize` sees it. */
export type RelayCall =
  | {
      /** The Application API (`api.php`). */
      api: 'app';
      /** The `module.method` called, e.g. `friend.getFriends`. */
      method: string;
      /** The HTTP method the page used. */
      httpMethod: 'GET' | 'POST';
    }
  | {
      /** The Native channel API (`api/z/1.0/`). */
      api: 'hub';
      /** The endpoint below `api/z/1.0/`, e.g. `files` or `item/update`. */
      endpoint: string;
      /** The HTTP method the page used. */
      httpMethod: 'GET' | 'POST';
    };

/** A value the relay reads per request (from the user's session), or a fixed one. */
export type PerRequest<T> = T | ((request: Request) => T | undefined | Promise<T | undefined>);

/** The Application API behind the relay. */
export interface RelayAppOptions {
  /** The phpFox site's root (`token.php` and `api.php` hang below it). The relay calls nothing else. */
  baseUrl: string | URL;
  /**
   * The access token, kept on the server: a string (one token for every caller), or a function that
   * reads the caller's own from your session (the phpFox iframe flow: the key exchanged server-side
   * with `AppClient.fromKey`, its token stored in the user's session). `undefined` → HTTP 401
   * (`relay.unauthenticated`), an `AuthenticationError` in the page.
   * @example token: (request) => sessions.get(request)?.phpfoxToken
   */
  token: PerRequest<string>;
  /**
   * The `module.method`s that may pass, each with the HTTP method the SDK calls it with (the reads
   * GET only, `photo.addPhoto` POST only), and only methods the SDK calls: the relay forwards the
   * parameters the SDK sends for them and refuses any other (400, `relay.bad_request`). A method
   * the SDK does not call is an `ArgumentError` at creation. Replaces the default list.
   * @default the read-only methods: user.getUser, friend.getFriends, friend.isFriend,
   * mail.getNewCount, notification.getNewCount, photo.getPhotos (not notification.get, which marks
   * notifications seen on phpFox 3.9, nor photo.addPhoto, a write)
   * @example allow: [...DEFAULT_APP_ALLOW, 'photo.addPhoto']
   */
  allow?: readonly string[] | undefined;
}

/** The hub behind the relay: its root, the channel's credentials (one way, as `NativeClient` takes them) and the allow-list. */
export type RelayHubOptions = NativeAuthOptions & {
  /** The hub's root (`api/z/1.0/` hangs below it). The relay calls nothing else. */
  baseUrl: string | URL;
  /**
   * The endpoints below `api/z/1.0/` that may pass, each with the HTTP methods allowed. Hubzilla
   * does not check the method (a GET of `item/update` creates an item), so every endpoint is listed
   * with exactly the methods it may be called with; an endpoint the SDK does not call, or a method
   * it does not call it with, is an `ArgumentError` at creation. Replaces the default list.
   * @default the read-only endpoints, GET only (see `DEFAULT_HUB_ALLOW`): not `channel/export/basic`
   * (it holds the channel's private key), `file/export` (server paths), `verify`, nor any write
   * @example allow: { ...DEFAULT_HUB_ALLOW, 'item/update': ['POST'] }
   */
  allow?: Readonly<Record<string, readonly ('GET' | 'POST')[]>> | undefined;
  /**
   * The channel every call acts as. A page's own `channel` parameter is refused (400), as is any
   * parameter the SDK does not send.
   * @default the account's default channel
   */
  channel?: string | undefined;
  /** As `NativeClient`'s: plain http to a host other than loopback. @default false */
  allowInsecureHttp?: boolean | undefined;
};

/** Cross-origin access to the relay, for a page served from another origin than the relay's. */
export interface RelayCorsOptions {
  /**
   * The page origins allowed (exact `https://app.example`), or a test. Other origins get no CORS
   * headers, so their pages cannot read the answers.
   */
  origins: readonly string[] | ((origin: string) => boolean);
  /** Request headers the pages may send (your session header). @default ['Content-Type'] */
  headers?: readonly string[] | undefined;
}

/** Options of {@link createRelay}. */
export interface RelayOptions {
  /**
   * The path the relay is mounted at; the page's client uses it as `relay`. Requests outside it get
   * a 404 (`relay.not_found`).
   * @default '/'
   * @example '/social/'
   */
  basePath?: string | undefined;
  /**
   * Decides whether THIS request may pass, against your own session (a cookie, a header): required,
   * so a relay is never open to the world by accident. Pass `() => true` to open it on purpose.
   * `false` → HTTP 403 (`relay.forbidden`). Called after the allow-list and cross-site checks,
   * with a frozen copy of the call (the relay forwards its own: what is sent is what was checked),
   * within `authorizeTimeout`.
   * @example authorize: async (request) => (await sessionOf(request)) !== undefined
   */
  authorize: (request: Request, call: RelayCall) => boolean | Promise<boolean>;
  /** The Application API to forward to. Without it, `api.php` is refused (404). */
  app?: RelayAppOptions | undefined;
  /** The hub to forward to. Without it, `api/z/1.0/` is refused (404). */
  hub?: RelayHubOptions | undefined;
  /**
   * Time allowed for one upstream call, answer body included, in ms. Past it: HTTP 504.
   * @default 30000
   */
  timeout?: number | undefined;
  /**
   * The largest request body a page may send (an upload), in bytes. Past it: HTTP 413.
   * @default 10485760 (10 MiB)
   */
  maxRequestBytes?: number | undefined;
  /**
   * The largest upstream answer relayed, in bytes; also what one call can hold in memory. A
   * download is many `filedata` chunks (1 MiB each by default, 1.4 MB as base64), each well within
   * it. Past it: HTTP 502 (`relay.response_too_large`).
   * @default 16777216 (16 MiB)
   */
  maxResponseBytes?: number | undefined;
  /**
   * The PHP request limits of the sites behind the relay (their php.ini), which PHP enforces
   * silently: fields past `max_input_vars` are dropped (the pinned `hub.channel` with them, were it
   * sent last), a body past `post_max_size` arrives empty. A call PHP would cut is refused before
   * anything is sent: HTTP 413 (`relay.request_too_large`) for a body or a file too large, 400
   * (`relay.bad_request`) for too many fields, files or `[`…`]` levels, the message naming the limit.
   * Counted on the request the relay sends, per superglobal (query and body apart, each `name[]`
   * entry one), its own `channel`, `token` and `method` included (and sent first). One set for both
   * sites: give the lower of each where their php.ini differ.
   * @default PHP's: maxInputVars 1000, maxNesting 64, postMaxSize 8 MiB, uploadMaxFilesize 2 MiB,
   * maxFileUploads 20
   * @example serverLimits: { maxInputVars: 5000, uploadMaxFilesize: 16 * 1024 * 1024 }
   */
  serverLimits?: ServerLimits | undefined;
  /** Answer CORS for pages on other origins. @default undefined (same-origin pages only) */
  cors?: RelayCorsOptions | undefined;
  /**
   * Page origins whose writes (POST) are taken besides the relay's own. A POST a browser sends from
   * any other origin (its `Origin`, `Sec-Fetch-Site: cross-site`/`same-site`, `Origin: null`) is
   * refused with HTTP 403 (`relay.cross_site`) before `authorize` and before anything is sent: a
   * form on another site would otherwise write with the user's cookie session. `cors.origins` are
   * trusted too (a page you let read the answers is one of yours). A POST with neither `Origin` nor
   * `Sec-Fetch-Site` (no browser sent it: curl, a server) passes to `authorize`. Behind a proxy that
   * changes the Host or the scheme the relay sees, browsers' `Sec-Fetch-Site: same-origin` still
   * lets the relay's own pages write; list the public origin here for older browsers.
   * @default [] (the relay's own origin, and `cors.origins`)
   * @example trustedOrigins: ['https://app.example']
   */
  trustedOrigins?: readonly string[] | ((origin: string) => boolean) | undefined;
  /**
   * Time allowed for the page's request body to arrive whole, in ms from the relay's receipt of the
   * request. Past it: HTTP 408 (`relay.body_timeout`) and the connection is closed: a page sending
   * its body a byte at a time holds nothing longer than this. Raise it with `maxRequestBytes` if
   * your users upload large files over slow links.
   * @default 30000
   */
  bodyTimeout?: number | undefined;
  /**
   * Time allowed for `authorize` to settle, in ms. Past it: HTTP 503 (`relay.authorize_timeout`)
   * and nothing is sent to the site (a session store that hangs does not hold the pages).
   * @default 10000
   */
  authorizeTimeout?: number | undefined;
  /**
   * The most calls the relay has under way at once (each one from its body's reading to its
   * answer's scrubbing: one upstream connection and up to `maxRequestBytes` + `maxResponseBytes` of
   * memory). Past it: HTTP 503 (`relay.busy`) with `Retry-After: 1`, at once (the page's client
   * retries its reads after it).
   * @default 64
   */
  maxPendingCalls?: number | undefined;
  /** A `fetch` for the upstream calls. @default globalThis.fetch */
  fetch?: typeof globalThis.fetch | undefined;
  /** As the clients' (`ClientOptions.logLevel`): one redacted line per upstream event. @default 'off' */
  logLevel?: LogLevel | undefined;
  /** Where log lines go. @default console */
  logger?: Logger | undefined;
  /** Observe the upstream calls (redacted URLs only). */
  hooks?: Hooks | undefined;
}

/** The relay: a Fetch-API handler to mount at `basePath`. */
export type RelayHandler = (request: Request) => Promise<Response>;
