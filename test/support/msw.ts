import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * An msw server for one test file, failing on any request no handler answers, plus the log of
 * requests the SDK actually sent (cloned, so tests can read bodies after the fact).
 */
export function useMswServer(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  const requests: Request[] = [];
  server.events.on('request:start', ({ request }) => {
    requests.push(request.clone());
  });
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    requests.length = 0;
  });
  afterAll(() => server.close());
  return { server, requests };
}
