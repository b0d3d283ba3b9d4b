import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { AppClient } from '../../src/index.js';
import { createRelay, type RelayOptions, toNodeHandler } from '../../src/relay.js';
import { type FakeServer, type FakeServerOptions, startFakeServer } from '../../src/testing/index.js';

/** A fake site (CORS off, as the real servers) with a relay in front of it, both on loopback. */
export interface RelayedSite {
  fake: FakeServer;
  /** The relay's mount URL, e.g. `http://127.0.0.1:4321/social/`. */
  relayUrl: string;
  /** A token of the seeded phpFox user, exchanged on the "server" (this test), as an app's server would. */
  token: string;
  close(): Promise<void>;
}

type Tuning = Omit<RelayOptions, 'app' | 'hub' | 'authorize'> & {
  authorize?: RelayOptions['authorize'];
  app?: Partial<NonNullable<RelayOptions['app']>>;
  hub?: { allow?: NonNullable<RelayOptions['hub']>['allow']; password?: string };
  /** The fake's own options (`hubRewrite`, `envelope`); CORS stays off. */
  fake?: Omit<FakeServerOptions, 'cors'>;
};

/** Starts a fake site and a relay mounted at `/social/` with `toNodeHandler` on `node:http`. */
export async function startRelayedSite(tuning: Tuning = {}): Promise<RelayedSite> {
  const { app, hub, authorize, fake: fakeOptions, ...rest } = tuning;
  const fake = await startFakeServer({ ...fakeOptions, cors: false });
  const { token } = await AppClient.fromKey(fake.credentials.appKey, { baseUrl: fake.appBaseUrl });
  const { username, password } = fake.credentials.channel;
  const relay = createRelay({
    basePath: '/social/',
    authorize: authorize ?? (() => true),
    ...rest,
    app: { baseUrl: fake.appBaseUrl, token, ...app },
    hub: {
      baseUrl: fake.hubBaseUrl,
      username,
      password: hub?.password ?? password,
      ...(hub?.allow ? { allow: hub.allow } : {}),
    },
  });
  const server: Server = createServer(toNodeHandler(relay));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    fake,
    relayUrl: `http://127.0.0.1:${port}/social/`,
    token,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await fake.close();
    },
  };
}

/** `startRelayedSite`, closed after the file's last test. */
export function useRelayedSites(): (tuning?: Tuning) => Promise<RelayedSite> {
  const started: RelayedSite[] = [];
  afterAll(async () => {
    await Promise.all(started.map((site) => site.close()));
  });
  return async (tuning) => {
    const site = await startRelayedSite(tuning);
    started.push(site);
    return site;
  };
}

/** A fetch that keeps every answer the client receives (status, headers, body text), for asserting on them. */
export function recordingFetch(): { fetch: typeof fetch; seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      const text = await response.clone().text();
      const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
      seen.push(`${response.status}\n${headers}\n\n${text}`);
      return response;
    },
  };
}
