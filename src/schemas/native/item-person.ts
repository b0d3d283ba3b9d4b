import * as z from 'zod/mini';
import type { KnownFields } from '../known-fields.js';

const optionalString = z.optional(z.string());

/** The `photo` of an {@link ItemPerson}. */
const itemPersonPhotoFields = {
  /** The picture's type, `image/png`, … */
  mimetype: optionalString,
  /** URL of the picture (the medium size). */
  src: optionalString,
};
const ItemPersonPhotoSchema: z.ZodMiniObject<typeof itemPersonPhotoFields, z.core.$loose> =
  z.looseObject(itemPersonPhotoFields);

/** The fields of {@link ItemPerson}, with the docs editors show on hover. */
const itemPersonFields = {
  /** The display name. */
  name: optionalString,
  /** The channel address, `nick@host`. */
  address: optionalString,
  /** URL of the channel's home page. */
  url: optionalString,
  /** The protocol: `zot6`, `activitypub`, … */
  network: optionalString,
  /** The profile picture. */
  photo: z.optional(ItemPersonPhotoSchema),
  /** The channel's global id (its `xchan_guid`; hubs before 4.x call it `guid`). */
  id: optionalString,
  /** The signature of `id` by the channel's key. */
  id_sig: optionalString,
  /** The channel's public key (PEM). */
  key: optionalString,
};
/** The schema of {@link ItemPerson}. */
export const ItemPersonSchema: z.ZodMiniObject<typeof itemPersonFields, z.core.$loose> =
  z.looseObject(itemPersonFields);
/** The `owner` / `author` summary of a {@link StreamItem} or an {@link ExportItem}. */
export interface ItemPerson extends KnownFields<z.infer<typeof ItemPersonSchema>> {}
