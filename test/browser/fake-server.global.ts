import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { AppClient } from '../../src/index.js';
import { createRelay, DEFAULT_APP_ALLOW, toNodeHandler } from '../../src/relay.js';
import { startFakeServer } from '../../src/testing/index.js';

/** What the browser tests learn about the loopback fake server and its relay (only plain data crosses into the page). */
export interface ProvidedFakeServer {
  /** The fake site itself: no CORS headers, as the real servers. */
  url: string;
  appKey: string;
  /** The relay in front of it (another origin than the test page: it answers CORS for loopback pages). */
  relayUrl: string;
  /** The header and value the relay's `authorize` wants (a stand-in for the app's own session). */
  session: { header: string; value: string };
  /** A 20 MiB file of alice's. */
  big: { file_id: string; filesize: number; sha256: string };
  /** The relay's per-answer byte limit: the big file passes through it in chunks. */
  relayMaxResponseBytes: number;
  /** What must never reach the page, in any answer. */
  secrets: string[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    fakeServer: ProvidedFakeServer;
  }
}

const SESSION = { header: 'X-Test-Session', value: 'signed-in' };
const RELAY_MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

/**
 * Starts the fake site on loopback HTTP with CORS off (as phpFox and Hubzilla: a page on another
 * origin cannot call it), and a relay in front of it, mounted with `toNodeHandler` as a user's
 * server would. The test page's origin is another loopback port, so the relay answers CORS for
 * loopback origins and authorizes by a header.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const fake = await startFakeServer();
  const big = fake.site.addFile({
    filename: 'twenty.bin',
    bytes: new Uint8Array(20 * 1024 * 1024).map((_, index) => (index * 2654435761) >>> 24),
  });
  const { token } = await AppClient.fromKey(fake.credentials.appKey, { baseUrl: fake.appBaseUrl });
  const { username, password } = fake.credentials.channel;
  const relay = createRelay({
    basePath: '/social/',
    authorize: (request) => request.headers.get(SESSION.header) === SESSION.value,
    maxResponseBytes: RELAY_MAX_RESPONSE_BYTES,
    cors: {
      origins: (origin) => /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin),
      headers: ['Content-Type', SESSION.header],
    },
    app: { baseUrl: fake.appBaseUrl, token, allow: [...DEFAULT_APP_ALLOW, 'photo.addPhoto'] },
    hub: { baseUrl: fake.hubBaseUrl, username, password },
  });
  const server = createServer(toNodeHandler(relay));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  project.provide('fakeServer', {
    url: fake.url,
    appKey: fake.credentials.appKey,
    relayUrl: `http://127.0.0.1:${port}/social/`,
    session: SESSION,
    big: { file_id: big.file_id, filesize: big.filesize, sha256: big.sha256 },
    relayMaxResponseBytes: RELAY_MAX_RESPONSE_BYTES,
    secrets: [token, password, btoa(`${username}:${password}`), fake.credentials.appKey],
  });
  return async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await fake.close();
  };
}
