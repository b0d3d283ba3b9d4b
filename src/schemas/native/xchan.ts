import * as z from 'zod/mini';
import { flagSchema, intSchema, nativeDateSchema } from '../coerce.js';

/**
 * The answer of `xchan` (lookup by `hash`, `guid` or `address`): the portable network identity,
 * i.e. the xchan row with its `xchan_` prefix removed and `addr` renamed `address`. No match is
 * the JSON `false`, which this schema does not accept: callers turn it into `NotFoundError` first.
 */
export const XchanSchema = z.looseObject({
  hash: z.string(),
  guid: z.string(),
  guid_sig: z.string(),
  pubkey: z.string(),
  photo_mimetype: z.string(),
  photo_l: z.string(),
  photo_m: z.string(),
  photo_s: z.string(),
  address: z.string(),
  url: z.string(),
  connurl: z.string(),
  follow: z.string(),
  connpage: z.string(),
  name: z.string(),
  network: z.string(),
  instance_url: z.string(),
  flags: intSchema,
  photo_date: nativeDateSchema,
  name_date: nativeDateSchema,
  hidden: flagSchema,
  orphan: flagSchema,
  censored: flagSchema,
  selfcensored: flagSchema,
  system: flagSchema,
  pubforum: flagSchema,
  deleted: flagSchema,
});
export type Xchan = z.infer<typeof XchanSchema>;

/** The same identity as joined into other rows (`abook`, `group_members`): prefixed, `xchan_addr`. */
export const xchanColumns = {
  xchan_hash: z.string(),
  xchan_guid: z.string(),
  xchan_guid_sig: z.string(),
  xchan_pubkey: z.string(),
  xchan_photo_mimetype: z.string(),
  xchan_photo_l: z.string(),
  xchan_photo_m: z.string(),
  xchan_photo_s: z.string(),
  xchan_addr: z.string(),
  xchan_url: z.string(),
  xchan_connurl: z.string(),
  xchan_follow: z.string(),
  xchan_connpage: z.string(),
  xchan_name: z.string(),
  xchan_network: z.string(),
  xchan_instance_url: z.string(),
  xchan_flags: intSchema,
  xchan_photo_date: nativeDateSchema,
  xchan_name_date: nativeDateSchema,
  xchan_hidden: flagSchema,
  xchan_orphan: flagSchema,
  xchan_censored: flagSchema,
  xchan_selfcensored: flagSchema,
  xchan_system: flagSchema,
  xchan_pubforum: flagSchema,
  xchan_deleted: flagSchema,
};
