/*
 * The fake server's copy of `socialsite-sdk/openapi`: `GET <site>/openapi/app.json` and
 * `<site>/openapi/native.json` answer the documents with `servers` pointing at the fake itself, so
 * an API explorer, a code generator or a test can be pointed at a running fake. Loaded on the first
 * request, by the Node server only: no other bundle of `socialsite-sdk/testing` carries them.
 */

/** The documents' paths below the site root. */
export const OPENAPI_PATHS: Readonly<Record<string, 'app' | 'native'>> = {
  'openapi/app.json': 'app',
  'openapi/native.json': 'native',
};

type Documents = Record<'app' | 'native', Record<string, unknown>>;

let documents: Promise<Documents> | undefined;

/** The answer to a request for one of the documents below `siteUrl`, or `undefined` for any other request. */
export async function openApiAnswer(request: Request, siteUrl: string): Promise<Response | undefined> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const base = new URL(siteUrl).pathname;
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith(base)) return undefined;
  const name = OPENAPI_PATHS[pathname.slice(base.length)];
  if (name === undefined) return undefined;
  documents ??= import('socialsite-sdk/openapi') as Promise<unknown> as Promise<Documents>;
  const document = (await documents)[name];
  const root = siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`;
  const url = name === 'app' ? root.slice(0, -1) : `${root}api/z/1.0`;
  const served = { ...document, servers: [{ url, description: 'This fake site (socialsite-sdk/testing).' }] };
  // A public document: explorers on other origins may read it, whatever the server's `cors` option.
  return Response.json(served, { headers: { 'access-control-allow-origin': '*' } });
}
