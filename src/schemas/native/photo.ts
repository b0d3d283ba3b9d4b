import * as z from 'zod/mini';
import { flagSchema, intSchema } from '../coerce.js';
import type { KnownFields } from '../known-fields.js';
import { nativeDateSchema } from '../native-date.js';
import { ExportItemSchema } from './item.js';

/** The fields of {@link Album}, with the docs editors show on hover. */
const albumFields = {
  /** The album's name (its folder's name). */
  text: z.string(),
  /** The name shortened for display. */
  shorttext: z.optional(z.string()),
  /** The name escaped for JavaScript. */
  jstext: z.optional(z.string()),
  /** The number of photos in the album. A number or numeric string; normalized to `number`. */
  total: intSchema,
  /** URL of the album's page. */
  url: z.string(),
  /** The name URL-encoded. */
  urlencode: z.string(),
  /** The album's id in URLs: the name in hex on older hubs, the folder's hash on 8.x. */
  bin2hex: z.string(),
};
/** The schema of {@link Album}. */
export const AlbumSchema: z.ZodMiniObject<typeof albumFields, z.core.$loose> = z.looseObject(albumFields);
/** An item of `albums`' `albums` list: one photo album (a folder of the channel's cloud). */
export interface Album extends KnownFields<z.infer<typeof AlbumSchema>> {}

/** The fields of {@link NativePhoto}, with the docs editors show on hover. */
const nativePhotoFields = {
  /** `photo`, `file/export`: the row id. A number or numeric string; normalized to `number`. */
  id: z.optional(intSchema),
  /** `photo`, `file/export`: the id of the account that owns it. Normalized to `number`. */
  aid: z.optional(intSchema),
  /** `photo`, `file/export`: the id of the channel that owns it. Normalized to `number`. */
  uid: z.optional(intSchema),
  /** `photo`, `file/export`: the owner's identity hash. */
  xchan: z.optional(z.string()),
  /** The photo's id, shared by all its scales: the `photo_id` of `photo`, and the file's `hash`. */
  resource_id: z.string(),
  /** When it was uploaded. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for no date). */
  created: nativeDateSchema,
  /** When it last changed. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for no date). */
  edited: nativeDateSchema,
  /** `photo`, `file/export`: when it expires. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for never). */
  expires: z.optional(nativeDateSchema),
  /** The photo's title (`""` when none was given). */
  title: z.string(),
  /** The photo's description (`""` when none was given). */
  description: z.string(),
  /** The album (folder) name. */
  album: z.string(),
  /** The uploaded file's name. */
  filename: z.string(),
  /** The image's MIME type at this scale (`image/jpeg`). */
  mimetype: z.string(),
  /** The height in pixels at this scale. PostgreSQL sends a numeric string; normalized to `number`. */
  height: intSchema,
  /** The width in pixels at this scale. PostgreSQL sends a numeric string; normalized to `number`. */
  width: intSchema,
  /** The size in bytes at this scale. Normalized to `number`. */
  filesize: intSchema,
  /** The scale: 0 is the original, higher numbers smaller copies. PostgreSQL sends a numeric string; normalized to `number`. */
  imgscale: intSchema,
  // Which kind of photo (normal, profile, cover...): a code, not a yes/no flag.
  /** What the photo is for: 0 a normal photo, other codes profile or cover photos. Normalized to `number`. */
  photo_usage: z.optional(intSchema),
  /** `photo`, `file/export`: legacy flag bits. Normalized to `number`. */
  photo_flags: z.optional(intSchema),
  /** `photo`, `file/export`: a profile photo. PostgreSQL sends "0"/"1"; normalized to `boolean`. */
  profile: z.optional(flagSchema),
  /** `photo`, `file/export`: marked not safe for work. 0/1; normalized to `boolean`. */
  is_nsfw: z.optional(flagSchema),
  /** `photo`, `file/export`: stored in the hub's file system (not in the database). 0/1; normalized to `boolean`. */
  os_storage: z.optional(flagSchema),
  /** `photo`, `file/export`: the storage path on the server. */
  os_path: z.optional(z.string()),
  /** `photo`, `file/export`: where the file is as users see it (`Vacation/beach.jpg`). */
  display_path: z.optional(z.string()),
  // `photo`: base64 image data; `file/export`: base64 of a server path. Never pattern-checked.
  /** `photo`: the image at this scale, base64; `file/export`: base64 of a server path, not image data. */
  content: z.optional(z.string()),
  /** `photos`: URL of the image at this scale. */
  src: z.optional(z.string()),
  /** Access list: the identity hashes allowed, each in angle brackets; `""` for none. */
  allow_cid: z.string(),
  /** Access list: the privacy group hashes allowed, each in angle brackets; `""` for none. */
  allow_gid: z.string(),
  /** Access list: the identity hashes denied, each in angle brackets; `""` for none. */
  deny_cid: z.string(),
  /** Access list: the privacy group hashes denied, each in angle brackets; `""` for none. */
  deny_gid: z.string(),
};
/** The schema of {@link NativePhoto}. */
export const NativePhotoSchema: z.ZodMiniObject<typeof nativePhotoFields, z.core.$loose> =
  z.looseObject(nativePhotoFields);
/**
 * A photo row: one per image scale (`imgscale` 0 is the original). `photos` lists a subset of the
 * columns plus `src`; `photo` and `file/export` send the whole row (ids, paths, `content`).
 * Named `NativePhoto` because the Application API's photo is {@link Photo}.
 */
export interface NativePhoto extends KnownFields<z.infer<typeof NativePhotoSchema>> {}

/** A photo row that always has its image. */
const photoWithContentFields = {
  ...nativePhotoFields,
  /** The image at this scale, base64 (the resource method decodes it into `bytes`). */
  content: z.string(),
};
// Named and typed, like the records: an inline `z.looseObject()` would lose the fields' docs in
// the declaration files.
const PhotoWithContentSchema: z.ZodMiniObject<typeof photoWithContentFields, z.core.$loose> =
  z.looseObject(photoWithContentFields);

/** The fields of {@link PhotoDetail}, with the docs editors show on hover. */
const photoDetailFields = {
  /** The photo row at the scale asked for. */
  photo: PhotoWithContentSchema,
  /** The item that announced the photo, when there is one (a list of one), in the export shape. */
  // Typed by name: declaration files keep the docs of another module's record only that way.
  item: z.optional(z.array(ExportItemSchema)) as z.ZodMiniOptional<z.ZodMiniArray<typeof ExportItemSchema>>,
};
/** The schema of {@link PhotoDetail}. */
export const PhotoDetailSchema: z.ZodMiniObject<typeof photoDetailFields, z.core.$loose> =
  z.looseObject(photoDetailFields);
/**
 * The answer of `photo` (`photo_id`, `scale`): the photo row with the image as base64 `content`,
 * and the item that announced the photo when there is one.
 */
export interface PhotoDetail extends KnownFields<z.infer<typeof PhotoDetailSchema>> {}
