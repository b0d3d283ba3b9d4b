import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
  '.css': 'text/css',
};

/** A running static file server. */
export interface StaticServer {
  /** e.g. `http://127.0.0.1:5173/` */
  url: string;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  /** @default 0 (a free port) */
  port?: number;
  /** Sent with every file, e.g. a `content-security-policy`. */
  headers?: Record<string, string>;
}

/**
 * Serves the files below `root` on loopback HTTP, read-only, nothing above `root`. Enough for a page
 * of ES modules (the browser example, with an import map) or a bundle; not a production server.
 */
export async function startStaticServer(
  root: string,
  options: StaticServerOptions = {},
): Promise<StaticServer> {
  const { port = 0, headers = {} } = options;
  return listenOnLoopback(createServer(staticFiles(root, headers)), port);
}

/** Starts `server` on 127.0.0.1 (`port` 0: any free one); `close` also ends kept-alive connections. */
export async function listenOnLoopback(server: Server, port: number): Promise<StaticServer> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The request handler of {@link startStaticServer}: the files below `root`, nothing above it. */
export function staticFiles(
  root: string,
  headers: Record<string, string> = {},
): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  const base = path.resolve(root);
  return async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    let file = path.join(base, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    if (file !== base && !file.startsWith(base + path.sep)) file = '';
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
        ...headers,
      });
      response.end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  };
}
