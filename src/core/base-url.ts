import { ArgumentError } from './errors/argument-error.js';

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
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

/** Loopback hosts, where plain http cannot be read by anyone else. */
export function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
  );
}
