import * as z from 'zod/mini';
import { flagSchema, intSchema, nullableStringSchema } from './coerce.js';
import { fail, show } from './issue.js';
import type { KnownFields } from './known-fields.js';

/*
 * Records of the Application API (phpFox token.php / api.php). phpFox sends database values as
 * strings (`user_id: "7"`, `joined: "1314110027"`) and counts as numbers; the schemas return the
 * documented numbers whichever arrives. Every object keeps the fields it does not declare:
 * phpFox 3.5+ adds members (e.g. HTML `*_link` fields) that 3.0.x does not have.
 * The prose a reader needs sits on the record interfaces and on each field: that is what editors
 * show on hover.
 */

/** The fields of {@link ApiInfo}, with the docs editors show on hover. */
const apiInfoFields = {
  /**
   * The number of items of the whole list, as phpFox counts it; often 0 even for lists, so never a
   * reason to stop paging on its own. A JSON number (a numeric string is tolerated).
   */
  total: intSchema,
  /**
   * phpFox 3.0.x only, and always 0 there; 3.5+ leaves it out. Not a page count: never rely on it.
   * A JSON number.
   */
  pages: z.optional(intSchema),
  /**
   * The page the server says it answered: 3.0.x always sends 0, 3.5+ echoes the request's raw
   * `page` text (`"2"`, or `""` when none was sent). Normalized to a `number`, or `null` when
   * absent, empty or not a number. Not to be trusted for paging. One transform that checks the
   * type itself (as the normalizers of `coerce.ts` do), not `pipe(optional(union([number, string,
   * null])), transform)`: that union of three kinds, used nowhere else by `AppClient`, cost its
   * bundle 0.5 kB (min+gzip).
   */
  current_page: z.transform((value: number | string | null | undefined, ctx): number | null => {
    if (value === undefined || value === null || value === '') return null;
    if (typeof value !== 'number' && typeof value !== 'string')
      return fail(ctx, `Expected a page number, a string or null, received ${show(value)}`);
    const page = Number(value);
    return Number.isSafeInteger(page) ? page : null;
  }),
};
/** The schema of {@link ApiInfo}. */
export const ApiInfoSchema: z.ZodMiniObject<typeof apiInfoFields, z.core.$loose> =
  z.looseObject(apiInfoFields);
/**
 * The `api` member of every api.php envelope (what `app.call()` returns beside `output`).
 * phpFox 3.0.x sends `{total, pages: 0, current_page: 0}`; 3.5+ drops `pages` and echoes the raw
 * `page` in `current_page`. Neither `pages` nor `current_page` can be trusted for paging.
 */
export interface ApiInfo extends KnownFields<z.infer<typeof ApiInfoSchema>> {}

/** The fields of {@link TokenResponse}, with the docs editors show on hover. */
const tokenResponseFields = {
  /**
   * The access token every api.php call carries: the base64 of a PEM public key, 276 letters and
   * digits on both a live 3.0.1 and a live 3.9.0 (phpFox's document shows `+`, `/` and `=`: the SDK
   * URL-encodes it either way).
   */
  token: z.string(),
};
/** The schema of {@link TokenResponse}. */
export const TokenResponseSchema: z.ZodMiniObject<typeof tokenResponseFields, z.core.$loose> =
  z.looseObject(tokenResponseFields);
/** The answer of token.php on success: a bare `{token}` without envelope. */
export interface TokenResponse extends KnownFields<z.infer<typeof TokenResponseSchema>> {}

/** The fields every phpFox user card carries: the user's id and display name. */
const userCardFields = {
  /** The user's id. phpFox sends a numeric string (`"7"`), 3.5+ sometimes a number; normalized to `number`. */
  user_id: intSchema,
  /** The name shown for the user (`"John Doe"`). A string. */
  full_name: z.string(),
};

/** The fields of {@link User}, with the docs editors show on hover. */
const userFields = {
  ...userCardFields,
  /** The user name, the profile's address (`john-doe` in `index.php?do=/john-doe/`). A string. */
  user_name: z.string(),
  /** When the user signed up, in unix seconds. phpFox sends a numeric string; normalized to `number`. */
  joined: intSchema,
  /** The ISO 3166-1 alpha-2 country code (`"US"`), or `null` when the user set none (JSON `null`). */
  country_iso: nullableStringSchema,
  /** The gender as phpFox words it (`"Male"`, `"Female"`); phpFox reads an unset gender as `"Female"`. */
  gender: z.string(),
  /** The e-mail address, or `null` (JSON `null`) when phpFox withholds it. */
  email: nullableStringSchema,
  /** URL of the profile picture, 50 px wide. */
  photo_50px: z.string(),
  /** URL of the profile picture cut square, 50 × 50 px. */
  photo_50px_square: z.string(),
  /** URL of the profile picture, 120 px wide. */
  photo_120px: z.string(),
  /** URL of the profile picture as uploaded. */
  photo_original: z.string(),
  /** URL of the user's profile page. */
  profile_url: z.string(),
};
/** The schema of {@link User}. */
export const UserSchema: z.ZodMiniObject<typeof userFields, z.core.$loose> = z.looseObject(userFields);
/**
 * A phpFox user, as `user.getUser` returns it. `email` and `country_iso` can be `null`; an unset
 * gender reads "Female"; `joined` is in unix seconds. phpFox 3.5+ adds HTML `*_link` fields
 * (`profile_link`, `photo_50px_link`), kept at run time: read them with {@link extraField}.
 */
