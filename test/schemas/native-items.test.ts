import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  ChannelExportSchema,
  ExportItemSchema,
  ItemRowSchema,
  ItemUpdateResultSchema,
  StreamItemSchema,
} from '../../src/schemas/index.js';
import { hubzillaJson, hubzillaJsonFixtures } from '../support/fixtures.js';

const StreamItems = z.array(StreamItemSchema);
const ItemList = z.looseObject({ item: z.array(ExportItemSchema) });

function rawItem(): Record<string, unknown> {
  const { item } = hubzillaJson('40-item_update-new_post.txt') as { item: Record<string, unknown> };
  return { ...item };
}

describe('ItemUpdateResultSchema', () => {
  const successes = hubzillaJsonFixtures('item_update').filter(
    (name) => (hubzillaJson(name) as { success?: unknown }).success === true,
  );

  it.each(successes)('reads %s', (name) => {
    const result = ItemUpdateResultSchema.parse(hubzillaJson(name));
    expect(result.item.id).toBe(result.item_id);
  });

  it('normalizes the raw item row (40-item_update-new_post.txt)', () => {
    const { item_id, item } = ItemUpdateResultSchema.parse(hubzillaJson('40-item_update-new_post.txt'));
    expect(item_id).toBe(1);
    expect(item).toMatchObject({
      id: 1,
      parent: 1,
      aid: 1,
      uid: 2,
      title: 'First post',
      mimetype: 'text/bbcode',
      comment_policy: 'contacts',
      item_private: 1,
      item_type: 0,
      item_restrict: 0,
      item_flags: 0,
      item_wall: true,
      item_origin: true,
      item_thread_top: true,
      item_verified: true,
      item_deleted: false,
      item_starred: false,
      item_unseen: false,
    });
    expect(item.created).toEqual(new Date(Date.UTC(2026, 10, 22, 2, 52, 13)));
    expect(item.expires).toBeNull();
    expect(item.comments_closed).toBeNull();
    // Not in the document, kept as sent.
    expect(item.item_search_vector).toBeNull();
  });

  it('keeps item_private a number code: 0 public, 2 direct (41, 49g)', () => {
    expect(
      ItemUpdateResultSchema.parse(hubzillaJson('41-item_update-public_post_empty_acl.txt')).item
        .item_private,
    ).toBe(0);
    expect(
      ItemUpdateResultSchema.parse(hubzillaJson('49g-item_update-contact_allow_array.txt')).item.item_private,
    ).toBe(2);
  });

  it('reads a comment (42-item_update-comment_via_parent.txt)', () => {
    const { item } = ItemUpdateResultSchema.parse(hubzillaJson('42-item_update-comment_via_parent.txt'));
    expect(item).toMatchObject({ id: 5, parent: 3, item_thread_top: false });
  });

  it('rejects the failure answers and a non-numeric item_id', () => {
    expect(ItemUpdateResultSchema.safeParse(hubzillaJson('45-item_update-missing_body.txt')).success).toBe(
      false,
    );
    expect(
      ItemUpdateResultSchema.safeParse(hubzillaJson('49-item_update-dropitems_deletes.txt')).success,
    ).toBe(false);
    const answer = hubzillaJson('40-item_update-new_post.txt') as Record<string, unknown>;
    expect(ItemUpdateResultSchema.safeParse({ ...answer, item_id: 'one' }).success).toBe(false);
  });
});

