/**
 * The server side of the browser examples, as an app's own server would be: it holds the secrets,
 * mounts the relay at `/social/` (`socialsite-sdk/relay`) and serves the pages, all on one origin.
 *
 * - `/examples/browser/`: the page gets a session cookie; the relay calls the site with the token
 *   the server got for the app key, and the hub with the channel's password. The page holds neither.
 * - `/app?key=…`: where phpFox points its iframe. The server exchanges the key for a token
 *   (`AppClient.fromKey`), keeps the token in the user's session and redirects to the app's page
 *   (`/examples/phpfox-app/`), whose calls go through the relay with that session's token.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { AppClient } from 'socialsite-sdk';
import { createRelay, DEFAULT_APP_ALLOW, toNodeHandler } from 'socialsite-sdk/relay';
import { listenOnLoopback, staticFiles } from './static-server.js';

/** The sites behind the relay: what `examples/support/site.ts` gives (a real one or the fake). */
export interface RelayedSites {
  app: { baseUrl: string; key: string };
  hub: { baseUrl: string; username: string; password: string; allowInsecureHttp?: boolean };
}

export interface AppServer {
  /** e.g. `http://127.0.0.1:5173/` */
  url: string;
  close(): Promise<void>;
}

const COOKIE = 'example_session';

/** Starts the example server on loopback; `port` 0 picks a free one. */
export async function startAppServer(sites: RelayedSites, port = 0): Promise<AppServer> {
  // One user's session: the phpFox token the server holds for them (never sent to the page).
  const sessions = new Map<string, { token: string | undefined }>();
  const sessionOf = (cookie: string | null | undefined) => {
    const id = /(?:^|;\s*)example_session=([\w-]+)/.exec(cookie ?? '')?.[1];
    return id === undefined ? undefined : sessions.get(id);
  };
  const open = (response: ServerResponse, token: string | undefined) => {
    const id = randomUUID();
    sessions.set(id, { token });
    // Lax on loopback http. Inside phpFox's iframe (a third-party context) a cookie needs
    // `SameSite=None; Secure; Partitioned`, or send a session header instead (see docs/browsers.md).
    response.setHeader('set-cookie', `${COOKIE}=${id}; HttpOnly; SameSite=Lax; Path=/`);
  };

  // The token for the plain browser example: the key exchanged once, on the server.
  let exampleToken: Promise<string> | undefined;
  const tokenForExample = () => {
    exampleToken ??= AppClient.fromKey(sites.app.key, { baseUrl: sites.app.baseUrl }).then(
      (app) => app.token,
    );
    return exampleToken;
  };

  const relay = toNodeHandler(
    createRelay({
      basePath: '/social/',
      // Only pages this server handed a session may use the relay.
      authorize: (request) => sessionOf(request.headers.get('cookie')) !== undefined,
      app: {
        baseUrl: sites.app.baseUrl,
        token: (request) => sessionOf(request.headers.get('cookie'))?.token,
        allow: [...DEFAULT_APP_ALLOW, 'photo.addPhoto'],
      },
      hub: { ...sites.hub },
      logLevel: 'warn',
    }),
  );
  const files = staticFiles(path.resolve(import.meta.dirname, '../..'));

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/social/')) return relay(request, response);
    if (url.pathname === '/app') {
      // phpFox opens the iframe at this URL with ?key=…; the key stays on the server.
      const key = url.searchParams.get('key') ?? '';
      const token = await AppClient.fromKey(key, { baseUrl: sites.app.baseUrl }).then(
        (app) => app.token,
        () => undefined,
      );
      open(response, token);
      response.writeHead(303, { location: '/examples/phpfox-app/', 'referrer-policy': 'no-referrer' });
      return response.end();
    }
    if (url.pathname === '/examples/browser/') open(response, await tokenForExample());
    return files(request, response);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  return listenOnLoopback(server, port);
}
