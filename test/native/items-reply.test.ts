import { describe, expect, expectTypeOf, it } from 'vitest';
import { ArgumentError } from '../../src/core/errors/index.js';
import type { ItemUpdateParams } from '../../src/native/index.js';
import {
  type ExportItem,
  ExportItemSchema,
  type ItemRow,
  ItemRowSchema,
  type StreamItem,
  StreamItemSchema,
} from '../../src/schemas/index.js';
import { hubzillaJson } from '../support/fixtures.js';
import { useMswServer } from '../support/msw.js';
import { alice, params, replay } from './hub.js';

const { server, requests } = useMswServer();

/** One recorded item of each shape, read as the SDK returns it. */
const recordedStreamItem = (): StreamItem =>
  StreamItemSchema.parse((hubzillaJson('18-network_stream-GET_default.txt') as unknown[])[0]);
const recordedExportItem = (): ExportItem =>
  ExportItemSchema.parse((hubzillaJson('82-item_full-item_id.txt') as { item: unknown[] }).item[1]);
const recordedRow = (): ItemRow =>
  ItemRowSchema.parse((hubzillaJson('42-item_update-comment_via_parent.txt') as { item: unknown }).item);

describe('types: each method returns the shape the hub sends', () => {
  it('a stream item has no id and no parent: reading them does not compile', () => {
    const replyToEveryPost = async () => {
      for await (const post of alice().network.stream()) {
        // Each line below compiled while items were one type with every field optional (`id` was
        // `number | undefined`), and `parent: post.id` then published a new public post.
        // @ts-expect-error a stream item has no row id
        const id: number | undefined = post.id;
        // @ts-expect-error nor the row id of its thread's top
        const parent: number | undefined = post.parent;
        expectTypeOf([id, parent]).toBeArray();
        expectTypeOf(post.message_id).toEqualTypeOf<string>();
        expectTypeOf(post.message_top).toEqualTypeOf<string>();
        await alice().items.reply(post, { body: 'Thanks!' });
      }
    };
    expectTypeOf(replyToEveryPost).toBeFunction();
    const channelItem = {} as Awaited<ReturnType<ReturnType<typeof alice>['channel']['stream']>>[number];
    expectTypeOf(channelItem).toEqualTypeOf<StreamItem>();
    // @ts-expect-error the stream encoding has no row id
    channelItem.id;
  });

  it('items.update answers a row, items.full exports; photos and file exports carry exports', () => {
    const hub = alice();
    expectTypeOf<Awaited<ReturnType<typeof hub.items.update>>['item']>().toEqualTypeOf<ItemRow>();
    expectTypeOf<Awaited<ReturnType<typeof hub.items.reply>>['item']>().toEqualTypeOf<ItemRow>();
    expectTypeOf<Awaited<ReturnType<typeof hub.items.full>>[number]>().toEqualTypeOf<ExportItem>();
    expectTypeOf<Awaited<ReturnType<typeof hub.photos.get>>['item'][number]>().toEqualTypeOf<ExportItem>();
    type FileExportItem = NonNullable<Awaited<ReturnType<typeof hub.files.export>>['item']>[number];
    expectTypeOf<FileExportItem>().toEqualTypeOf<ExportItem>();
    expectTypeOf<ItemRow['id']>().toEqualTypeOf<number>();
    expectTypeOf<ItemRow['mid']>().toEqualTypeOf<string>();
    expectTypeOf<ExportItem['parent']>().toEqualTypeOf<number>();
    expectTypeOf<ExportItem['message_id']>().toEqualTypeOf<string>();
    // @ts-expect-error the row calls the message id `mid`
    recordedRow().message_id;
    // @ts-expect-error the export calls it `message_id`
    recordedExportItem().mid;
  });
});

describe('items.update refuses a reply or an edit without its target, before any request', () => {
  it.each([
    ['parent: undefined', { parent: undefined }],
    ['parent: NaN', { parent: Number.NaN }],
    ['parent: 0', { parent: 0 }],
    ['parent: null', { parent: null }],
    ['parent: "3"', { parent: '3' }],
    ['parent_mid: undefined', { parent_mid: undefined }],
    ['post_id: undefined', { post_id: undefined }],
  ])('%s', async (_, target) => {
    const update = { body: 'Thanks!', ...target } as unknown as ItemUpdateParams;
    const error = await alice()
      .items.update(update)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArgumentError);
    expect((error as Error).message).toMatch(/would publish a new post/);
    expect(requests).toHaveLength(0);
  });

  it('names items.reply when a stream item’s missing id was the parent', async () => {
    const post = recordedStreamItem() as StreamItem & { id?: number };
    const error = await alice()
      .items.update({ body: 'Thanks!', parent: post.id as number })
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/items\.reply\(item, \{ body \}\)/);
  });
});

describe('items.reply', () => {
  it.each([
    ['a stream item (message_id)', recordedStreamItem, (item: StreamItem) => item.message_id],
    ['an exported item (message_id)', recordedExportItem, (item: ExportItem) => item.message_id],
    ['a row (mid)', recordedRow, (item: ItemRow) => item.mid],
  ] as const)('replies to %s with parent_mid = its message id', async (_, item, messageIdOf) => {
    server.use(replay('item/update', '42-item_update-comment_via_parent.txt'));
    const to = item();
    const answer = await alice().items.reply(to as never, { body: 'Thanks!', title: 'Re' });
    const form = await params(requests[0]!);
    expect(Object.fromEntries(form)).toEqual({
      body: 'Thanks!',
      title: 'Re',
      parent_mid: (messageIdOf as (x: typeof to) => string)(to),
      message_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(requests[0]?.method).toBe('POST');
    expect(answer.item).toMatchObject({ id: 5, parent: 3 });
  });

  it('replies to a message id given as a string', async () => {
    server.use(replay('item/update', '42-item_update-comment_via_parent.txt'));
    await alice().items.reply('https://hub.example/item/abc', { body: 'Thanks!' });
    expect((await params(requests[0]!)).get('parent_mid')).toBe('https://hub.example/item/abc');
  });

  it.each([
    ['an empty message id', ''],
    ['an object without a message id', { id: 3 }],
    ['an item whose message id is empty', { message_id: ' ' }],
    ['undefined', undefined],
    ['null', null],
  ])('refuses %s before any request', async (_, to) => {
    const error = await alice()
      .items.reply(to as never, { body: 'Thanks!' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArgumentError);
    expect(requests).toHaveLength(0);
  });

  it('refuses parent, parent_mid or post_id among the reply fields, and a missing body', async () => {
    const post = recordedStreamItem();
    for (const extra of [{ parent: 3 }, { parent_mid: 'x' }, { post_id: 1 }, { parent: undefined }]) {
      const error = await alice()
        .items.reply(post, { body: 'b', ...extra } as never)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ArgumentError);
    }
    await expect(alice().items.reply(post, { body: ' ' })).rejects.toBeInstanceOf(ArgumentError);
    await expect(alice().items.reply(post, undefined as never)).rejects.toBeInstanceOf(ArgumentError);
    expect(requests).toHaveLength(0);
  });
});
