import * as z from 'zod/mini';
import { flagSchema, intSchema } from '../coerce.js';
import type { KnownFields } from '../known-fields.js';
import { nativeDateSchema } from '../native-date.js';

/*
 * Encodings, said once for the field docs below: ids and codes arrive as JSON numbers or numeric
 * strings (PostgreSQL, PHP before 8.1) and become numbers; flags arrive as 0/1, "0"/"1" or
 * true/false and become booleans; date-times arrive as UTC "YYYY-MM-DD HH:MM:SS" and become a
 * `Date`, or `null` for Hubzilla's "no date" values.
 */

/** The fields of {@link Xchan}, with the docs editors show on hover. */
const xchanFields = {
  /** The identity's hash: its id across the network, and what `xchan`, `*_xchan` and ACL fields hold. */
  hash: z.string(),
  /** The channel's globally unique id. */
  guid: z.string(),
  /** `guid` signed with the channel's private key. */
  guid_sig: z.string(),
  /** The channel's public RSA key (PEM). */
  pubkey: z.string(),
  /** The MIME type of the channel's photo (`image/jpeg`). */
  photo_mimetype: z.string(),
  /** URL of the channel's photo, large (300 px). */
  photo_l: z.string(),
  /** URL of the channel's photo, medium (80 px). */
  photo_m: z.string(),
  /** URL of the channel's photo, small (48 px). */
  photo_s: z.string(),
  /** The channel address, `nick@host` (the row's `xchan_addr`, renamed by the endpoint). */
  address: z.string(),
  /** URL of the channel's home page. */
  url: z.string(),
  /** URL other sites connect to (the channel's protocol endpoint). */
  connurl: z.string(),
  /** URL to follow the channel from elsewhere, when its network has one. */
  follow: z.string(),
  /** URL of the channel's connection page, when its network has one. */
  connpage: z.string(),
  /** The channel's display name. */
  name: z.string(),
  /** Its protocol: `zot6` (Hubzilla), `activitypub`, `diaspora`, `rss`, … */
  network: z.string(),
  /** URL of the site hosting the channel, for networks without hub locations (`""` otherwise). */
  instance_url: z.string(),
  /** Legacy flag bits (superseded by the boolean fields). A number or numeric string; normalized to `number`. */
  flags: intSchema,
  /** When the photo last changed. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for no date). */
  photo_date: nativeDateSchema,
  /** When the name last changed. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for no date). */
  name_date: nativeDateSchema,
  /** Hidden from directories. 0/1 (or "0"/"1", true/false); normalized to `boolean`. */
  hidden: flagSchema,
  /** No hub location is known for it any more. 0/1; normalized to `boolean`. */
  orphan: flagSchema,
  /** Censored by the hub's administrator. 0/1; normalized to `boolean`. */
  censored: flagSchema,
  /** The channel marks its own content as not safe for work. 0/1; normalized to `boolean`. */
  selfcensored: flagSchema,
  /** A system channel of its hub, not a person. 0/1; normalized to `boolean`. */
  system: flagSchema,
  /** A public forum (a group channel anyone may join). 0/1; normalized to `boolean`. */
  pubforum: flagSchema,
  /** The channel was removed. 0/1; normalized to `boolean`. */
  deleted: flagSchema,
};
/** The schema of {@link Xchan}. */
export const XchanSchema: z.ZodMiniObject<typeof xchanFields, z.core.$loose> = z.looseObject(xchanFields);
/**
 * The answer of `xchan` (lookup by `hash`, `guid` or `address`): a channel's portable network
 * identity, i.e. the xchan row with its `xchan_` prefix removed and `addr` renamed `address`. No
 * match is the JSON `false`, which the client turns into `NotFoundError`.
 */
export interface Xchan extends KnownFields<z.infer<typeof XchanSchema>> {}

/** The same identity as joined into other rows (`abook`, `group_members`): prefixed, `xchan_addr`. */
export const xchanColumns = {
  /** The connection's identity hash (the joined xchan's `hash`; equals `abook_xchan`). */
  xchan_hash: z.string(),
  /** The connection's globally unique channel id. */
  xchan_guid: z.string(),
  /** `xchan_guid` signed with the connection's private key. */
  xchan_guid_sig: z.string(),
  /** The connection's public RSA key (PEM). */
  xchan_pubkey: z.string(),
  /** The MIME type of the connection's photo. */
  xchan_photo_mimetype: z.string(),
  /** URL of the connection's photo, large (300 px). */
  xchan_photo_l: z.string(),
  /** URL of the connection's photo, medium (80 px). */
  xchan_photo_m: z.string(),
  /** URL of the connection's photo, small (48 px). */
  xchan_photo_s: z.string(),
  /** The connection's address, `nick@host`. */
  xchan_addr: z.string(),
  /** URL of the connection's home page. */
  xchan_url: z.string(),
  /** URL other sites connect to (the connection's protocol endpoint). */
  xchan_connurl: z.string(),
  /** URL to follow the connection from elsewhere, when its network has one. */
  xchan_follow: z.string(),
  /** URL of the connection's connection page, when its network has one. */
  xchan_connpage: z.string(),
  /** The connection's display name. */
  xchan_name: z.string(),
  /** The connection's protocol: `zot6`, `activitypub`, `diaspora`, `rss`, … */
  xchan_network: z.string(),
  /** URL of the site hosting the connection, for networks without hub locations (`""` otherwise). */
  xchan_instance_url: z.string(),
  /** Legacy flag bits of the connection's xchan. A number or numeric string; normalized to `number`. */
  xchan_flags: intSchema,
  /** When the connection's photo last changed. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` or `null`. */
  xchan_photo_date: nativeDateSchema,
  /** When the connection's name last changed. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` or `null`. */
  xchan_name_date: nativeDateSchema,
  /** The connection is hidden from directories. 0/1; normalized to `boolean`. */
  xchan_hidden: flagSchema,
  /** No hub location is known for the connection any more. 0/1; normalized to `boolean`. */
  xchan_orphan: flagSchema,
  /** The connection is censored by the hub's administrator. 0/1; normalized to `boolean`. */
  xchan_censored: flagSchema,
  /** The connection marks its own content as not safe for work. 0/1; normalized to `boolean`. */
  xchan_selfcensored: flagSchema,
  /** The connection is a system channel. 0/1; normalized to `boolean`. */
  xchan_system: flagSchema,
  /** The connection is a public forum. 0/1; normalized to `boolean`. */
  xchan_pubforum: flagSchema,
  /** The connection's channel was removed. 0/1; normalized to `boolean`. */
  xchan_deleted: flagSchema,
};
