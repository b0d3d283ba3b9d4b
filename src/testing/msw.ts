import { type HttpHandler, http } from 'msw';
import { RESET_HEADER, RESET_TOTAL_HEADER } from './faults.js';
import type { FakeSite } from './site-types.js';

/** Options of {@link fakeHandlers}. */
export interface FakeHandlersOptions {
  /**
   * The URL the site is mocked at: requests below it go to the fake. Its path must be the site's
   * base path.
   * @default site.url (`https://fake.test/` unless the site was created with another `siteUrl`)
   */
  baseUrl?: string | URL | undefined;
}

/**
 * msw request handlers that answer every request below `baseUrl` with the fake site, for
 * `setupServer(...fakeHandlers(site))` (Node) or `setupWorker(...)` (browsers).
 *
 * @example
 * const site = createFakeSite();
 * const server = setupServer(...fakeHandlers(site));
 * server.listen();
 */
export function fakeHandlers(site: FakeSite, options: FakeHandlersOptions = {}): HttpHandler[] {
  const base = new URL(String(options.baseUrl ?? site.url));
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const sitePath = new URL(site.url).pathname;
  if (base.pathname !== sitePath) {
    throw new Error(
      `fakeHandlers: baseUrl path ${base.pathname} differs from the site's base path ${sitePath}`,
    );
  }
  // Every URL below the root (msw matches its origin and path): a RegExp, as msw 2.10 (the lowest
  // of the peer range) takes no predicate there.
  const root = base.href.slice(0, -1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [
    http.all(new RegExp(`^${root}(?:/.*)?$`), async ({ request }) => {
      const response = await site.handler(request);
      if (response.type === 'error' || !response.headers.has(RESET_HEADER)) return response;
      // The body stream already errors at the cut; announcing the full length makes the client
      // see the body end early even where the interceptor closes the stream quietly.
      const headers = new Headers(response.headers);
      headers.set('content-length', response.headers.get(RESET_TOTAL_HEADER) ?? '');
      headers.delete(RESET_HEADER);
      headers.delete(RESET_TOTAL_HEADER);
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    }),
  ];
}
