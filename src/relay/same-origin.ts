import type { RelayOptions } from './options.js';
import { relayError } from './relay-error.js';

/** Whether an origin (`https://app.example`) is one the relay was told to trust. */
export type OriginTest = (origin: string) => boolean;

/** The origins trusted besides the relay's own: `trustedOrigins`, and the pages `cors.origins` lets read answers. */
export function trustedOriginTest(options: RelayOptions): OriginTest {
  const tests = [options.trustedOrigins, options.cors?.origins]
    .filter((listed) => listed !== undefined)
    .map(
      (listed): OriginTest => (typeof listed === 'function' ? listed : (origin) => listed.includes(origin)),
    );
  return (origin) => tests.some((test) => test(origin) === true);
}

/**
 * The refusal of a write a browser sent from another site, or `undefined` when it may pass.
 *
 * A browser sends the user's cookies with a form another site posts to the relay (`SameSite=None`,
 * as a phpFox app's iframe needs), and `authorize` would see a valid session: the write would be
 * made although CORS keeps the answer from the other site's page. A browser marks every POST with
 * where it comes from, in headers no page can set: `Origin` (always, for a POST) and, in every
 * current browser, `Sec-Fetch-Site`. So a POST passes when:
 * - `Sec-Fetch-Site: same-origin` (the browser's own verdict, right behind a proxy that changes
 *   the Host or the scheme the relay sees);
 * - or its `Origin` is the relay's own (`url`'s, from the request's Host) or a trusted one;
 * - or it has neither header: no browser sent it (curl, a server), so no cookie of a user's came
 *   with it on its own; whoever sent it holds what `authorize` checks.
 * `Origin: null` (a sandboxed frame, a `data:` page, some redirects) is refused, and so is
 * `Sec-Fetch-Site: same-site`, `cross-site` or `none` without a trusted `Origin`.
 */
export function crossSiteRefusal(request: Request, url: URL, trusted: OriginTest): Response | undefined {
  if (request.method !== 'POST') return undefined;
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  if (origin !== 'null') {
    if (site === 'same-origin') return undefined;
    if (origin !== null && (origin === url.origin || trusted(origin))) return undefined;
    if (origin === null && site === null) return undefined;
  }
  return relayError(
    403,
    'relay.cross_site',
    'The relay takes writes from its own origin only (or one listed in trustedOrigins or cors.origins)',
  );
}
