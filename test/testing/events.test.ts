import { describe, expect, it } from 'vitest';
import { AppClient, NativeClient } from '../../src/index.js';
import { createFakeSite, type FakeServer } from '../../src/testing/index.js';
import { basic, form, hub, useFakeServers } from './helpers.js';

const start = useFakeServers();

const clientOf = (server: FakeServer, who: 'channel' | 'bob' | 'carol') =>
  new NativeClient({ baseUrl: server.hubBaseUrl, ...server.credentials[who], retry: 0 });

/** The message ids of alice's network stream (first page), each as often as it is listed. */
async function networkMids(hub: NativeClient): Promise<string[]> {
  return (await hub.network.stream()).items.map((item) => item.message_id);
}

describe('posts made through the API reach the connections, as on a hub (issue 40)', () => {
  it("a post bob makes through NativeClient shows in alice's network stream, once, unseen", async () => {
    const server = await start();
    const alice = clientOf(server, 'channel');
    const bob = clientOf(server, 'bob');
    const posted = await bob.items.update({ body: 'bob posts through the API' });
    const mids = await networkMids(alice);
    expect(mids.filter((mid) => mid === posted.item.mid)).toHaveLength(1);
    expect(mids[0]).toBe(posted.item.mid);
    const [mine] = (await alice.network.stream()).items;
    expect(mine).toMatchObject({
      body: 'bob posts through the API',
      author: { address: expect.stringMatching(/^bob@/) },
    });
    // alice's copy: her own row, unseen, not her wall's.
    const copy = server.site.state.hub.items.find(
      (item) => item.row.uid === 2 && item.row.mid === posted.item.mid,
    );
    expect(copy?.row).toMatchObject({ item_unseen: 1, item_wall: 0, item_origin: 0 });
    expect(copy?.row.id).not.toBe(posted.item_id);
    // carol is not connected with bob: nothing for her.
    expect(await networkMids(clientOf(server, 'carol'))).not.toContain(posted.item.mid);
  });

  it('respects the access lists: a post bob denies alice, or allows only carol, never reaches her', async () => {
    const server = await start();
    const alice = clientOf(server, 'channel');
    const bob = clientOf(server, 'bob');
    const aliceHash = server.site.state.hub.channels.find((c) => c.nick === 'alice')?.hash ?? '';
    const carolHash = server.site.state.hub.channels.find((c) => c.nick === 'carol')?.hash ?? '';
    const denied = await bob.items.update({ body: 'not for alice', contact_deny: [aliceHash] });
    const others = await bob.items.update({ body: 'for carol only', contact_allow: [carolHash] });
    const publicPost = await bob.items.update({ body: 'for everyone', contact_allow: [], contact_deny: [] });
    const mids = await networkMids(alice);
    expect(mids).not.toContain(denied.item.mid);
    expect(mids).not.toContain(others.item.mid);
    expect(mids).toContain(publicPost.item.mid);
  });

  it('comments travel both ways along the thread; edits and deletions reach the copies', async () => {
    const server = await start();
    const alice = clientOf(server, 'channel');
    const bob = clientOf(server, 'bob');
    const post = await bob.items.update({ body: 'thread by bob' });
    // alice answers her copy: bob gets the comment in his thread.
    const [copy] = (await alice.network.stream()).items;
    if (!copy) throw new Error('no copy');
    const reply = await alice.items.reply(copy, { body: 'alice answers' });
    const bobThread = (await bob.network.stream()).items.filter((item) => item.message_top === post.item.mid);
    expect(bobThread.map((item) => item.body)).toEqual(['thread by bob', 'alice answers']);
    expect(bobThread[1]?.message_id).toBe(reply.item.mid);
    // bob edits: alice's copy changes too.
    await bob.items.update({ post_id: post.item_id, body: 'thread by bob, edited' });
    expect((await alice.network.stream()).items.find((item) => item.message_id === post.item.mid)?.body).toBe(
      'thread by bob, edited',
    );
    // bob deletes: gone from alice's stream, comment and all.
    // (the SDK never sends `dropitems`: bob's own request, as a browser's)
    await hub(server.site, 'item/update', {
      method: 'POST',
      body: form({ 'dropitems[]': String(post.item_id) }),
      headers: { Authorization: basic('bob', 'bob-pass') },
    });
    const left = server.site.state.hub.items.filter((item) => item.row.parent_mid === post.item.mid);
    expect(left).toEqual([]);
  });
});

