import type { FaultOptions } from './faults.js';

/** Options of {@link createFakeSite}. Every option is optional. */
/** The phpFox versions whose Application API the fake imitates. */
export type PhpfoxVersion = '3.0' | '3.5' | '3.9';

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
   * Which phpFox the Application API imitates. `'3.0'`: `api` is `{total, pages: 0, current_page: 0}`,
   * friends are full user records, photo paging is 1-based and repeats the last page.
   * `'3.5'`: no `pages`, `current_page` is the raw `page` text, the 3.5 friend and photo shapes,
   * `*_link` HTML fields on users, 0-based photo paging returning `[]` past the end, and method
   * errors without `error_id`.
   * `'3.9'`: as 3.5, plus what a live phpFox 3.9.0 showed: photo records
   * `{id, title, likes, comments, uploaded_by*, is_liked, ...}` with numbers as strings; method
   * errors keep `error_id`; tokens are 276 letters and digits.
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
}

/** The options with their defaults applied. */
export interface ResolvedOptions {
  basePath: string;
  siteUrl: string;
  seed: number;
  now: () => Date;
  tick: () => void;
  envelope: PhpfoxVersion;
  bodyPrefix: 'bom' | 'notice' | 'both' | undefined;
  listTotals: 'count' | 'zero';
  photoUploadLimit: number;
  appApiEnabled: boolean;
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
    tick: () => {
      ticks++;
    },
    envelope: options.envelope ?? '3.0',
    bodyPrefix: options.bodyPrefix,
    listTotals: options.listTotals ?? 'count',
    photoUploadLimit: options.photoUploadLimit ?? 500 * 1024,
    appApiEnabled: options.appApiEnabled ?? true,
  };
}
