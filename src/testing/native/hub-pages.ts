import type { Runtime } from '../runtime.js';
import { authorize } from './authorize.js';
import { discovery } from './discovery.js';
import { addPhpHeaders, withoutBodyForHead } from './reply.js';
import { knownSession, startSession } from './sessions.js';
import { tokenEndpoint } from './token-endpoint.js';

type Page = (runtime: Runtime, request: Request) => Response | Promise<Response>;

/** The hub's pages outside `api/z/1.0` that the fake serves: OAuth 2.0 and its discovery. */
const PAGES: Record<string, Page> = {
  token: tokenEndpoint,
  authorize,
  '.well-known/oauth-authorization-server': discovery,
  '.well-known/openid-configuration': discovery,
};

/** The page at `path` (below the site root), if the fake serves one there. */
export function hubPage(path: string | undefined): Page | undefined {
  return path !== undefined && Object.hasOwn(PAGES, path) ? PAGES[path] : undefined;
}

/** Runs a page as Hubzilla does: a PHP session (a cookie when the request brings none), PHP's headers. */
export async function servePage(runtime: Runtime, request: Request, page: Page): Promise<Response> {
  const cookies = knownSession(runtime, request) ? [] : [startSession(runtime)];
  return withoutBodyForHead(request, addPhpHeaders(await page(runtime, request), cookies));
}