export interface User extends KnownFields<z.infer<typeof UserSchema>> {}

/** The fields of {@link Friend}, with the docs editors show on hover. */
const friendFields = {
  ...userCardFields,
  /** phpFox 3.0.x: the user name, the profile's address. 3.5+ sends it as {@link Friend.name}. */
  user_name: z.optional(z.string()),
  /** phpFox 3.5+: the user name (what 3.0.x calls `user_name`). */
  name: z.optional(z.string()),
  /** phpFox 3.0.x: when the user signed up, in unix seconds (a numeric string, normalized to `number`). */
  joined: z.optional(intSchema),
  /** phpFox 3.0.x: the ISO 3166-1 alpha-2 country code, or `null` when none is set. */
  country_iso: z.optional(nullableStringSchema),
  /** phpFox 3.0.x: the gender as phpFox words it (an unset one reads `"Female"`). */
  gender: z.optional(z.string()),
  /** URL of the profile picture, 50 px wide (both generations). */
  photo_50px: z.optional(z.string()),
  /** URL of the profile picture cut square, 50 × 50 px (both generations). */
  photo_50px_square: z.optional(z.string()),
  /** URL of the profile picture, 120 px wide (both generations). */
  photo_120px: z.optional(z.string()),
  /** phpFox 3.0.x: URL of the profile picture as uploaded. */
  photo_original: z.optional(z.string()),
  /** phpFox 3.0.x: URL of the friend's profile page (3.5+ sends {@link Friend.permalink}). */
  profile_url: z.optional(z.string()),
  /** phpFox 3.5+: URL of the friend's profile page (what 3.0.x calls `profile_url`). */
  permalink: z.optional(z.string()),
};
/** The schema of {@link Friend}. */
export const FriendSchema: z.ZodMiniObject<typeof friendFields, z.core.$loose> = z.looseObject(friendFields);
/**
 * An item of `friend.getFriends`. phpFox 3.0.x sends a user record without `email`; 3.5+ sends
 * `{user_id, full_name, name, photo_50px, photo_50px_square, photo_120px, permalink}`. `user_id`
 * and `full_name` are in both, so they are required; the rest is optional.
 */
export interface Friend extends KnownFields<z.infer<typeof FriendSchema>> {}

/** The fields of {@link Notification}, with the docs editors show on hover. */
const notificationFields = {
  /** The notification's id. phpFox sends a numeric string; normalized to `number`. */
  notification_id: intSchema,
  /** URL of what the notification is about. */
  link: z.string(),
  /** The text shown for it; may hold HTML (phpFox words and links it). */
  message: z.string(),
  /** URL of its icon, or `null` (JSON `null`) when it has none. */
  icon: nullableStringSchema,
};
/** The schema of {@link Notification}. */
export const NotificationSchema: z.ZodMiniObject<typeof notificationFields, z.core.$loose> =
  z.looseObject(notificationFields);
/**
 * An item of `notification.get`. phpFox 3.9 marks the notifications it returns as seen and fills
 * every answer up to 5 with already-seen ones (the SDK skips those it has yielded already).
 */
export interface Notification extends KnownFields<z.infer<typeof NotificationSchema>> {}

/** The fields of {@link Photo}, with the docs editors show on hover. */
const photoFields = {
  /** URL of the photo scaled to 100 px. */
  photo_100px: z.string(),
  /** URL of the photo scaled to 240 px. */
  photo_240px: z.string(),
  /** URL of the photo as uploaded. */
  photo_original: z.string(),
  /** phpFox 3.9: the photo's id (3.5 calls it `photo_id`). Sent as a numeric string; normalized to `number`. */
  id: z.optional(intSchema),
  /** phpFox 3.5: the photo's id (3.9 calls it `id`). Sent as a numeric string; normalized to `number`. */
  photo_id: z.optional(intSchema),
  /** phpFox 3.5+: the photo's title (the file name without extension unless the user changed it). */
  title: z.optional(z.string()),
  /** phpFox 3.9: the photo's description, or `null` when it has none. */
  description: z.optional(nullableStringSchema),
  /** phpFox 3.9: how many users like it. Sent as a numeric string; normalized to `number`. */
  likes: z.optional(intSchema),
  /** phpFox 3.9: how many comments it has. Sent as a numeric string; normalized to `number`. */
  comments: z.optional(intSchema),
  /** phpFox 3.9: whether the signed-in user likes it. A JSON boolean, 0/1 or "0"/"1"; normalized to `boolean`. */
  is_liked: z.optional(flagSchema),
  /** phpFox 3.5: when it was uploaded, in unix seconds. Sent as a numeric string; normalized to `number`. */
  time_stamp: z.optional(intSchema),
  /** phpFox 3.9: the uploader's full name. */
  uploaded_by: z.optional(z.string()),
  /** phpFox 3.9: the uploader's user id. Sent as a numeric string; normalized to `number`. */
  uploaded_by_id: z.optional(intSchema),
  /** phpFox 3.9: the uploader's user name. */
  uploaded_by_username: z.optional(z.string()),
  /** phpFox 3.9: URL of the uploader's profile page. */
  uploaded_by_url: z.optional(z.string()),
  /** phpFox 3.9: URL of the uploader's profile picture. */
  uploaded_by_image: z.optional(z.string()),
  /** phpFox 3.5+: URL of the photo's page. */
  permalink: z.optional(z.string()),
  /** phpFox 3.5+ (and 3.0.x's addPhoto): URL of the photo scaled to 500 px. */
  photo_500px: z.optional(z.string()),
  /** phpFox 3.5+ (and 3.0.x's addPhoto): URL of the photo scaled to 1024 px. */
  photo_1024px: z.optional(z.string()),
};
/** The schema of {@link Photo}. */
export const PhotoSchema: z.ZodMiniObject<typeof photoFields, z.core.$loose> = z.looseObject(photoFields);
/**
 * An item of `photo.getPhotos`. phpFox 3.0.x sends only the three image URLs; 3.5+ sends a fuller
 * record whose numbers stay strings (`id: "1"`, `likes: "0"`, seen on a live 3.9.0): they become
 * numbers here, like every other id and count, and `is_liked` a boolean.
 */
