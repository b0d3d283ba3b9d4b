import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import {
  createRelay,
  DEFAULT_APP_ALLOW,
  DEFAULT_HUB_ALLOW,
  type RelayOptions,
  toNodeHandler,
} from '../../src/relay.js';

export const GUARD_TOKEN = 'tok3nOfTheUserAbcdefghijklmnopqrstuvwxyz0123456789';
export const GUARD_PASSWORD = 'pa55-word-of-alice';

/** One request the upstream received, whole. */
export interface Recorded {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

export type Answer = (request: IncomingMessage, response: ServerResponse) => void;

async function listen(server: Server, host = '127.0.0.1'): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}/`;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/**
 * A phpFox site and a hub in one loopback server that records every request (after its body
 * arrived) and answers with `answer` (`{}` by default), and a relay in front of it on `node:http`
 * (`toNodeHandler`), both closed after the file's tests. Writes are allowed (`photo.addPhoto`,
 * `item/update`), `authorize` lets everything through unless told otherwise.
 */
export function useGuardedRelay() {
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map(close));
  });
  return async (options: Partial<RelayOptions> = {}, answer?: Answer) => {
    const recorded: Recorded[] = [];
    const upstream = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        recorded.push({
          method: request.method ?? '',
          url: request.url ?? '',
          authorization: request.headers.authorization,
          body: Buffer.concat(chunks).toString(),
        });
        if (answer) answer(request, response);
        else response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      });
    });
    servers.push(upstream);
    const upstreamUrl = await listen(upstream);
    const relay = createRelay({
      basePath: '/social/',
      authorize: () => true,
      app: { baseUrl: upstreamUrl, token: GUARD_TOKEN, allow: [...DEFAULT_APP_ALLOW, 'photo.addPhoto'] },
      hub: {
        baseUrl: upstreamUrl,
        username: 'alice',
        password: GUARD_PASSWORD,
        allow: { ...DEFAULT_HUB_ALLOW, 'item/update': ['POST'] },
      },
      ...options,
    });
    const server = createServer(toNodeHandler(relay));
    servers.push(server);
    const relayUrl = `${await listen(server)}social/`;
    return { relayUrl, upstreamUrl, recorded, origin: new URL(relayUrl).origin };
  };
}

/** The relay's error answer as `[status, code]`. */
export async function codeOf(answer: Response): Promise<[number, string]> {
  const text = await answer.text();
  let code = '';
  try {
    code = (JSON.parse(text) as { error: string }).error;
  } catch {}
  return [answer.status, code];
}

/** A form POST as a browser's `<form>` sends it, with the given headers. */
export function formPost(headers: Record<string, string> = {}, body = 'body=spam'): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body,
  };
}
