import { afterAll, describe, expect, it } from 'vitest';
import { AppClient, ArgumentError, NativeClient } from '../../src/index.js';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';

// A cursor read back from a file someone else could write: checked before any request, in bounded work.

const servers: FakeServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

async function clients() {
  const server = await startFakeServer({ envelope: '3.9' });
  servers.push(server);
  const hub = new NativeClient({ baseUrl: server.hubBaseUrl, ...server.credentials.channel } as never);
  const app = await AppClient.fromKey(server.credentials.appKey, { baseUrl: server.appBaseUrl });
  return { hub, app, site: server.site };
}

const network = (fields: string) => JSON.parse(`{"v":1,"stream":"network",${fields}}`);
const notification = (fields: string) => JSON.parse(`{"v":1,"stream":"notification",${fields}}`);

describe('a hostile cursor', () => {
  it('network: __proto__ and constructor keys, huge or wrong lists, negative or fractional numbers, the other stream', async () => {
    const { hub, site } = await clients();
    const before = site.requests.length;
    const huge = JSON.stringify(Array.from({ length: 1_000_000 }, () => 'x'));
    for (const cursor of [
      network('"after":1,"skip":0,"__proto__":{"edge":[]}'),
      network('"after":1,"skip":0,"edge":[],"__proto__":{}'),
      network('"after":1,"skip":0,"edge":[],"constructor":{}'),
      network(`"after":1,"skip":0,"edge":${huge}`),
      network('"after":1,"skip":0,"edge":[1,2]'),
      network('"after":-1,"skip":0,"edge":[]'),
      network('"after":1.5,"skip":0,"edge":[]'),
      network('"after":"1","skip":0,"edge":[]'),
      network('"after":1e300,"skip":0,"edge":[]'),
      network('"after":1,"skip":-2,"edge":[]'),
      notification('"after":1,"pending":[],"recent":[]'),
      { v: 2, stream: 'network', after: 1, skip: 0, edge: [] },
      [],
      null,
    ]) {
      expect(() => hub.network.follow({ cursor })).toThrow(ArgumentError);
    }
    expect(site.requests.length).toBe(before);
  });

  it('notification: pending entries that are not notifications, too many, or the other stream', async () => {
    const { app, site } = await clients();
    const before = site.requests.length;
    const six = JSON.stringify(Array.from({ length: 6 }, (_, index) => ({ notification_id: index + 1 })));
    for (const cursor of [
      notification('"after":1,"pending":[{}],"recent":[]'),
      notification('"after":1,"pending":[[]],"recent":[]'),
      notification('"after":1,"pending":[{"notification_id":"x"}],"recent":[]'),
      notification('"after":1,"pending":[{"notification_id":-4}],"recent":[]'),
      notification('"after":1,"pending":[{"__proto__":{"notification_id":5}}],"recent":[]'),
      notification(`"after":1,"pending":${six},"recent":[]`),
      notification('"after":1,"pending":[],"recent":[-1]'),
      notification('"after":1,"pending":[],"recent":[],"__proto__":null'),
      network('"after":1,"skip":0,"edge":[]'),
    ]) {
      expect(() => app.notification.follow({ cursor })).toThrow(ArgumentError);
    }
    expect(site.requests.length).toBe(before);
    // A real one still passes.
    expect(() =>
      app.notification.follow({
        cursor: notification('"after":1,"pending":[{"notification_id":"5"}],"recent":[1]'),
      }),
    ).not.toThrow();
  });
});
