import * as z from 'zod/mini';
import { flagSchema, intSchema, nativeDateSchema } from '../coerce.js';
import { ItemSchema } from './item.js';

/** An item of `albums`' `albums` list. `total` is the number of photos in the album. */
export const AlbumSchema = z.looseObject({
  text: z.string(),
  shorttext: z.optional(z.string()),
  jstext: z.optional(z.string()),
  total: intSchema,
  url: z.string(),
  urlencode: z.string(),
  bin2hex: z.string(),
});
export type Album = z.infer<typeof AlbumSchema>;

/**
 * A photo row: one per image scale (`imgscale` 0 is the original). `photos` lists a subset of the
 * columns plus `src`; `photo` and `file/export` send the whole row (ids, paths, `content`).
 * PostgreSQL sends `height`, `width`, `imgscale` and `profile` as numeric strings.
 * Named `NativePhoto` because the Application API's photo is `Photo`.
 */
export const NativePhotoSchema = z.looseObject({
  id: z.optional(intSchema),
  aid: z.optional(intSchema),
  uid: z.optional(intSchema),
  xchan: z.optional(z.string()),
  resource_id: z.string(),
  created: nativeDateSchema,
  edited: nativeDateSchema,
  expires: z.optional(nativeDateSchema),
  title: z.string(),
  description: z.string(),
  album: z.string(),
  filename: z.string(),
  mimetype: z.string(),
  height: intSchema,
  width: intSchema,
  filesize: intSchema,
  imgscale: intSchema,
  // Which kind of photo (normal, profile, cover...): a code, not a yes/no flag.
  photo_usage: z.optional(intSchema),
  photo_flags: z.optional(intSchema),
  profile: z.optional(flagSchema),
  is_nsfw: z.optional(flagSchema),
  os_storage: z.optional(flagSchema),
  os_path: z.optional(z.string()),
  display_path: z.optional(z.string()),
  // `photo`: base64 image data; `file/export`: base64 of a server path. Never pattern-checked.
  content: z.optional(z.string()),
  src: z.optional(z.string()),
  allow_cid: z.string(),
  allow_gid: z.string(),
  deny_cid: z.string(),
  deny_gid: z.string(),
});
export type NativePhoto = z.infer<typeof NativePhotoSchema>;

/**
 * The answer of `photo` (`photo_id`, `scale`): the photo row with the image as base64 `content`,
 * and the item that announced the photo when there is one.
 */
export const PhotoDetailSchema = z.looseObject({
  photo: z.extend(NativePhotoSchema, { content: z.string() }),
  item: z.optional(z.array(ItemSchema)),
});
export type PhotoDetail = z.infer<typeof PhotoDetailSchema>;
