import * as z from 'zod/mini';
import { intSchema } from '../coerce.js';
import { fail, show } from '../issue.js';
import type { KnownFields } from '../known-fields.js';
import {
  encodedFields,
  exportOnlyFields,
  localFields,
  rowFields,
  sharedFields,
  streamOnlyFields,
} from './item-fields.js';

export { type ItemPerson, ItemPersonSchema } from './item-person.js';

/*
 * Hubzilla sends a conversation item (post, comment, like, …) in three shapes, one type each, so
 * that a field a shape never carries is a compile error instead of a silent `undefined` (reading
 * `post.id` of a stream item and sending it as `parent` used to publish a new public post instead
 * of a reply). Every shape carries the item's message id: `items.reply` takes any of them.
 */

/** The fields of {@link ItemRow}, with the docs editors show on hover. */
const itemRowFields: typeof sharedFields & typeof localFields & typeof rowFields = {
  ...sharedFields,
  ...localFields,
  ...rowFields,
};
/** The schema of {@link ItemRow}. */
export const ItemRowSchema: z.ZodMiniObject<typeof itemRowFields, z.core.$loose> =
  z.looseObject(itemRowFields);
/**
 * An item as its database row: what `items.update` answers (`item`). Its message id is `mid`, its
 * thread's top `parent` (row id) and `parent_mid`; the people are identity hashes (`author_xchan`),
 * `attach`, `obj` and `target` JSON text. Yes/no `item_*` flags become booleans; the codes
 * `item_private`, `item_type`, `item_restrict` and `item_flags` stay numbers. (PostgreSQL hubs add
 * `item_search_vector`, always `null`: read it with `extraField` if ever needed.)
 */
export interface ItemRow extends KnownFields<z.infer<typeof ItemRowSchema>> {}

/** The fields of {@link StreamItem}, with the docs editors show on hover. */
const streamItemFields: typeof sharedFields & typeof encodedFields & typeof streamOnlyFields = {
  ...sharedFields,
  ...encodedFields,
  ...streamOnlyFields,
};
/** The schema of {@link StreamItem}. */
export const StreamItemSchema: z.ZodMiniObject<typeof streamItemFields, z.core.$loose> =
  z.looseObject(streamItemFields);
/**
 * An item in Hubzilla's portable encoding: what `network.stream` and `channel.stream` return. It has
 * NO row id and no `parent`: its message id is `message_id`, its thread's top `message_top`, and
 * `owner`/`author` are objects. Reply to it with `items.reply(item, { body })`.
 */
export interface StreamItem extends KnownFields<z.infer<typeof StreamItemSchema>> {}

/** The fields of {@link ExportItem}, with the docs editors show on hover. */
const exportItemFields: typeof sharedFields &
  typeof localFields &
  typeof encodedFields &
  typeof exportOnlyFields = {
  ...sharedFields,
  ...localFields,
  ...encodedFields,
  ...exportOnlyFields,
};
/** The schema of {@link ExportItem}. */
export const ExportItemSchema: z.ZodMiniObject<typeof exportItemFields, z.core.$loose> =
  z.looseObject(exportItemFields);
/**
 * An item in the mirror export, the encoding plus the local columns (`id`, `parent`, `uid`, the
 * access lists, the yes/no `item_*` flags, but not `item_private`): what `items.full`,
 * `photos.get` (`item`) and `files.export` (`item`) return, and the shape of a channel export's
 * `item` section (kept as sent there).
 */
export interface ExportItem extends KnownFields<z.infer<typeof ExportItemSchema>> {}

/**
 * Any of the three shapes, read as whichever it is: the mirror export first (it carries both
 * `id` and `message_id`), then the row (`id` and `mid`), then the stream encoding.
 * @deprecated Every method returns one shape: use its schema, {@link ItemRowSchema},
 * {@link StreamItemSchema} or {@link ExportItemSchema}.
 */
// Pure: esbuild does not read zod's `@__NO_SIDE_EFFECTS__`, and kept this union (and zod's union
// schema, 0.4 kB) in every NativeClient bundle, which never uses it.
export const ItemSchema = /* @__PURE__ */ z.union([ExportItemSchema, ItemRowSchema, StreamItemSchema]);
/**
 * Any of the three item shapes. Only the fields all three carry (`body`, `created`, `title`, …) can
 * be read without narrowing (`'message_id' in item`).
 * @deprecated Use the shape a method returns: {@link ItemRow} (`items.update`), {@link StreamItem}
 * (`network.stream`, `channel.stream`) or {@link ExportItem} (`items.full`, photos, file exports).
 */
export type Item = ItemRow | StreamItem | ExportItem;

/** The fields of {@link ItemUpdateResult}, with the docs editors show on hover. */
const itemUpdateResultFields = {
  /** Always `true` (a failure is an `ApiError`). */
  // A transform rather than `z.literal(true)`: zod's literal schema would cost NativeClient 0.2 kB.
  success: z.transform((value: true, ctx): true =>
    value === true ? value : fail(ctx, `Expected true, received ${show(value)}`),
  ),
  /** The new or edited item's row id. A number or numeric string; normalized to `number`. */
  item_id: intSchema,
  /** The new or edited item as a database row. */
  item: ItemRowSchema as typeof ItemRowSchema,
};
/** The schema of {@link ItemUpdateResult}. */
export const ItemUpdateResultSchema: z.ZodMiniObject<typeof itemUpdateResultFields, z.core.$loose> =
  z.looseObject(itemUpdateResultFields);
/** The success answer of `item/update`: the new or edited item as a database row. */
export interface ItemUpdateResult extends KnownFields<z.infer<typeof ItemUpdateResultSchema>> {}
