import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach } from 'vitest';

export type RawHandler = (request: IncomingMessage, response: ServerResponse, attempt: number) => void;

/**
 * A real node:http server on 127.0.0.1 for what only the wire shows (resets, stalled bodies).
 * `serve(handler)` swaps the behaviour; `hits` counts requests since the last swap.
 */
export function useLoopbackServer() {
  let handler: RawHandler = (_, response) => response.end();
  const state = { hits: 0, url: '' };
  const server: Server = createServer((request, response) => {
    state.hits++;
    handler(request, response, state.hits);
  });
  const ready = new Promise<void>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      resolve();
    }),
  );
  afterEach(() => {
    state.hits = 0;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    state,
    async serve(next: RawHandler): Promise<string> {
      await ready;
      handler = next;
      state.hits = 0;
      return state.url;
    },
  };
}
