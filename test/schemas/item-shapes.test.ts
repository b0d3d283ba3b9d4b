import { describe, expect, it } from 'vitest';
import { ExportItemSchema, ItemRowSchema, ItemSchema, StreamItemSchema } from '../../src/schemas/index.js';
import { createFakeSite, type FakeSite } from '../../src/testing/index.js';
import { hubzillaJson, hubzillaJsonFixtures } from '../support/fixtures.js';
import { form, hubJson } from '../testing/helpers.js';

/*
 * Each item type lists exactly the fields its wire shape carries on Hubzilla 8.8.7: every field of
 * every recorded item is declared (nothing read as `unknown` by accident), every declared field is
 * either in the recordings or named below with the reason it is not, and a field is optional only
 * when some item of the shape lacks it or its presence depends on the hub's version (named below).
 * The fake hub's answers are held to the same sets.
 */

type Raw = Record<string, unknown>;
type Shape = 'row' | 'stream' | 'export';

const SCHEMAS = { row: ItemRowSchema, stream: StreamItemSchema, export: ExportItemSchema } as const;

/** Carried but not declared: PostgreSQL's full-text index column, always `null`. */
const UNDECLARED: Record<Shape, string[]> = { row: ['item_search_vector'], stream: [], export: [] };
/** Declared but in no recording: `encode_item()` adds them only when the item has them. */
const DATA_DEPENDENT: Record<Shape, string[]> = {
  row: [],
  stream: ['attach', 'comments_closed', 'target'],
  export: ['comments_closed'],
};
/** Always sent by 8.8.7 but optional: missing on other Hubzilla versions. */
const VERSION_DEPENDENT: Record<Shape, string[]> = {
  row: ['uuid', 'summary', 'html', 'lang'],
  stream: ['uuid', 'summary', 'public_scope'],
  export: ['uuid', 'summary', 'public_scope'],
};

const itemsOf = (answer: unknown, key: string): Raw[] => {
  const value = (answer as Raw)[key];
  return Array.isArray(value) ? (value as Raw[]) : value ? [value as Raw] : [];
};

/** Every item recorded from the live 8.8.7 hub, by shape. */
function recorded(shape: Shape): Raw[] {
  const json = (pattern: string) => hubzillaJsonFixtures(pattern).map((name) => hubzillaJson(name));
  if (shape === 'row') {
    return [
      ...json('item_update').flatMap((answer) => itemsOf(answer, 'item')),
      ...json('channel_stream').flatMap((answer) => itemsOf(answer, 'activity')),
    ];
  }
  if (shape === 'stream') {
    return [...json('channel_stream'), ...json('network_stream')].flatMap((answer) =>
      Array.isArray(answer) ? (answer as Raw[]) : [],
    );
  }
  return [
    ...['item_full', 'channel_export_basic', 'item_export_page', 'photo', 'file_export'].flatMap((endpoint) =>
      json(endpoint).flatMap((answer) => itemsOf(answer, 'item')),
    ),
    ...json('file_export_page').flatMap((answer) =>
      itemsOf(answer, 'results').flatMap((result) => itemsOf(result, 'item')),
    ),
  ];
}

/** The fields a shape's schema refuses to do without, found by leaving each out of a real item. */
function requiredFields(shape: Shape, sample: Raw): string[] {
  const schema = SCHEMAS[shape];
  return Object.keys(schema.shape).filter((key) => {
    const { [key]: _left, ...without } = sample;
    return !schema.safeParse(without).success;
  });
}

const SHAPES: Shape[] = ['row', 'stream', 'export'];

describe.each(SHAPES)('the %s shape', (shape) => {
  const items = recorded(shape);
  const declared = Object.keys(SCHEMAS[shape].shape).sort();
  const seen = [...new Set(items.flatMap((item) => Object.keys(item)))].sort();
  const always = seen.filter((key) => items.every((item) => key in item));

  it('has recorded items, and reads every one of them', () => {
    expect(items.length).toBeGreaterThan(shape === 'row' ? 5 : 20);
    for (const item of items) expect(SCHEMAS[shape].safeParse(item).error).toBeUndefined();
  });

  it('declares every field the hub sends, and only those', () => {
    expect(seen.filter((key) => !declared.includes(key))).toEqual(UNDECLARED[shape]);
    expect(declared.filter((key) => !seen.includes(key))).toEqual([...DATA_DEPENDENT[shape]].sort());
  });

  it('requires what every item carries, except fields other hub versions leave out', () => {
    const required = requiredFields(shape, items[0] ?? {});
    expect(required.filter((key) => !always.includes(key))).toEqual([]);
    const optionalYetAlways = always.filter((key) => declared.includes(key) && !required.includes(key));
    expect(optionalYetAlways.sort()).toEqual([...VERSION_DEPENDENT[shape]].sort());
  });
});

describe('the shapes tell themselves apart', () => {
  it('a stream item is no row and no export (it has no id): the deprecated ItemSchema reads it as a stream item', () => {
    const [item] = recorded('stream');
    expect(ItemRowSchema.safeParse(item).success).toBe(false);
    expect(ExportItemSchema.safeParse(item).success).toBe(false);
    expect(ItemSchema.parse(item)).not.toHaveProperty('id');
  });

  it('a row is no stream item (no message_id) and an export is no row (no mid); the union normalizes each', () => {
    const [row] = recorded('row');
    const [exported] = recorded('export');
    expect(StreamItemSchema.safeParse(row).success).toBe(false);
    expect(ItemRowSchema.safeParse(exported).success).toBe(false);
    expect(ItemSchema.parse(row)).toMatchObject({ item_private: expect.any(Number) });
    // Read as the export, not as the stream encoding it also satisfies: flags become booleans.
    expect(ItemSchema.parse(exported)).toMatchObject({ item_wall: expect.any(Boolean) });
  });
});

/** The fake hub's items, by shape, after a post and a comment. */
async function fakeItems(site: FakeSite): Promise<Record<Shape, Raw[]>> {
  const post = (fields: Record<string, string>) =>
    hubJson<Raw>(site, 'item/update', { method: 'POST', body: form(fields) });
  const top = await post({ body: 'top #tagged', category: 'news' });
  const comment = await post({ body: 'a reply', parent_mid: String((top.item as Raw).mid) });
  const photos = await hubJson<{ photos: Raw[] }>(site, 'photos');
  const photoId = String(photos.photos[0]?.resource_id);
  return {
    row: [top.item as Raw, comment.item as Raw],
    stream: [
      ...(await hubJson<Raw[]>(site, 'channel/stream')),
      ...(await hubJson<Raw[]>(site, 'network/stream')),
    ],
    export: [
      ...itemsOf(await hubJson(site, `item/full?item_id=${String(top.item_id)}`), 'item'),
      ...itemsOf(await hubJson(site, `photo?photo_id=${photoId}`), 'item'),
      ...itemsOf(await hubJson(site, `file/export?file_id=${photoId}`), 'item'),
    ],
  };
}

describe('the fake hub sends the same shapes', () => {
  it.each(SHAPES)('%s: readable, and no field the type does not declare', async (shape) => {
    const items = (await fakeItems(createFakeSite()))[shape];
    expect(items.length).toBeGreaterThan(1);
    const declared = Object.keys(SCHEMAS[shape].shape);
    for (const item of items) {
      expect(SCHEMAS[shape].safeParse(item).error).toBeUndefined();
      expect(Object.keys(item).filter((key) => !declared.includes(key))).toEqual(
        UNDECLARED[shape].filter((key) => key in item),
      );
    }
  });
});
