// The relay alone in its own process, for bench/relay-guard.ts: argv[2] is a JSON object
// ({ upstream, maxPendingCalls?, hangAuthorize? }). Prints its URL as a JSON line; each line
// "mem" on stdin prints its memory (after a GC) as a JSON line; exits when stdin closes.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { createRelay, DEFAULT_HUB_ALLOW, toNodeHandler } from '../src/relay.js';

const setup = JSON.parse(process.argv[2] ?? '{}') as {
  upstream: string;
  maxPendingCalls?: number;
  hangAuthorize?: boolean;
};
const relay = createRelay({
  basePath: '/social/',
  authorize: setup.hangAuthorize ? () => new Promise<boolean>(() => {}) : () => true,
  ...(setup.maxPendingCalls ? { maxPendingCalls: setup.maxPendingCalls } : {}),
  app: { baseUrl: setup.upstream, token: 'tok3nOfTheUserAbcdefghijklmnopqrstuvwxyz0123456789' },
  hub: {
    baseUrl: setup.upstream,
    username: 'alice',
    password: 'pa55-word-of-alice',
    allow: { ...DEFAULT_HUB_ALLOW, 'item/update': ['POST'] },
  },
});
const server = createServer(toNodeHandler(relay));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/social/` }));
const lines = createInterface({ input: process.stdin });
lines.on('line', () => {
  globalThis.gc?.();
  console.log(JSON.stringify(process.memoryUsage()));
});
lines.on('close', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
