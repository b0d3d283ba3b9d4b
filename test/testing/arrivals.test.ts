import { describe, expect, it } from 'vitest';
import { AppClient, NativeClient } from '../../src/index.js';
import {
  type AddItemInput,
  type AddNotificationInput,
  createFakeSite as createSite,
  type FakeServer,
} from '../../src/testing/index.js';
import { useFakeServers } from './helpers.js';

const start = useFakeServers();

const aliceOf = (server: FakeServer) =>
  new NativeClient({ baseUrl: server.hubBaseUrl, ...server.credentials.channel, retry: 0 });
/** The site clock's text as the SDK reads it. */
const asDate = (sql: string) => new Date(`${sql.replace(' ', 'T')}Z`);

describe('site.addItem, over HTTP', () => {
  it("a connection's new post arrives in alice's network stream, first, as a received item", async () => {
    const server = await start();
    const hub = aliceOf(server);
    const host = new URL(server.url).host;
    const added = server.site.addItem({ body: 'Bob has news' });
    expect(added).toMatchObject({ parent: added.id, parent_mid: added.mid, thr_parent: added.mid });
    expect(added.mid).toBe(`${server.url}item/${added.mid.split('/').pop()}`);
    const { items } = await hub.network.stream();
    expect(items[0]).toMatchObject({
      message_id: added.mid,
      message_top: added.mid,
      body: 'Bob has news',
      author: { address: `bob@${host}` },
      owner: { address: `bob@${host}` },
      created: asDate(added.created),
      commented: asDate(added.created),
    });
    const [full] = await hub.items.full({ item_id: added.id });
    expect(full).toMatchObject({ id: added.id, item_unseen: true, item_wall: false, item_origin: false });
    // Not on alice's wall: her channel stream does not have it.
    const wall = await hub.channel.stream();
    expect(wall.map((item) => item.message_id)).not.toContain(added.mid);
  });

  it("a comment on an old thread brings that thread back to the top, as the hub's activity order does", async () => {
    const server = await start();
    const hub = aliceOf(server);
    const before = await hub.network.stream({ start: 0, records: 100 }).toArray();
    const oldest = before.filter((item) => item.message_id === item.message_top).at(-1);
    if (!oldest) throw new Error('no thread');
    expect(before[0]?.message_top).not.toBe(oldest.message_id);
    const comment = server.site.addItem({
      body: 'Late to the party',
      author: 'bob',
      parent: oldest.message_id,
    });
    expect(comment).toMatchObject({ parent_mid: oldest.message_id, thr_parent: oldest.message_id });
    const { items } = await hub.network.stream();
    const thread = items.filter((item) => item.message_top === oldest.message_id);
    expect(items[0]?.message_id).toBe(oldest.message_id);
    expect(thread.at(-1)).toMatchObject({
      message_id: comment.mid,
      message_parent: oldest.message_id,
      body: 'Late to the party',
      author: { name: 'Bob' },
      owner: { address: oldest.owner.address },
    });
    expect(thread[0]?.commented).toEqual(asDate(comment.created));
    expect(thread[0]?.created).toEqual(oldest.created);
    // alice's own post: the comment is on her wall too.
    const wall = await hub.channel.stream();
    expect(wall.map((item) => item.message_id)).toContain(comment.mid);
  });

  it('a comment is replyable through the SDK, and a comment on a comment joins the same thread', async () => {
    const server = await start();
    const hub = aliceOf(server);
    const post = await hub.items.update({ body: 'What should I cook tonight?' });
    const comment = server.site.addItem({ body: 'Pasta!', parent: post.item.mid });
    const streamed = (await hub.network.stream()).items.find((item) => item.message_id === comment.mid);
    if (!streamed) throw new Error('the comment is not in the stream');
    const reply = await hub.items.reply(streamed, { body: 'Good idea' });
    expect(reply.item).toMatchObject({ parent: post.item_id, thr_parent: comment.mid });
    const nested = server.site.addItem({ body: 'With basil', author: 'bob', parent: reply.item_id });
    expect(nested).toMatchObject({
      parent: post.item_id,
      parent_mid: post.item.mid,
      thr_parent: reply.item.mid,
    });
    const thread = await hub.items.full({ item_id: post.item_id });
    expect(thread.map((item) => item.body)).toEqual([
      'What should I cook tonight?',
      'Pasta!',
      'Good idea',
      'With basil',
    ]);
    expect(thread.map((item) => item.item_unseen)).toEqual([false, true, false, true]);
  });

  it("an author from another server keeps that server's message id", async () => {
    const server = await start();
    const dana = 'dana@social.other.example';
    const added = server.site.addItem({ body: 'Hello from the fediverse', author: dana });
    expect(added.mid).toMatch(/^https:\/\/social\.other\.example\/users\/dana\/statuses\/[0-9a-f-]{36}$/);
    const { items } = await aliceOf(server).network.stream();
    expect(items[0]).toMatchObject({ message_id: added.mid, author: { address: dana }, signature: '' });
  });

  it('lands in the channel given, and refuses an unknown channel, author or parent', () => {
    const site = createSite();
    const added = site.addItem({ body: 'To bob', channel: 'bob' });
    const bob = site.state.hub.channels.find((channel) => channel.nick === 'bob');
    const alice = site.state.hub.channels.find((channel) => channel.nick === 'alice');
    const row = site.state.hub.items.find((item) => item.row.id === added.id)?.row;
    expect(row).toMatchObject({ uid: bob?.channel_id, author_xchan: alice?.hash, item_unseen: 1 });
    expect(() => site.addItem({ body: 'x', channel: 'nobody' })).toThrow(/no channel nobody/);
    expect(() => site.addItem({ body: 'x', author: 'mallory' })).toThrow(/no author "mallory"/);
    expect(() => site.addItem({ body: 'x', parent: 'https://fake.test/item/none' })).toThrow(/no item/);
    expect(() => site.addItem({ body: 'x', parent: 999_999 })).toThrow(/no item 999999/);
    const misspelt = { body: 'x', parent_mid: 'https://fake.test/item/x' } as AddItemInput;
    expect(() => site.addItem(misspelt)).toThrow(/addItem takes no "parent_mid" \(body, author, parent/);
    expect(() => site.addNotification({ user: 2 } as AddNotificationInput)).toThrow(/takes no "user"/);
  });

  it('reset() removes what was added', () => {
    const site = createSite();
    const count = site.state.hub.items.length;
    const added = site.addItem({ body: 'Gone after reset' });
    site.addNotification();
    expect(site.state.hub.items).toHaveLength(count + 1);
    site.reset();
    expect(site.state.hub.items).toHaveLength(count);
    expect(site.state.hub.items.some((item) => item.row.mid === added.mid)).toBe(false);
    expect(site.state.app.notifications.filter((n) => !n.is_seen)).toHaveLength(5);
  });
});

describe('site.addNotification, over HTTP', () => {
  it('is counted by notification.getNewCount and listed first by notification.get', async () => {
    const server = await start();
    const app = await AppClient.fromKey(server.credentials.appKey, { baseUrl: server.appBaseUrl });
    expect(await app.notification.getNewCount()).toBe(5);
    const added = server.site.addNotification({ message: 'Bob poked you' });
    const liked = server.site.addNotification({ type: 'like' });
    expect(liked.notification_id).toBe(added.notification_id + 1);
    expect(liked.time_stamp).toBeGreaterThanOrEqual(added.time_stamp);
    expect(await app.notification.getNewCount()).toBe(7);
    const { items } = await app.notification.get();
    expect(items.slice(0, 2)).toMatchObject([
      { notification_id: liked.notification_id, message: 'Jane Doe likes your photo' },
      { notification_id: added.notification_id, message: 'Bob poked you' },
    ]);
  });

  it('refuses an unknown user', () => {
    expect(() => createSite().addNotification({ userId: 424242 })).toThrow(/no phpFox user 424242/);
  });
});
