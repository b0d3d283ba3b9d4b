import { ArgumentError } from '../errors/argument-error.js';
import { editDistance } from './known-keys.js';

/** The site root as a URL ending in `/`, so relative paths (`api.php`) resolve below it, not beside it. */
export function siteRoot(baseUrl: string | URL): URL {
  let url: URL;
  try {
    url = new URL(String(baseUrl));
  } catch {
    // Not quoted: a malformed URL can still hold a password.
    throw new ArgumentError('baseUrl must be an absolute http(s) URL such as "https://site.example/"');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ArgumentError(`baseUrl must use http: or https:, got "${url.protocol}"`);
  }
  if (url.username !== '' || url.password !== '') {
    // Never echoed: the password would land in every error and log line that names the URL.
    throw new ArgumentError(
      'baseUrl must not contain credentials (user:password@host): pass username and password as options',
    );
  }
  if (misspeltLocalhost(url.hostname)) {
    // Otherwise a DNS failure after a second of retries, or (NativeClient) the plain-http refusal.
    throw new ArgumentError(
      `baseUrl's host "${url.hostname}" looks like a misspelt "localhost": did you mean "${url.protocol}//localhost${url.port === '' ? '' : `:${url.port}`}${url.pathname}"?`,
    );
  }
  url.search = '';
  url.hash = '';
  if (/\.php$/i.test(url.pathname)) {
    // `https://site.example/api.php` (or token.php, index.php): the SDK would ask for api.php/api.php.
    const folder = new URL(url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1), url.origin);
    throw new ArgumentError(
      `baseUrl must be the site's root folder, not a PHP script: got "${url.origin}${url.pathname}", use "${folder.href}" (the SDK adds token.php, api.php and api/z/1.0/ itself)`,
    );
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

/**
 * Refuses a root that is the address of the API below it (`api/z/1.0/` for the Native API, or a
 * part or endpoint of it: `/api/z/`, `/api/z/1.0/files`): the SDK would ask for
 * `api/z/1.0/api/z/1.0/files`, which the hub answers with a bare 404. `prefix` is the first part of
 * the API's path that no site root holds (`api/z/`).
 */
export function refuseApiAddress(root: URL, prefix: string, apiPath: string): void {
  const at = root.pathname.indexOf(`/${prefix}`);
  if (at < 0) return;
  const site = new URL(root.pathname.slice(0, at + 1), root.origin);
  throw new ArgumentError(
    `baseUrl must be the site's root, not the address of its API: got "${root.origin}${root.pathname}", use "${site.href}" (the SDK adds ${apiPath} itself)`,
  );
}

/** Loopback hosts, where plain http cannot be read by anyone else. */
export function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
  );
}

/**
 * A one-label host within two edits of `localhost` (`locahost`, `localhsot`, `lcoalhost`): a typo,
 * not a machine's name. Not one that starts with `localhost` (`localhost2`, a container's name).
 */
function misspeltLocalhost(host: string): boolean {
  if (host === 'localhost' || host.startsWith('localhost') || host.length < 6) return false;
  if (host.includes('.') || host.includes(':') || host.includes('[')) return false;
  return editDistance(host, 'localhost') <= 2;
}
