import { addNotification } from './app/add-notification.js';
import type { NotificationType, TrickleArrival } from './arrivals-types.js';
import { addItem } from './native/add-item.js';
import type { HubItem } from './native/item-row.js';
import type { Runtime } from './runtime.js';
import type { Prng } from './seed/prng.js';

/** What one trickle makes: its kinds, in whose network, for which phpFox user. */
export interface TrickleSource {
  kinds: readonly TrickleArrival['kind'][];
  channel: string;
  userId: number | undefined;
  /** The trickle's own generator: the same seed and calls give the same arrivals. */
  prng: Prng;
}

const POSTS = [
  'Morning walk along the river, the fog was unreal',
  'Trying a new bread recipe today',
  'Anyone going to the meetup on Thursday?',
  'Finished the book last night. What an ending',
  'The garden is finally blooming',
  'New photos from the trip are up',
  'Coffee first, then the inbox',
  'Fixed the bike, ready for the weekend',
];

const COMMENTS = [
  'Love this!',
  'Great point, thanks for sharing',
  'I was thinking the same',
  'Count me in',
  'Where was this?',
  'Ha, so true',
  'Can you say more about that?',
  'Congratulations!',
];

const PEOPLE = [
  'Jane Doe',
  'Mary Smith',
  'Ann Garcia',
  'Liu Chen',
  'Omar Haddad',
  'Ines Novak',
  'Tom Okafor',
];

const NOTIFICATIONS: readonly [NotificationType, string][] = [
  ['comment', 'commented on your wall'],
  ['like', 'likes your photo'],
  ['friend', 'added you as a friend'],
  ['tag', 'tagged you in a photo'],
  ['wall', 'wrote on your wall'],
];

/** How many of the latest threads count as recent: most comments go there, the rest anywhere. */
const RECENT_THREADS = 3;

/** Adds the trickle's `count`-th arrival (1-based) to the site and says what it was. */
export function nextArrival(runtime: Runtime, source: TrickleSource, count: number): TrickleArrival {
  const { prng } = source;
  const kind = prng.pick(source.kinds);
  if (kind === 'notification') {
    const [type, text] = prng.pick(NOTIFICATIONS);
    const message = `${prng.pick(PEOPLE)} ${text}`;
    return { kind, count, notification: addNotification(runtime, { userId: source.userId, type, message }) };
  }
  const author = prng.pick(connectionsOf(runtime, source.channel));
  const thread = kind === 'comment' ? pickThread(runtime, source) : undefined;
  if (kind === 'comment' && thread) {
    const body = `${prng.pick(COMMENTS)} (comment ${count})`;
    // Now and then an answer to the thread's latest comment rather than to its top.
    const latest = thread.at(-1);
    const replyTo = thread.length > 1 && prng.int(0, 3) === 0 && latest ? latest : thread[0];
    const item = addItem(runtime, { channel: source.channel, author, body, parent: replyTo?.row.mid });
    return { kind, count, item, body };
  }
  const body = `${prng.pick(POSTS)} (post ${count})`;
  return { kind: 'post', count, item: addItem(runtime, { channel: source.channel, author, body }), body };
}

/** The xchan hashes of the channel's connections (who can deliver to it). */
export function connectionsOf(runtime: Runtime, nick: string): string[] {
  const { hub } = runtime;
  const channel = hub.channels.find((c) => c.nick === nick);
  return hub.abooks
    .filter((abook) => abook.abook_channel === channel?.channel_id && abook.abook_self === 0)
    .sort((a, b) => a.abook_id - b.abook_id)
    .map((abook) => abook.abook_xchan);
}

/** A thread open to comments, latest activity first: mostly a recent one, sometimes an old one. */
function pickThread(runtime: Runtime, source: TrickleSource): HubItem[] | undefined {
  const channel = runtime.hub.channels.find((c) => c.nick === source.channel);
  const mine = runtime.hub.items.filter((item) => item.row.uid === channel?.channel_id);
  const tops = mine
    .filter((item) => item.row.item_thread_top === 1 && !item.row.item_hidden && !item.row.item_nocomment)
    .sort((a, b) => b.row.commented.localeCompare(a.row.commented) || b.row.id - a.row.id);
  if (tops.length === 0) return undefined;
  const old = source.prng.int(0, 2) === 0;
  const top = source.prng.pick(old ? tops : tops.slice(0, RECENT_THREADS));
  return [
    top,
    ...mine
      .filter((item) => item.row.parent === top.row.id && item !== top)
      .sort((a, b) => a.row.created.localeCompare(b.row.created) || a.row.id - b.row.id),
  ];
}
