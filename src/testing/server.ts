import { randomUUID } from 'node:crypto';
import type { OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer, type HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { ADMIN_EVENTS_PATH, adminAnswer } from './admin-route.js';
import { withCors } from './cors.js';
import { RESET_HEADER, RESET_TOTAL_HEADER } from './faults.js';
import { openApiAnswer } from './openapi-route.js';
import type { FakeSiteOptions } from './options.js';
import { createFakeSite } from './site.js';
import type { FakeCredentials, FakeSite } from './site-types.js';
import { stopTrickles } from './trickle.js';

/** Options of {@link startFakeServer}: where to listen, plus the options of the site it creates. */
export interface FakeServerOptions extends FakeSiteOptions {
  /** The TCP port; 0 picks a free one. @default 0 */
  port?: number | undefined;
  /** The interface to listen on. @default '127.0.0.1' */
  host?: string | undefined;
  /**
   * Permissive CORS (any origin, preflights answered 204 before login) so browser pages on other
   * origins can call the server directly. Off by default, as on the real servers: phpFox 3.9 and
   * Hubzilla 8.8.7 send no CORS headers and Hubzilla answers the `Authorization` preflight 401, so
   * a page on another origin fails against the fake just as against them (put a relay in front:
   * `socialsite-sdk/relay`).
   * @default false
   */
  cors?: boolean | undefined;
  /**
   * The token a caller not on loopback must send to the admin endpoint (`POST <url>_fake/events/<name>`,
   * header `X-Fake-Admin-Token` or `Authorization: Bearer`).
   * @default a random one, in {@link FakeServer.adminToken}
   */
  adminToken?: string | undefined;
  /**
   * Serve this site instead of creating one (its links then keep its own `siteUrl`).
   * @default a new site whose `siteUrl` is the server's URL
   */
  site?: FakeSite | undefined;
}

/** A running fake server. */
export interface FakeServer {
  /** The site root, e.g. `http://127.0.0.1:41234/` (with the base path). */
  url: string;
  /** The `baseUrl` for `AppClient` (token.php and api.php hang below it): the site root. */
  appBaseUrl: string;
  /** The `baseUrl` for `NativeClient` (api/z/1.0/ hangs below it): the site root. */
  hubBaseUrl: string;
  /** The seeded logins: the app key and the channels' user names and passwords. */
  credentials: FakeCredentials;
  /**
   * Where shells send events (`site.events`): `POST <eventsUrl><name>` with the input as JSON,
   * e.g. `curl -d '{"as":"bob","body":"hi"}' <eventsUrl>post`; `GET` lists the names.
   */
  eventsUrl: string;
  /** What a caller not on loopback sends to {@link eventsUrl} (header `X-Fake-Admin-Token`). */
  adminToken: string;
  /** The fake site behind the server, to inspect or change its data, faults and request log. */
  site: FakeSite;
  /** Stops listening, closes every connection and stops the site's trickles (`site.trickle`). */
  close(): Promise<void>;
}

/**
 * Serves a fake site on loopback HTTP (Node), for tests that need a real socket, the demo and the
 * benchmarks. Faults with `resetAfterBytes` or `filedata` resets destroy the socket mid-body.
 * It also serves the OpenAPI documents of `socialsite-sdk/openapi` at `openapi/app.json` and
 * `openapi/native.json` below its URL, their `servers` pointing at itself (for API explorers and
 * code generators; loaded on the first request).
 *
 * @example
 * const server = await startFakeServer();
 * const hub = new NativeClient({ baseUrl: server.hubBaseUrl, ...server.credentials.channel });
 * await server.close();
 */
export async function startFakeServer(options: FakeServerOptions = {}): Promise<FakeServer> {
  const { port = 0, host = '127.0.0.1', cors = false, site: given, adminToken, ...siteOptions } = options;
  const token = adminToken ?? randomUUID();
  let handle: ((request: Request) => Promise<Response>) | undefined;
  let served: FakeSite | undefined;
  let root = '';
  const server = createAdaptorServer({
    overrideGlobalObjects: false,
    hostname: host,
    fetch: async (request: Request, env: unknown) => {
      if (!handle || !served) return new Response('starting', { status: 503 });
      const { incoming, outgoing } = env as HttpBindings;
      const caller = { address: incoming.socket.remoteAddress, token };
      const admin = await adminAnswer(served, request, root, caller);
      const document = admin ?? (await openApiAnswer(request, root));
      return deliver(document ?? (await handle(request)), outgoing);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  const site = given ?? createFakeSite({ ...siteOptions, siteUrl: origin });
  handle = cors ? withCors(site.handler) : site.handler;
  served = site;
  const url = `${origin}${new URL(site.url).pathname}`;
  root = url;
  return {
    url,
    appBaseUrl: url,
    hubBaseUrl: url,
    credentials: site.credentials,
    eventsUrl: `${url}${ADMIN_EVENTS_PATH}/`,
    adminToken: token,
    site,
    close: () =>
      new Promise<void>((resolve, reject) => {
        stopTrickles(site);
        const http = server as Server;
        http.close((error) => (error ? reject(error) : resolve()));
        http.closeAllConnections();
      }),
  };
}

/** Sends `response`, acting on the fake's reset marker: the socket is destroyed mid-body. */
async function deliver(response: Response, outgoing: ServerResponse): Promise<Response> {
  if (response.type === 'error') {
    outgoing.socket?.destroy();
    return RESPONSE_ALREADY_SENT;
  }
  const cut = response.headers.get(RESET_HEADER);
  if (cut === null) return response;
  const prefix = await readUntilError(response);
  const headers: OutgoingHttpHeaders = {};
  response.headers.forEach((value, name) => {
    if (name !== RESET_HEADER && name !== RESET_TOTAL_HEADER && name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  headers['content-length'] = response.headers.get(RESET_TOTAL_HEADER) ?? String(prefix.length + 1);
  outgoing.writeHead(response.status, headers);
  outgoing.write(prefix, () => outgoing.destroy());
  return RESPONSE_ALREADY_SENT;
}

/** The body bytes a response yields before its stream errors. */
async function readUntilError(response: Response): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const reader = response.body?.getReader();
  try {
    for (;;) {
      const next = await reader?.read();
      if (!next || next.done) break;
      chunks.push(next.value);
    }
  } catch {
    // The marked failure point.
  }
  return Buffer.concat(chunks);
}
