import { afterEach, describe, expect, it } from 'vitest';
import { NativeClient, type StreamItem } from '../../src/index.js';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';

// Issue 40: a bot's author drives the fake ("bob posts now") and sees the item once, through the
// follower, as the bot would on a hub.
let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A reply bot: follows alice's network, answers each post of someone else; yields what it saw. */
function replyBot(hub: NativeClient, signal: AbortSignal) {
  const follow = hub.network.follow({ interval: 5, signal });
  const seen: StreamItem[] = [];
  const waiters: (() => void)[] = [];
  const done = (async () => {
    for await (const item of follow) {
      if (item.author.address?.startsWith('alice@')) continue;
      seen.push(item);
      if (item.message_id === item.message_top)
        await hub.items.reply(item, { body: `Hi ${item.author.name}!` });
      for (const wake of waiters.splice(0)) wake();
    }
  })();
  /** Resolves once the bot has seen `count` items. */
  const until = async (count: number) => {
    while (seen.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return { follow, seen, until, done };
}

describe('a bot against a fake it drives', () => {
  it('"bob posts now": the bot sees the post once, then bob\'s next one, and its reply reaches bob', async () => {
    server = await startFakeServer();
    const alice = new NativeClient({ baseUrl: server.hubBaseUrl, ...server.credentials.channel });
    const bobClient = new NativeClient({ baseUrl: server.hubBaseUrl, ...server.credentials.bob });
    const controller = new AbortController();
    const bot = replyBot(alice, controller.signal);
    // The follower starts at the newest item: wait until it stands there before anything happens.
    while (bot.follow.cursor === undefined) await new Promise((resolve) => setTimeout(resolve, 2));

    const first = await server.site.events.post({ as: 'bob', body: 'bob posts now' });
    await bot.until(1);
    // Through the API, as bob's own client would.
    const second = await bobClient.items.update({ body: 'bob posts again' });
    await bot.until(2);
    // A comment from dana on another server, on the first post: seen too.
    const dana = await server.site.events.comment({
      as: 'dana@social.other.example',
      on: first.mid,
      body: 'dana too',
    });
    await bot.until(3);
    controller.abort();
    await bot.done;

    expect(bot.seen.map((item) => item.message_id)).toEqual([first.mid, second.item.mid, dana.mid]);
    expect(bot.seen.map((item) => item.body)).toEqual(['bob posts now', 'bob posts again', 'dana too']);
    // The bot's replies went to bob's threads, as alice's comments.
    const bobsView = (await bobClient.network.stream()).items;
    const replies = bobsView.filter((item) => item.body === 'Hi Bob!').map((item) => item.message_top);
    expect(replies.sort()).toEqual([first.mid, second.item.mid].sort());
  });
});
