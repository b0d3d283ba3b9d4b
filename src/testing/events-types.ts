// What `site.events` makes happen on the fake, now, with what the real servers do after it: the
// events a bot reacts to (issue 40), in the spirit of `stripe trigger`.
import type { AddedNotification } from './arrivals-types.js';

/** `site.events.post`: a new post by a seeded person. */
export interface PostEvent {
  /**
   * Who posts: a channel of the hub (`'bob'`, `'alice'`, `'carol'`), which posts through its own
   * API as a client would (stored in its tables, then delivered), or the address or hash of a
   * connection on another server (`'dana@social.other.example'`), whose post arrives in the tables
   * of every channel connected to it.
   */
  as: string;
  /** The text (BBCode). */
  body: string;
  /** A title. @default '' */
  title?: string | undefined;
  /**
   * Only these may see it (nicknames or xchan hashes): a private post (`contact_allow`). A hub
   * channel only. @default the poster's default: its "Friends" group
   */
  allow?: readonly string[] | undefined;
  /** These may not see it (nicknames or xchan hashes, `contact_deny`). A hub channel only. @default none */
  deny?: readonly string[] | undefined;
}

/** `site.events.comment`: a comment by a seeded person on a thread. */
export interface CommentEvent {
  /** Who comments: a hub channel's nickname, or the address or hash of a remote connection (as {@link PostEvent.as}). */
  as: string;
  /**
   * The message id (`mid`) of the item answered: a thread's top or one of its comments. A hub
   * channel must hold that thread (its own, or delivered to it).
   */
  on: string;
  /** The text (BBCode). */
  body: string;
}

/** `site.events.photo`: a seeded person posts a photo. */
export interface PhotoEvent {
  /** Who posts it: a hub channel's nickname (the photo goes to its month album). */
  as: string;
  /** The text above the photo. @default '' */
  body?: string | undefined;
  /** The photo's file name. @default 'photo.png' (a generated 16×16 PNG) */
  filename?: string | undefined;
}

/** `site.events.connect`: two hub channels connect (both ways, as after an accepted request). */
export interface ConnectEvent {
  /** One channel's nickname. */
  channel: string;
  /** The other channel's nickname. */
  with: string;
}

/** `site.events.friend`: two phpFox users become friends. */
export interface FriendEvent {
  /** Who gets the friend (and the `friend` notification). @default the app's seeded user (1) */
  userId?: number | undefined;
  /** The new friend: a phpFox user id. */
  with: number;
}

/** `site.events.mail`: private messages arrive for a phpFox user. */
export interface MailEvent {
  /** Whose mailbox. @default the app's seeded user (1) */
  userId?: number | undefined;
  /** How many new messages. @default 1 */
  count?: number | undefined;
}

/** What a post, comment or photo event stored. */
export interface DeliveredItem {
  /** The message id, the same in every channel's copy (`mid` of stream items). */
  mid: string;
  /** The author's xchan hash. */
  author_xchan: string;
  /** The nicknames of the channels whose tables now hold it (the author's first, when a hub channel). */
  deliveredTo: string[];
}

/** What `site.events.connect` stored. */
export interface ConnectedChannels {
  /** The new address-book ids: `channel`'s entry for `with`, then `with`'s for `channel`. */
  abookIds: [number, number];
}

/** What `site.events.friend` did. */
export interface BefriendedUsers {
  /** The user's friends now, in phpFox's order. */
  friends: number[];
  /** The `friend` notification the user got. */
  notification: AddedNotification;
}

/** What `site.events.mail` did. */
export interface ArrivedMail {
  /** Whose mailbox. */
  userId: number;
  /** `mail.getNewCount` now. */
  unread: number;
}