describe('site.events', () => {
  it('post and comment as a hub channel or a remote connection, delivered once', async () => {
    const site = createFakeSite();
    const bobPost = await site.events.post({ as: 'bob', body: 'bob posts now' });
    expect(bobPost.deliveredTo).toEqual(['bob', 'alice']);
    const danaPost = await site.events.post({ as: 'dana@social.other.example', body: 'dana posts' });
    expect(danaPost.deliveredTo).toEqual(['alice']);
    const comment = await site.events.comment({ as: 'alice', on: bobPost.mid, body: 'alice comments' });
    expect(comment.deliveredTo).toEqual(['alice', 'bob']);
    const copies = site.state.hub.items.filter((item) => item.row.mid === comment.mid);
    expect(copies.map((item) => item.row.uid).sort()).toEqual([2, 3]);
    await expect(site.events.comment({ as: 'carol', on: bobPost.mid, body: 'x' })).rejects.toThrow(
      /carol holds no item/,
    );
    // Private posts: as the hub's access lists say.
    expect((await site.events.post({ as: 'bob', body: 'not alice', deny: ['alice'] })).deliveredTo).toEqual([
      'bob',
    ]);
    expect((await site.events.post({ as: 'bob', body: 'alice only', allow: ['alice'] })).deliveredTo).toEqual(
      ['bob', 'alice'],
    );
    await expect(site.events.post({ as: 'zed', body: 'x' })).rejects.toThrow(
      /no channel or connection "zed"/,
    );
    await expect(site.events.post({ as: 'bob', body: 'x', colour: 'red' } as never)).rejects.toThrow(
      /events.post takes no "colour"/,
    );
  });

  it('the same events give the same message ids, whatever requests ran in between', async () => {
    const one = createFakeSite();
    const other = createFakeSite();
    // A post of alice's draws its uuid from the site's request stream.
    await hub(other, 'item/update', { method: 'POST', body: form({ body: 'in between' }) });
    const first = await one.events.post({ as: 'bob', body: 'same' });
    const second = await other.events.post({ as: 'bob', body: 'same' });
    expect(second.mid).toBe(first.mid);
  });

  it("connect makes carol's posts reach alice; photo and file land in the hub", async () => {
    const server = await start();
    const { site } = server;
    const before = await site.events.post({ as: 'carol', body: 'carol alone' });
    expect(before.deliveredTo).toEqual(['carol']);
    const { abookIds } = await site.events.connect({ channel: 'alice', with: 'carol' });
    expect(abookIds).toHaveLength(2);
    await expect(site.events.connect({ channel: 'carol', with: 'alice' })).rejects.toThrow(
      /connected already/,
    );
    const after = await site.events.post({ as: 'carol', body: 'carol, connected' });
    expect(after.deliveredTo).toEqual(['carol', 'alice']);
    const alice = clientOf(server, 'channel');
    expect((await alice.network.stream()).items[0]?.body).toBe('carol, connected');
    const carolHash = site.state.hub.channels.find((c) => c.nick === 'carol')?.hash;
    expect((await alice.abook.list()).map((entry) => entry.abook_xchan)).toContain(carolHash);

    const photo = await site.events.photo({ as: 'bob', body: 'look' });
    const [latest] = (await alice.network.stream()).items;
    expect(latest?.message_id).toBe(photo.mid);
    expect(latest?.body).toMatch(/look[\s\S]*\[zmg=.*photo\.png\[\/zmg\]/);
    const file = await site.events.file({ filename: 'new.txt', bytes: 'hello', folder: 'Inbox' });
    expect((await alice.files.list()).items.map((entry) => entry.hash)).toContain(file.file_id);
  });

  it("phpFox: a notification, mail and a new friend change what the app's user counts", async () => {
    const server = await start();
    const { site } = server;
    const app = await AppClient.fromKey(server.credentials.appKey, { baseUrl: server.appBaseUrl });
    const notifications = await app.notification.getNewCount();
    const mail = await app.mail.getNewCount();
    await site.events.notification({ type: 'like' });
    expect(await site.events.mail({ count: 2 })).toEqual({ userId: 1, unread: mail + 2 });
    const stranger = [...site.state.app.users.keys()].find(
      (id) => id !== 1 && !site.state.app.friends.get(1)?.includes(id),
    );
    if (stranger === undefined) throw new Error('every user is a friend');
    const friended = await site.events.friend({ with: stranger });
    expect(friended.friends).toContain(stranger);
    expect(await app.notification.getNewCount()).toBe(notifications + 2);
    expect(await app.mail.getNewCount()).toBe(mail + 2);
    await expect(site.events.friend({ with: stranger })).rejects.toThrow(/friends already/);
  });
});