export interface Photo extends KnownFields<z.infer<typeof PhotoSchema>> {}

/** The fields of the normalized {@link UploadedPhoto}: a photo record's, and 3.0.x's two extra sizes. */
const uploadedPhotoFields = {
  ...photoFields,
  /** phpFox 3.0.x only (sent as `75px`): URL of the photo scaled to 75 px. */
  photo_75px: z.optional(z.string()),
  /** phpFox 3.0.x only (sent as `150px`): URL of the photo scaled to 150 px. */
  photo_150px: z.optional(z.string()),
};

/** phpFox 3.0.x's addPhoto keys: `original` and one `<N>px` per generated size. */
const SIZE_KEY_30 = /^(original|\d+px)$/;

/**
 * photo.addPhoto's output with phpFox 3.0.x's size keys (`original`, `75px`, …) renamed to the
 * `photo_*` names of the 3.5+ record. Anything else is returned as it is, so it is safe to run on a
 * normalized record again, and on values that are not records at all (validation reports those).
 */
export function renameUploadedPhotoFields(output: unknown): unknown {
  if (typeof output !== 'object' || output === null || Array.isArray(output)) return output;
  if (!Object.hasOwn(output, 'original') || Object.hasOwn(output, 'photo_original')) return output;
  const renamed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(output))
    renamed[SIZE_KEY_30.test(key) ? `photo_${key}` : key] = value;
  return renamed;
}

/**
 * The schema of {@link UploadedPhoto}: accepts both generations' answers and returns the one
 * normalized record (3.0.x's keys renamed first, then checked as a photo record).
 */
export const UploadedPhotoSchema: z.ZodMiniPipe<
  z.ZodMiniTransform<unknown, unknown>,
  z.ZodMiniObject<typeof uploadedPhotoFields, z.core.$loose>
> = z.pipe(z.transform(renameUploadedPhotoFields), z.looseObject(uploadedPhotoFields));
/**
 * What `photo.addPhoto` resolves to, ONE shape for both phpFox generations: the photo record of
 * `photo.getPhotos` ({@link Photo}), whose `photo_original`, `photo_100px` and `photo_240px` are
 * always there. phpFox 3.0.x answers a map of size → URL (`{original, 75px, 100px, 150px, 240px,
 * 500px, 1024px}`): its keys are renamed `photo_original`, `photo_75px`, … and it has no id (and
 * 3.0.x's `photo.getPhotos` never lists a photo added through the API: seen on a live 3.0.1).
 * 3.5+ answers a getPhotos-style record, kept as it is (its id is `photo_id` on 3.5, `id` on 3.9).
 */
export interface UploadedPhoto extends KnownFields<z.infer<typeof UploadedPhotoSchema>> {}

/** The fields of {@link IsFriend}, with the docs editors show on hover. */
const isFriendFields = {
  /** Whether the two users are friends. The document shows `1`, the real server a JSON boolean; normalized to `boolean`. */
  is_friend: flagSchema,
};
/** The schema of {@link IsFriend}. */
export const IsFriendSchema: z.ZodMiniObject<typeof isFriendFields, z.core.$loose> =
  z.looseObject(isFriendFields);
/** `friend.isFriend`'s output (the resource method returns `is_friend` alone). */
export interface IsFriend extends KnownFields<z.infer<typeof IsFriendSchema>> {}

/** The schema of {@link Count}: an integer, sent as a JSON number (a numeric string tolerated). */
export const CountSchema = intSchema;
/** The bare integer output of `mail.getNewCount` and `notification.getNewCount`. */
export type Count = z.infer<typeof CountSchema>;
