import { type ServerLimits, serverLimitsWithDefaults } from '../core/request/php-limits.js';
import type { FaultOptions } from './faults.js';

/**
 * The Hubzilla generations whose Native API the fake imitates: `'8.8'` (8.8.7 as run live) and
 * `'10.3'` (10.3.43 as read in its source; see `FakeSiteOptions.hubVersion`).
 */
export type HubVersion = '8.8' | '10.3';

/** The phpFox versions whose Application API the fake imitates. */
export type PhpfoxVersion = '3.0' | '3.5' | '3.9';

/**
 * How the fake hub's OAuth 2.0 and HTTP Signature logins behave. Every option is optional; the
 * defaults are Hubzilla 8.8.7's behaviour except where {@link authorizationCodeFlow} says otherwise.
 */
export interface FakeAuthOptions {
  /**
   * How long an OAuth access token lives, in seconds of the site's clock (see `now`). A token used
   * after that gets the 401 of a failed login. `site.expireTokens()` ends every token at once.
   * @default 3600 (the OAuth library's default, which 8.8.7 keeps)
   */
  accessTokenLifetime?: number | undefined;
  /**
   * Whether `/authorize` puts the client's secret into the redirect (`Location: ...?code=...&state=...&client_secret=...`)
   * and into its JSON body, as 8.8.7 does (a hub bug: the secret reaches the browser). `false` gives
   * what the OAuth library alone sends.
   * @default true
   */
  clientSecretInRedirect?: boolean | undefined;
  /**
   * `'works'`: `/authorize` issues codes with their PKCE challenge, as on an 8.8.7 hub whose
   * `oauth_authorization_codes` table has the `code_challenge` and `code_challenge_method` columns
   * the bundled OAuth library writes. `'stock-8.8.7'`: like a hub installed from 8.8.7's own
   * schema, which lacks them: issuing a code fails with HTTP 500 (an empty body).
   * @default 'works'
   */
  authorizationCodeFlow?: 'works' | 'stock-8.8.7' | undefined;
  /**
   * Also check the body of HTTP-signed requests, which the hub never does: a request with a body
   * must sign a `Digest: SHA-256=<base64>` (or `SHA-512=`) header that matches its bytes, and a
   * signed `Digest` must match the (possibly empty) body; otherwise the login fails (401). For
   * proving that a client signs the bytes it sends.
   * @default false
   */
  strictDigest?: boolean | undefined;
}

