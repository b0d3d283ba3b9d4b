/** A request for one of the APIs. */
export type ApiRoute =
  | { api: 'app'; httpMethod: 'GET' | 'POST' }
  | { api: 'hub'; endpoint: string; httpMethod: 'GET' | 'POST' };

/** Where a request below the relay's mount path goes. */
export type RelayRoute = ApiRoute | { api: 'key-exchange' } | { api: 'none' };

const HUB_PREFIX = 'api/z/1.0/';

/** The mount path as `/…/`. */
export function normalizeBasePath(basePath: string | undefined): string {
  let path = basePath ?? '/';
  if (!path.startsWith('/')) path = `/${path}`;
  if (!path.endsWith('/')) path = `${path}/`;
  return path;
}

/**
 * Reads the site path the page's client asked for, below `basePath`: the page's client has the
 * relay as its site root, so it asks for `api.php` and `api/z/1.0/<endpoint>` there. `undefined`:
 * not below the mount path at all. Percent-escapes are compared as sent (no decoding): an endpoint
 * spelled another way matches no allow-list entry.
 */
export function routeOf(url: URL, basePath: string, method: string): RelayRoute | undefined {
  if (!url.pathname.startsWith(basePath)) return undefined;
  const path = url.pathname.slice(basePath.length);
  if (method !== 'GET' && method !== 'POST') return { api: 'none' };
  if (path === 'api.php') return { api: 'app', httpMethod: method };
  if (path === 'token.php') return { api: 'key-exchange' };
  if (path.startsWith(HUB_PREFIX) && path.length > HUB_PREFIX.length) {
    return { api: 'hub', endpoint: path.slice(HUB_PREFIX.length), httpMethod: method };
  }
  return { api: 'none' };
}
