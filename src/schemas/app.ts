import * as z from 'zod/mini';
import { flagSchema, intSchema, nullableStringSchema } from './coerce.js';

/*
 * Records of the Application API (phpFox token.php / api.php). phpFox sends database values as
 * strings (`user_id: "7"`, `joined: "1314110027"`) and counts as numbers; the schemas return the
 * documented numbers whichever arrives. Every object keeps the fields it does not declare:
 * phpFox 3.5+ adds members (e.g. HTML `*_link` fields) that 3.0.x does not have.
 */

/**
 * The `api` member of every api.php envelope. phpFox 3.0.x sends `{total, pages: 0,
 * current_page: 0}`; 3.5+ drops `pages` and echoes the request's raw `page` as a string in
 * `current_page` (`"2"`, or `""` when none was sent). `current_page` becomes a number, or `null`
 * when absent, empty or not a number. Neither `pages` nor `current_page` can be trusted for paging.
 */
export const ApiInfoSchema = z.looseObject({
  total: intSchema,
  pages: z.optional(intSchema),
  current_page: z._default(
    z.pipe(
      z.union([z.number(), z.string(), z.null()]),
      z.transform((value: number | string | null): number | null => {
        if (value === null || value === '') return null;
        const page = Number(value);
        return Number.isSafeInteger(page) ? page : null;
      }),
    ),
    null,
  ),
});
export type ApiInfo = z.infer<typeof ApiInfoSchema>;

/** The answer of token.php on success: a bare `{token}` without envelope. */
export const TokenResponseSchema = z.looseObject({ token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/**
 * user.getUser's output. `email` and `country_iso` can be `null`; an unset gender reads "Female";
 * `joined` is in unix seconds. 3.5+ adds HTML `*_link` fields, kept as they come.
 */
export const UserSchema = z.looseObject({
  user_id: intSchema,
  user_name: z.string(),
  full_name: z.string(),
  joined: intSchema,
  country_iso: nullableStringSchema,
  gender: z.string(),
  email: nullableStringSchema,
  photo_50px: z.string(),
  photo_50px_square: z.string(),
  photo_120px: z.string(),
  photo_original: z.string(),
  profile_url: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/**
 * An item of friend.getFriends. phpFox 3.0.x sends a user record without `email`; 3.5+ sends
 * `{user_id, full_name, name, photo_50px, photo_50px_square, photo_120px, permalink}`. Only
 * `user_id` is common to both, so it is the only required field.
 */
export const FriendSchema = z.looseObject({
  user_id: intSchema,
  full_name: z.optional(z.string()),
  user_name: z.optional(z.string()),
  name: z.optional(z.string()),
  joined: z.optional(intSchema),
  country_iso: z.optional(nullableStringSchema),
  gender: z.optional(z.string()),
  photo_50px: z.optional(z.string()),
  photo_50px_square: z.optional(z.string()),
  photo_120px: z.optional(z.string()),
  photo_original: z.optional(z.string()),
  profile_url: z.optional(z.string()),
  permalink: z.optional(z.string()),
});
export type Friend = z.infer<typeof FriendSchema>;

/** An item of notification.get. `message` may hold HTML; `icon` may be `null`. */
export const NotificationSchema = z.looseObject({
  notification_id: intSchema,
  link: z.string(),
  message: z.string(),
  icon: nullableStringSchema,
});
export type Notification = z.infer<typeof NotificationSchema>;

/**
 * An item of photo.getPhotos. 3.0.x sends three image URLs; 3.5+ sends a fuller record whose
 * numbers stay strings (`id: "1"`, `likes: "0"`, seen on a live 3.9.0): they become numbers here,
 * like every other id and count, and `is_liked` a boolean. Fields beyond these are kept as they come.
 */
export const PhotoSchema = z.looseObject({
  photo_100px: z.string(),
  photo_240px: z.string(),
  photo_original: z.string(),
  /** 3.5+: the photo's id (3.9 calls it `id`). */
  id: z.optional(intSchema),
  photo_id: z.optional(intSchema),
  title: z.optional(z.string()),
  description: z.optional(nullableStringSchema),
  likes: z.optional(intSchema),
  comments: z.optional(intSchema),
  is_liked: z.optional(flagSchema),
  time_stamp: z.optional(intSchema),
  uploaded_by: z.optional(z.string()),
  uploaded_by_id: z.optional(intSchema),
  uploaded_by_username: z.optional(z.string()),
  uploaded_by_url: z.optional(z.string()),
  uploaded_by_image: z.optional(z.string()),
  permalink: z.optional(z.string()),
  photo_500px: z.optional(z.string()),
  photo_1024px: z.optional(z.string()),
});
export type Photo = z.infer<typeof PhotoSchema>;

/** photo.addPhoto's output as phpFox 3.0.x sends it: one URL per generated size. */
const UploadedPhotoSizesSchema = z.looseObject({
  original: z.string(),
  '75px': z.string(),
  '100px': z.string(),
  '150px': z.string(),
  '240px': z.string(),
  '500px': z.string(),
  '1024px': z.string(),
});

/**
 * photo.addPhoto's output: 3.0.x sends `{original, 75px, 100px, 150px, 240px, 500px, 1024px}`,
 * 3.5+ a photo.getPhotos-style record. Both are accepted; test for `original` to tell them apart.
 */
export const UploadedPhotoSchema = z.union([UploadedPhotoSizesSchema, PhotoSchema]);
export type UploadedPhoto = z.infer<typeof UploadedPhotoSchema>;

/** friend.isFriend's output. The document shows `1`, the real server a JSON boolean: both → boolean. */
export const IsFriendSchema = z.looseObject({ is_friend: flagSchema });
export type IsFriend = z.infer<typeof IsFriendSchema>;

/** The bare integer output of mail.getNewCount and notification.getNewCount (a numeric string tolerated). */
export const CountSchema = intSchema;
export type Count = z.infer<typeof CountSchema>;
