import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NativeClient, NotFoundError } from '../../src/index.js';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';

/*
 * What a live Hubzilla 8.8.7 taught, over real HTTP against the fake, which now behaves like it:
 * `network/stream?cid=` needs `uid`, an unknown `cid` and an empty file read without `length`
 * crash the hub (HTTP 500), and `posts=1` on the export is ignored.
 */
let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());

const alice = () =>
  new NativeClient({
    baseUrl: server.hubBaseUrl,
    ...server.credentials.channel,
    retry: { limit: 2, delay: () => 0 },
  });

function requestsTo(path: string, since: number): number {
  return server.site.requests.slice(since).filter((request) => request.url.includes(path)).length;
}

describe('network.stream({ cid })', () => {
  it("returns that connection's items, as a real 8.8.7 does once uid is sent", async () => {
    const hub = alice();
    const [bob] = (await hub.abook.list()).filter((row) => !row.abook_self);
    expect(bob).toBeDefined();
    const items = await hub.network.stream({ cid: bob?.abook_id ?? 0 }).toArray();
    const everything = await hub.network.stream().toArray();
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThan(everything.length);
    const bobsAddress = bob?.xchan_addr;
    const people = items.flatMap((item) => [item.author?.address, item.owner?.address]);
    expect(people).toContain(bobsAddress);
  });

  it('the fake answers [] to cid without uid, like the hub', async () => {
    const hub = alice();
    const [bob] = (await hub.abook.list()).filter((row) => !row.abook_self);
    const url = `${server.hubBaseUrl}api/z/1.0/network/stream?cid=${bob?.abook_id}`;
    const { username, password } = server.credentials.channel;
    const response = await fetch(url, {
      headers: { Authorization: `Basic ${btoa(`${username}:${password}`)}` },
    });
    expect(await response.json()).toEqual([]);
  });

  it('an unknown connection is a NotFoundError, and the crashing stream request is never sent', async () => {
    const before = server.site.requests.length;
    const failure = await alice()
      .network.stream({ cid: 987_654 })
      .toArray()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NotFoundError);
    expect((failure as Error).message).toMatch(/Connection 987654/);
    expect(requestsTo('network/stream', before)).toBe(0);
  });
});

describe('files.data on a zero-byte file', () => {
  const emptyFile = async (hub: NativeClient) => {
    const [file] = await hub.files.list({ filename: 'empty.txt' }).toArray();
    if (!file) throw new Error('the fake has no empty.txt');
    return file;
  };

  it('without length: one request (the 500 recurs), a typed error that says what to do', async () => {
    const hub = alice();
    const file = await emptyFile(hub);
    const before = server.site.requests.length;
    const failure = await hub.files.data({ file_id: file.hash }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 500 });
    expect((failure as Error).message).toMatch(/zero-byte file.*length/);
    expect(requestsTo('filedata', before)).toBe(1);
  });

  it('with a length, and through download(), it reads as empty', async () => {
    const hub = alice();
    const file = await emptyFile(hub);
    expect((await hub.files.data({ file_id: file.hash, length: 1024 })).bytes).toHaveLength(0);
    expect((await hub.files.downloadBlob(file.hash)).size).toBe(0);
  });
});

describe('channel.exportBasic', () => {
  it("exports 8.8.7's default sections", async () => {
    const exported = (await alice().channel.exportBasic()) as Record<string, unknown>;
    expect(exported).toHaveProperty('channel');
    expect(exported).not.toHaveProperty('item');
    expect(exported).not.toHaveProperty('wiki');
  });

  it('posts: true brings the posts (sent as the items section, since hubs ignore posts=1)', async () => {
    const before = server.site.requests.length;
    const exported = (await alice().channel.exportBasic({ posts: true })) as Record<string, unknown>;
    expect(Array.isArray(exported.item)).toBe(true);
    expect(exported).toHaveProperty('channel');
    const [request] = server.site.requests.slice(before);
    const query = new URL(request?.url ?? '').searchParams;
    expect(query.has('posts')).toBe(false);
    expect(query.get('sections')).toBe('channel,connections,config,apps,items');
  });
});