describe('StreamItemSchema, ItemRowSchema, ExportItemSchema', () => {
  it.each(
    [...hubzillaJsonFixtures('channel_stream'), ...hubzillaJsonFixtures('network_stream')].filter((name) =>
      Array.isArray(hubzillaJson(name)),
    ),
  )('reads every encoded item of %s', (name) => {
    for (const item of StreamItems.parse(hubzillaJson(name))) {
      expect(item.created).toBeInstanceOf(Date);
      expect(item).not.toHaveProperty('id');
    }
  });

  it('reads the encoded stream shape (16-channel_stream-GET_default.txt)', () => {
    const items = StreamItems.parse(hubzillaJson('16-channel_stream-GET_default.txt'));
    const first = items.find((item) => item.uuid === 'c1c50ce3-f565-4f7d-b910-ec0768042c59');
    expect(first?.title).toBe('First post (edited)');
    expect(first?.expires).toBeNull();
    expect(first?.flags).toEqual(['thread_parent', 'private']);
    expect(first?.owner?.address).toBe('alice@127.0.0.1:8088');
    expect(first?.permalink).toBe('http://127.0.0.1:8088/item/c1c50ce3-f565-4f7d-b910-ec0768042c59');
  });

  it('reads the raw row of a channel/stream POST (17-channel_stream-POST_no_params.txt)', () => {
    const { activity } = z
      .looseObject({ activity: ItemRowSchema })
      .parse(hubzillaJson('17-channel_stream-POST_no_params.txt'));
    expect(activity).toMatchObject({ id: 24, item_private: 1, item_wall: false, item_origin: true });
  });

  it.each(hubzillaJsonFixtures('item_full').filter((name) => !Array.isArray(hubzillaJson(name))))(
    'reads the mirror-export items of %s',
    (name) => {
      expect(ItemList.parse(hubzillaJson(name)).item.length).toBeGreaterThan(0);
    },
  );

  it('reads a thread with its comments (82-item_full-item_id.txt)', () => {
    const { item } = ItemList.parse(hubzillaJson('82-item_full-item_id.txt'));
    expect(item.map((entry) => [entry.id, entry.parent, entry.item_thread_top])).toEqual([
      [3, 3, true],
      [5, 3, false],
      [20, 3, false],
    ]);
    expect(item[0]).not.toHaveProperty('item_private');
    expect(item[0]?.item_wall).toBe(true);
  });

  it.each(['15b-channel_export_basic-sections_items.txt', '93-item_export_page-default.txt'])(
    'reads the exported items of %s',
    (name) => {
      expect(ItemList.parse(hubzillaJson(name)).item.length).toBeGreaterThan(0);
    },
  );

  it('reads PHP < 8.1 strings and true/false flags', () => {
    const item = ItemRowSchema.parse({
      ...rawItem(),
      id: '1',
      parent: '1',
      item_wall: '1',
      item_deleted: false,
    });
    expect(item).toMatchObject({ id: 1, parent: 1, item_wall: true, item_deleted: false });
  });

  it('rejects a non-numeric id, a garbage date, a missing body, an odd flag', () => {
    const item = rawItem();
    expect(ItemRowSchema.safeParse({ ...item, id: 'first' }).success).toBe(false);
    expect(ItemRowSchema.safeParse({ ...item, created: 'now' }).success).toBe(false);
    expect(ItemRowSchema.safeParse({ ...item, item_private: 'private' }).success).toBe(false);
    expect(ItemRowSchema.safeParse({ ...item, item_wall: 'wall' }).success).toBe(false);
    const { body: _dropped, ...withoutBody } = item;
    expect(ItemRowSchema.safeParse(withoutBody).success).toBe(false);
  });
});

describe('ChannelExportSchema', () => {
  it('reads an export with its sections kept as sent (15b-channel_export_basic-sections_items.txt)', () => {
    const exported = ChannelExportSchema.parse(hubzillaJson('15b-channel_export_basic-sections_items.txt'));
    expect(exported.compatibility).toMatchObject({ project: 'hubzilla', version: '8.8.7', database: 1259 });
    expect(exported.relocate).toEqual({ channel_address: 'alice', url: 'http://127.0.0.1:8088' });
    expect(Array.isArray(exported.item)).toBe(true);
    // Sections are not normalized: their dates stay strings.
    expect((exported.item as { created: unknown }[])[0]?.created).toBeTypeOf('string');
  });

  it('reads an export of unknown sections (15c-channel_export_basic-sections_bogus.txt)', () => {
    const exported = ChannelExportSchema.parse(hubzillaJson('15c-channel_export_basic-sections_bogus.txt'));
    expect(Object.keys(exported)).toEqual(['compatibility', 'relocate']);
  });

  it('rejects an answer without compatibility', () => {
    const { compatibility: _dropped, ...without } = hubzillaJson(
      '15c-channel_export_basic-sections_bogus.txt',
    ) as Record<string, unknown>;
    expect(ChannelExportSchema.safeParse(without).success).toBe(false);
  });
});