/** Options of `createFakeSite` and `startFakeServer`: which server generation, data and faults. */
export interface FakeSiteOptions {
  /**
   * Where the site is mounted: `token.php`, `api.php` and `api/z/1.0/` hang below this path.
   * @default '/'
   * @example createFakeSite({ basePath: '/social/' })
   */
  basePath?: string | undefined;
  /**
   * The origin the site believes it is served from, used in every link and address it generates
   * (photo URLs, permalinks, `bob@host`). {@link startFakeServer} sets it to its loopback URL.
   * @default 'https://fake.test'
   */
  siteUrl?: string | undefined;
  /**
   * The seed of the generated data (users, hashes, tokens, file bytes). The same seed gives the
   * same site, byte for byte.
   * @default 1
   */
  seed?: number | undefined;
  /**
   * The site's clock. A `Date` freezes it; a function is called whenever the site needs the time.
   * By default the clock starts at 2026-11-22 03:00:00 UTC (just after the seeded data) and
   * advances one second per request, so runs are reproducible.
   * @example createFakeSite({ now: () => new Date() })
   */
  now?: Date | (() => Date) | undefined;
  /**
   * Which phpFox the Application API imitates. `'3.0'` (held against a live 3.0.1): `api` is
   * `{total, pages: 0, current_page: 0}`, friends are full user records, photo paging is 1-based
   * and repeats the last page, photo items have no id, `photo.addPhoto` answers a size → URL map
   * and its photo is never listed by `photo.getPhotos`, `user.updateStatus` answers `true`, and
   * only 3.0.1's nine methods exist (others: `api.method_not_valid_for_module`, or HTTP 500 with an
   * empty body for a module without an API service).
   * `'3.5'`: no `pages`, `current_page` is the raw `page` text, the 3.5 friend and photo shapes,
   * `*_link` HTML fields on users, 0-based photo paging returning `[]` past the end, and method
   * errors without `error_id`.
   * `'3.9'`: as 3.5, plus what a live phpFox 3.9.0 showed: photo records
   * `{id, title, likes, comments, uploaded_by*, is_liked, ...}` with numbers as strings; method
   * errors keep `error_id`; tokens are 276 letters and digits; user records with a `*_link` per
   * picture; `user.get`, `friend.get`, `photo.get` and `mail.get`; `user.updateStatus` answers
   * the new feed item.
   * @default '3.0'
   */
  envelope?: PhpfoxVersion | undefined;
  /**
   * Junk put in front of every Application API answer, as real deployments do: a UTF-8 BOM, a PHP
   * notice (`<br />\n<b>Notice</b>: ...`), or both (BOM first).
   * @default undefined (clean JSON)
   */
  bodyPrefix?: 'bom' | 'notice' | 'both' | undefined;
  /**
   * `api.total` of the list methods (friend.getFriends, photo.getPhotos). `'count'`: the number of
   * items in the whole list, as phpFox 3.0.1's samples show. `'zero'`: always 0, as many real sites
   * answer, so clients cannot rely on it.
   * @default 'count'
   */
  listTotals?: 'count' | 'zero' | undefined;
  /**
   * The order of items received in the same second in the hub's unthreaded network stream
   * (`network/stream?compat=…`, `ORDER BY received DESC`). `'unstable'`: as PostgreSQL's, an order
   * that changes with `start` and `records` (each query shape mixes a same-second group its own
   * way, the same query always the same), so pages of one walk may list an item twice and skip
   * another. `'by-id'`: newest id first, the same for every query (kinder than a real hub).
   * @default 'unstable'
   */
  sameSecondOrder?: 'unstable' | 'by-id' | undefined;
  /**
   * Largest photo.addPhoto upload, in bytes; larger files get the method error
   * `photo.photo_add_photo_load`.
   * @default 512000 (phpFox's 500 KB)
   */
  photoUploadLimit?: number | undefined;
  /**
   * `false` answers every token.php and api.php call with `error_id: "api.enable_api_support"`, as a
   * site with the API switched off does.
   * @default true
   */
  appApiEnabled?: boolean | undefined;
  /**
   * Failures to inject (latency, HTTP errors, short, failing or reset `filedata` chunks). They can
   * also be changed at run time through `site.faults`.
   * @default no faults
   */
  faults?: FaultOptions | undefined;
  /**
   * The hub's OAuth 2.0 and HTTP Signature behaviour: token lifetime, the client secret in the
   * `/authorize` redirect, the authorization-code flow of a stock 8.8.7, strict `Digest` checks.
   * @default {} (see {@link FakeAuthOptions})
   */
  auth?: FakeAuthOptions | undefined;
  /**
   * Route the hub as Hubzilla's own `.htaccess` (`RewriteRule ^(.*)$ index.php?q=$1 [QSA]`) and its
   * sample nginx configuration do on a production server: the path becomes `q`, the request's own
   * query is appended after it, and PHP keeps the last `q`. So a `q` in the query (in any spelling
   * PHP reads as `q`) replaces the path: `…/files?q=api/z/1.0/channel/export/basic` runs the export.
   * `false`: the path alone routes, as under the live kit's `php -S` router.
   * @default false
   */
  hubRewrite?: boolean | undefined;
  /**
   * Which Hubzilla the Native API imitates. `'8.8'`: 8.8.7 as run live (7.8.7 and 8.9.3 answer
   * the same for what the fake serves). `'10.3'`: 10.3.43 as read in its source: `item/update`
   * reads `body` from the form body only (a `body` in the query string is ignored), puts an
   * uploaded file's link before the text (8.8.7: after it), and `xchan` stores nothing on POST
   * (8.8.7 adds an unknown `hash`); `version` answers `"10.3.43"`.
   * @default '8.8'
   * @example createFakeSite({ hubVersion: '10.3' })
   */
  hubVersion?: HubVersion | undefined;
  /**
   * PHP's request limits on both servers, which the fake applies silently, exactly as PHP 8.2
   * does (recorded in `test/fixtures/php-limits`): fields past `maxInputVars` are dropped (a
   * `channel` past them too: the post lands in the default channel), a name nested deeper than
   * `maxNesting` drops its whole variable, a body over `postMaxSize` arrives with no fields and no
   * files, a file over `uploadMaxFilesize` arrives as an upload error (no file), files past
   * `maxFileUploads` are dropped. Give the limits of your own site's php.ini to see what it would do.
   * @default PHP's defaults: `{ maxInputVars: 1000, maxNesting: 64, postMaxSize: 8M, uploadMaxFilesize: 2M, maxFileUploads: 20 }`
   * @example createFakeSite({ serverLimits: { maxInputVars: 3000, uploadMaxFilesize: 64 * 1024 * 1024 } })
   */
  serverLimits?: ServerLimits | undefined;
}

