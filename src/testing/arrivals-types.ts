// What the fake site can receive over time, as if from elsewhere: items from connections
// (`site.addItem`), phpFox notifications (`site.addNotification`) and a steady trickle of both
// (`site.trickle`), so that bots following streams can be tested.

/** What `site.addItem` stores. */
export interface AddItemInput {
  /** The text (BBCode), stored as given. */
  body: string;
  /**
   * Who wrote it: the nickname of a channel of the hub (`'bob'`, `'alice'`), or the xchan hash or
   * address of one of `channel`'s connections (`'dana@social.other.example'`).
   * @default `channel`'s first connection (bob for alice, alice for bob), so the item shows in the
   * channel's network stream
   */
  author?: string | undefined;
  /**
   * Makes the item a comment: the message id (or the row id) of an item in `channel`'s tables.
   * A comment on a comment joins the same thread and answers that comment (`thr_parent`), as on
   * the hub; the thread's `commented` moves to the new comment.
   * @default a new top-level post (its author's, on the author's wall)
   */
  parent?: string | number | undefined;
  /** Whose tables (network stream) it lands in: a channel's nickname. @default 'alice' */
  channel?: string | undefined;
  /** A title (posts only, as the hub shows it). @default '' */
  title?: string | undefined;
}

/** The item `site.addItem` stored, in the row's terms. */
export interface AddedItem {
  /** Its row id in the channel's tables (`item/full?item_id=`). */
  id: number;
  /** Its message id (`message_id` of a stream item). */
  mid: string;
  /** The row id of its thread's top item (its own `id` for a post). */
  parent: number;
  /** The message id of its thread's top item (`message_top`). */
  parent_mid: string;
  /** The message id of the item it answers (`message_parent`); its own `mid` for a post. */
  thr_parent: string;
  /** When it arrived: the site's clock, UTC `YYYY-MM-DD HH:MM:SS`. */
  created: string;
  /** The author's xchan hash. */
  author_xchan: string;
}

/** What `site.addNotification` stores. */
export interface AddNotificationInput {
  /** Whose notification: a phpFox user id. @default the app's seeded user (1) */
  userId?: number | undefined;
  /** The text (may hold HTML). @default a sentence for `type` ("Jane Doe commented on your wall") */
  message?: string | undefined;
  /** What happened, choosing the default text and icon. @default 'comment' */
  type?: NotificationType | undefined;
  /** URL of what it is about. @default a comment link on the user's profile */
  link?: string | undefined;
}

/** The kinds of notification `site.addNotification` writes a text for. */
export type NotificationType = 'comment' | 'like' | 'friend' | 'tag' | 'wall';

/** The notification `site.addNotification` stored. */
export interface AddedNotification {
  /** Its id (`notification_id` of notification.get). */
  notification_id: number;
  /** Whose it is. */
  user_id: number;
  /** Its text. */
  message: string;
  /** Unix seconds: the site's clock, never older than the user's newest notification. */
  time_stamp: number;
}

/** Options of `site.trickle`. Each kind left on is chosen in turn by the seeded generator. */
export interface TrickleOptions {
  /** Milliseconds between two arrivals (real time), 1 to 2³¹ − 1. @default 2000 */
  every?: number | undefined;
  /** New posts by the channel's connections. @default true */
  items?: boolean | undefined;
  /**
   * Comments by the channel's connections: on the channel's own posts and its network's threads,
   * mostly recent ones, some on old threads (which then move to the top of the network stream).
   * @default true
   */
  comments?: boolean | undefined;
  /** New unseen notifications for the app's phpFox user. @default true */
  notifications?: boolean | undefined;
  /** Whose network the items arrive in. @default 'alice' */
  channel?: string | undefined;
  /** Whose notifications they are. @default the app's seeded user (1) */
  userId?: number | undefined;
  /** Stop after this many arrivals. @default no limit */
  limit?: number | undefined;
  /** Stops the trickle when aborted. */
  signal?: AbortSignal | undefined;
  /** Called after each arrival (for tests to wait on, and demos to print). */
  onAdd?: ((arrival: TrickleArrival) => void) | undefined;
}

/** A post or comment the trickle added. */
export interface ItemArrival {
  /** A new post of a connection, or a comment in one of the channel's threads. */
  kind: 'post' | 'comment';
  /** Its place in the trickle's sequence, from 1. */
  count: number;
  /** The stored item. */
  item: AddedItem;
  /** Its text. */
  body: string;
}

/** A phpFox notification the trickle added. */
export interface NotificationArrival {
  /** Always `'notification'`. */
  kind: 'notification';
  /** Its place in the trickle's sequence, from 1. */
  count: number;
  /** The stored notification. */
  notification: AddedNotification;
}

/** One thing the trickle added. */
export type TrickleArrival = ItemArrival | NotificationArrival;

/** A running trickle. */
export interface Trickle {
  /** Stops it: nothing more arrives (idempotent). */
  stop(): void;
  /** Whether it still runs (`false` after `stop()`, the signal, the limit, `reset()` or the server's close). */
  readonly running: boolean;
}
