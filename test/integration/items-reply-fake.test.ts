import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArgumentError, type ExportItem, NativeClient, type StreamItem } from '../../src/index.js';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';

/*
 * Replies over real HTTP against the fake hub, which threads `item/update` as Hubzilla 8.8.7 does:
 * a reply must show up in its thread (`items.full` of the top lists it, `parent` = the top's id),
 * never as a new top-level post of the stream.
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

/** The top items of the channel's network stream (one per thread). */
async function threadTops(hub: NativeClient): Promise<StreamItem[]> {
  const items = await hub.network.stream().toArray();
  return items.filter((item) => item.message_id === item.message_top);
}

/** The thread of `top` (its row id), as `items.full` exports it. */
async function thread(hub: NativeClient, topId: number): Promise<ExportItem[]> {
  return hub.items.full({ item_id: topId });
}

describe('items.reply threads the reply under the item, from every shape', () => {
  it('a row (items.update), a stream item (network.stream), an exported comment (items.full), a message id', async () => {
    const hub = alice();
    const stamp = Date.now();
    const top = await hub.items.update({ body: `Who is up for a hike? ${stamp}` });
    const threadsBefore = (await threadTops(hub)).length;

    const fromRow = await hub.items.reply(top.item, { body: `from the row ${stamp}` });
    const streamed = (await threadTops(hub)).find((item) => item.message_id === top.item.mid);
    expect(streamed).toBeDefined();
    const fromStream = await hub.items.reply(streamed as StreamItem, { body: `from the stream ${stamp}` });
    const exportedComment = (await thread(hub, top.item_id)).find((item) => item.id === fromRow.item_id);
    expect(exportedComment).toBeDefined();
    const fromExport = await hub.items.reply(exportedComment as ExportItem, {
      body: `from the export ${stamp}`,
    });
    const fromId = await hub.items.reply(top.item.mid, { body: `from the message id ${stamp}` });

    const replies = [fromRow, fromStream, fromExport, fromId];
    for (const reply of replies) {
      expect(reply.item).toMatchObject({
        parent: top.item_id,
        parent_mid: top.item.mid,
        item_thread_top: false,
      });
    }
    const full = await thread(hub, top.item_id);
    expect(full.map((item) => item.id)).toEqual([top.item_id, ...replies.map((reply) => reply.item_id)]);
    for (const item of full.slice(1)) {
      expect(item).toMatchObject({ parent: top.item_id, message_top: top.item.mid, item_thread_top: false });
    }
    // The reply to the exported comment answers that comment; the others answer the top.
    expect(full.map((item) => item.message_parent)).toEqual([
      top.item.mid,
      top.item.mid,
      top.item.mid,
      exportedComment?.message_id,
      top.item.mid,
    ]);
    expect((await threadTops(hub)).length).toBe(threadsBefore);
  });

  it("replies to a connection's post seen in the stream, in that post's thread", async () => {
    const hub = alice();
    const me = (await hub.abook.list()).find((row) => row.abook_self)?.xchan_addr;
    const theirs = (await threadTops(hub)).find((item) => item.author.address !== me);
    expect(theirs).toBeDefined();
    const reply = await hub.items.reply(theirs as StreamItem, { body: `Nice one! ${Date.now()}` });
    expect(reply.item.parent_mid).toBe(theirs?.message_id);
    const full = await hub.items.full({ mid: theirs?.message_id ?? '' });
    expect(full.at(-1)?.id).toBe(reply.item_id);
  });

  it('items.update with the id a stream item lacks is refused, and nothing is posted', async () => {
    const hub = alice();
    const [post] = await threadTops(hub);
    const before = server.site.requests.length;
    const missingId = (post as StreamItem & { id?: number }).id as number;
    const error = await hub.items.update({ body: 'Thanks!', parent: missingId }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArgumentError);
    expect(server.site.requests.length).toBe(before);
  });
});