/** The options with their defaults applied. */
export interface ResolvedOptions {
  basePath: string;
  siteUrl: string;
  seed: number;
  now: () => Date;
  /**
   * What a signed `Date` is checked against: the given `now`, else the real clock (clients sign
   * with theirs, so the fake's reproducible clock, days in the past, would refuse every signature).
   */
  signatureClock: () => Date;
  tick: () => void;
  envelope: PhpfoxVersion;
  bodyPrefix: 'bom' | 'notice' | 'both' | undefined;
  listTotals: 'count' | 'zero';
  sameSecondOrder: 'unstable' | 'by-id';
  photoUploadLimit: number;
  appApiEnabled: boolean;
  hubRewrite: boolean;
  hubVersion: HubVersion;
  serverLimits: Required<ServerLimits>;
  auth: { [K in keyof FakeAuthOptions]-?: NonNullable<FakeAuthOptions[K]> };
}

const CLOCK_START = Date.UTC(2026, 10, 22, 3, 0, 0);

export function resolveOptions(options: FakeSiteOptions): ResolvedOptions {
  let basePath = options.basePath ?? '/';
  if (!basePath.startsWith('/')) basePath = `/${basePath}`;
  if (!basePath.endsWith('/')) basePath = `${basePath}/`;
  const siteUrl = new URL(options.siteUrl ?? 'https://fake.test').origin;
  let ticks = 0;
  const given = options.now;
  const now =
    given === undefined
      ? () => new Date(CLOCK_START + ticks * 1000)
      : given instanceof Date
        ? () => new Date(given.getTime())
        : given;
  return {
    basePath,
    siteUrl,
    seed: options.seed ?? 1,
    now,
    signatureClock: given === undefined ? () => new Date() : now,
    tick: () => {
      ticks++;
    },
    envelope: options.envelope ?? '3.0',
    bodyPrefix: options.bodyPrefix,
    listTotals: options.listTotals ?? 'count',
    sameSecondOrder: options.sameSecondOrder ?? 'unstable',
    photoUploadLimit: options.photoUploadLimit ?? 500 * 1024,
    appApiEnabled: options.appApiEnabled ?? true,
    hubRewrite: options.hubRewrite ?? false,
    hubVersion: options.hubVersion ?? '8.8',
    serverLimits: serverLimitsWithDefaults(options.serverLimits),
    auth: {
      accessTokenLifetime: options.auth?.accessTokenLifetime ?? 3600,
      clientSecretInRedirect: options.auth?.clientSecretInRedirect ?? true,
      authorizationCodeFlow: options.auth?.authorizationCodeFlow ?? 'works',
      strictDigest: options.auth?.strictDigest ?? false,
    },
  };
}
