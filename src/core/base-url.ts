import { SdkError } from './errors/sdk-error.js';

/** The site root as a URL ending in `/`, so relative paths (`api.php`) resolve below it, not beside it. */
export function siteRoot(baseUrl: string | URL): URL {
  let url: URL;
  try {
    url = new URL(String(baseUrl));
  } catch {
    throw new SdkError(`baseUrl must be an absolute http(s) URL, got "${String(baseUrl)}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SdkError(`baseUrl must use http: or https:, got "${url.protocol}"`);
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
