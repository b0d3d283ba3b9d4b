import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type Attach,
  AuthenticationError,
  type ExportItem,
  NativeClient,
  NotFoundError,
  type StreamItem,
} from '../../src/index.js';
import { solidPng } from '../../src/testing/seed/images.js';

/*
 * The Native API contract against a REAL hub (HUB_BASE_URL, HUB_USER, HUB_PASSWORD). Only what holds
 * on any hub is checked — normalized types, lists that end, byte-exact downloads, error classes — never
 * the fake's data. Writes (a post, a comment, a post with media) only with LIVE_WRITES=1.
 */
const env = process.env;
const login = {
  baseUrl: env.HUB_BASE_URL ?? '',
  username: env.HUB_USER ?? '',
  password: env.HUB_PASSWORD ?? '',
};
const writes = env.LIVE_WRITES === '1';
const hub = () => new NativeClient({ ...login, allowInsecureHttp: true });

/** Files up to this size are downloaded whole (twice) to compare; larger ones by a range. */
const WHOLE_FILE_LIMIT = 16 * 1024 * 1024;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function allFiles(): Promise<Attach[]> {
  return hub().files.list().toArray();
}

describe(`Native API on ${login.baseUrl} as ${login.username}`, () => {
  it('answers its version', async () => {
    expect(await hub().version()).toMatch(/^\d+\.\d+/);
  });

  it('lists files with normalized types', async () => {
    const files = await allFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(typeof file.hash).toBe('string');
      expect(typeof file.filesize).toBe('number');
      expect(typeof file.is_dir).toBe('boolean');
      expect(file.created === null || file.created instanceof Date).toBe(true);
    }
  });

  it('pages through the file list and ends, with the same files as one answer', async () => {
    const oneAnswer = (await allFiles()).map((file) => file.hash);
    const paged = (await hub().files.list({ records: 2 }).toArray()).map((file) => file.hash);
    // Each file once; the order of files created in the same second is the database's, per query.
    expect(paged).toHaveLength(oneAnswer.length);
    expect([...paged].sort()).toEqual([...oneAnswer].sort());
  });

  it('downloads every file byte-exact (chunked download = whole-file read)', async () => {
    const files = (await allFiles()).filter((file) => !file.is_dir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      if (file.filesize > WHOLE_FILE_LIMIT) {
        const range = await hub().files.downloadBlob(file.hash, { start: 0, end: 1024 * 1024 });
        expect(range.size).toBe(1024 * 1024);
        continue;
      }
      const whole = await hub().files.get({ file_id: file.hash });
      expect(whole.bytes.length).toBe(file.filesize);
      const chunked = await hub().files.downloadBlob(file.hash, { chunkSize: 256 * 1024, concurrency: 3 });
      const bytes = new Uint8Array(await chunked.arrayBuffer());
      expect(bytes.length).toBe(file.filesize);
      expect(sha256(bytes)).toBe(sha256(whole.bytes));
    }
  });

  it('reads albums, groups, connections and the channel export with normalized types', async () => {
    const client = hub();
    expect(Array.isArray(await client.albums.list())).toBe(true);
    const groups = await client.groups.list();
    for (const group of groups) {
      expect(typeof group.id).toBe('number');
      expect(typeof group.deleted).toBe('boolean');
    }
    const connections = await client.abook.list();
    for (const connection of connections) expect(typeof connection.abook_self).toBe('boolean');
    const exported = await client.channel.exportBasic({ sections: ['connections'] });
    expect(exported.compatibility.project).toMatch(/hubzilla/i);
  });

  it('network.stream ends, and by connection returns that connection’s items', async () => {
    const client = hub();
    const all = await client.network.stream().toArray();
    const others = (await client.abook.list()).filter((row) => !row.abook_self);
    let fromConnections = 0;
    for (const connection of others) {
      const items = await client.network.stream({ cid: connection.abook_id }).toArray();
      for (const item of items) expect(all.some((other) => other.uuid === item.uuid)).toBe(true);
      fromConnections += items.length;
    }
    // A hub whose stream has items from connections must return some of them by cid.
    const foreign = all.filter((item) => item.author?.address !== all[0]?.owner?.address);
    if (others.length > 0 && foreign.length > 0) expect(fromConnections).toBeGreaterThan(0);
  });

  it('exportBasic({ posts: true }) brings the posts', async () => {
    const exported = (await hub().channel.exportBasic({ posts: true })) as { item?: unknown };
    expect(Array.isArray(exported.item)).toBe(true);
  });

  it('a wrong password is an AuthenticationError', async () => {
    const wrong = new NativeClient({
      ...login,
      password: `${login.password}-wrong`,
      allowInsecureHttp: true,
    });
    await expect(wrong.files.list()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('an unknown file and an unknown group are NotFoundErrors', async () => {
    await expect(hub().files.meta({ file_id: randomUUID() })).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      hub().groups.members({ group_name: `no such group ${randomUUID()}` }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(hub().network.stream({ cid: 2_000_000_000 }).toArray()).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('reads every item shape strictly: streams, a thread, a photo and its file export', async () => {
    const client = hub();
    const stream = await client.network.stream().toArray();
    await client.channel.stream();
    const top = stream.find((item) => item.message_id === item.message_top);
    if (top) {
      const thread = await client.items.full({ mid: top.message_id });
      expect(thread[0]?.message_id).toBe(top.message_id);
      expect(thread[0]?.id).toBe(thread[0]?.parent);
    }
    const [photo] = await client.photos.list();
    if (photo) {
      const detail = await client.photos.get({ photo_id: photo.resource_id });
      const exported = await client.files.export({ file_id: photo.resource_id });
      for (const item of [...detail.item, ...(exported.item ?? [])]) expect(typeof item.id).toBe('number');
    }
  });

  it.runIf(writes)(
    'items.reply from a row, a stream item and an exported comment lands in the thread (--writes)',
    async () => {
      const client = hub();
      const stamp = new Date().toISOString();
      const top = await client.items.update({ body: `socialsite-sdk reply check ${stamp}` });
      const streamed = (await client.channel.stream()).find((item) => item.message_id === top.item.mid);
      expect(streamed).toBeDefined();
      const fromRow = await client.items.reply(top.item, { body: `reply to the row ${stamp}` });
      const fromStream = await client.items.reply(streamed as StreamItem, {
        body: `reply to the stream item ${stamp}`,
      });
      const exported = (await client.items.full({ item_id: top.item_id })).find(
        (item) => item.id === fromRow.item_id,
      );
      expect(exported).toBeDefined();
      const fromExport = await client.items.reply(exported as ExportItem, {
        body: `reply to the exported comment ${stamp}`,
      });
      const replies = [fromRow, fromStream, fromExport];
      const thread = await client.items.full({ item_id: top.item_id });
      for (const reply of replies) {
        expect(reply.item).toMatchObject({ parent: top.item_id, parent_mid: top.item.mid });
        expect(thread.find((item) => item.id === reply.item_id)).toMatchObject({
          parent: top.item_id,
          message_top: top.item.mid,
          item_thread_top: false,
        });
      }
      expect(thread.find((item) => item.id === fromExport.item_id)?.message_parent).toBe(
        exported?.message_id,
      );
      const tops = (await client.network.stream().toArray()).filter(
        (item) => item.message_id === item.message_top,
      );
      for (const reply of replies) expect(tops.map((item) => item.message_id)).not.toContain(reply.item.mid);
    },
  );

  it.runIf(writes)(
    "items.reply to a connection's post from the network stream joins that post's thread (--writes)",
    async () => {
      const client = hub();
      const self = (await client.abook.list()).find((row) => row.abook_self)?.xchan_addr;
      const theirs = (await client.network.stream().toArray()).find(
        (item) => item.message_id === item.message_top && item.author.address !== self,
      );
      if (!theirs) return;
      const reply = await client.items.reply(theirs, {
        body: `a reply from socialsite-sdk ${new Date().toISOString()}`,
      });
      expect(reply.item.parent_mid).toBe(theirs.message_id);
      const thread = await client.items.full({ mid: theirs.message_id });
      expect(thread.find((item) => item.id === reply.item_id)).toMatchObject({
        message_top: theirs.message_id,
      });
    },
  );

  it.runIf(writes)('posts, comments, and posts with media (--writes)', async () => {
    const client = hub();
    const stamp = new Date().toISOString();
    const post = await client.items.update({ body: `socialsite-sdk live check ${stamp}` });
    expect(post.item_id).toBeGreaterThan(0);
    const comment = await client.items.update({ body: `a comment ${stamp}`, parent: post.item_id });
    expect(comment.item_id).toBeGreaterThan(post.item_id);
    const thread = await client.items.full({ item_id: post.item_id });
    expect(thread.length).toBeGreaterThanOrEqual(1);
    const image = new Blob([solidPng(40, 30, [200, 40, 40])], { type: 'image/png' });
    const withMedia = await client.items.update({ body: `with media ${stamp}`, media: image });
    expect(withMedia.item_id).toBeGreaterThan(0);
    // The photo's link, after the text (8.x) or before it (10.x): the SDK rejects an answer without.
    expect(withMedia.item.body).toMatch(/\[zmg=[^\]]+\]/);
    const file = new File([`notes ${stamp}`], 'notes.txt', { type: 'text/plain' });
    const withFile = await client.items.update({ body: `with a file ${stamp}`, media: file });
    expect(withFile.item.body).toBe(`with a file ${stamp}`);
    // Listed in the row's attach (JSON text) with all its bytes; the name may get a "(1)".
    const attached = JSON.parse(String(withFile.item.attach)) as Array<{ length: number; type: string }>;
    expect(attached).toContainEqual(expect.objectContaining({ length: file.size, type: 'text/plain' }));
  });
});

/*
 * The other ways to authenticate, each when its variables are set: HUB_CLIENT_ID and
 * HUB_CLIENT_SECRET (an OAuth 2.0 client registered on the hub for the channel), HUB_KEY_ID and
 * HUB_PRIVATE_KEY_FILE (the channel's key, PEM). Each must see the same files as the password.
 */
const strategies = [
  env.HUB_CLIENT_ID && env.HUB_CLIENT_SECRET
    ? {
        name: `clientCredentials (${env.HUB_CLIENT_ID})`,
        make: () =>
          new NativeClient({
            baseUrl: login.baseUrl,
            allowInsecureHttp: true,
            clientCredentials: { clientId: env.HUB_CLIENT_ID!, clientSecret: env.HUB_CLIENT_SECRET! },
          }),
      }
    : undefined,
  env.HUB_KEY_ID && env.HUB_PRIVATE_KEY_FILE
    ? {
        name: `signature (${env.HUB_KEY_ID})`,
        make: () =>
          new NativeClient({
            baseUrl: login.baseUrl,
            allowInsecureHttp: true,
            signature: {
              keyId: env.HUB_KEY_ID!,
              privateKey: readFileSync(env.HUB_PRIVATE_KEY_FILE!, 'utf8'),
            },
          }),
      }
    : undefined,
].filter((strategy) => strategy !== undefined);

describe.skipIf(strategies.length === 0)('other ways to authenticate', () => {
  it.each(strategies)(
    '$name sees the same files as the password, and can post with media',
    async ({ make }) => {
      const client = make();
      const mine = (await client.files.list().toArray()).map((file) => file.hash).sort();
      expect(mine).toEqual((await allFiles()).map((file) => file.hash).sort());
      if (!writes) return;
      const media = new File([solidPng(8, 8, [0, 128, 255])], 'auth.png', { type: 'image/png' });
      const { item_id } = await client.items.update({ body: `auth check ${randomUUID()}`, media });
      expect(item_id).toBeGreaterThan(0);
    },
  );
});
