import { ChannelMismatchError } from '../core/errors/channel-mismatch-error.js';
import type { ItemUpdateAnswer } from './stored-item.js';

/** The channel a client pins, as far as the hub told it: its nickname and its id (`uid`). */
export interface PinnedChannel {
  nick: string;
  /** 0 when the client could not learn it (then nothing is checked). */
  channelId: number;
}

/**
 * Checks that the item an `item/update` stored is in the channel the client pins: the answer's
 * `item.uid` (the channel that stored the row; not `owner_xchan`, which for a comment is the
 * thread's owner) is that channel's id. Another id means the hub ran the call as another channel
 * (the account's default one: PHP cut the `channel` field): a `ChannelMismatchError` naming both,
 * never a success. An answer without a `uid` (validation `'off'` of an unusual hub, an older one)
 * is not checked: there is nothing to compare.
 */
export function checkStoredChannel(answer: ItemUpdateAnswer, pinned: PinnedChannel, what: string): void {
  if (pinned.channelId === 0) return;
  const item = answer?.item as { uid?: unknown; owner_xchan?: unknown } | undefined;
  const uid = Number(item?.uid);
  if (item?.uid === undefined || item?.uid === null || !Number.isSafeInteger(uid) || uid === pinned.channelId)
    return;
  const ownerXchan = typeof item.owner_xchan === 'string' ? item.owner_xchan : '';
  const itemId = Number(answer.item_id);
  throw new ChannelMismatchError(
    `${what}: the hub stored item ${itemId} in channel #${uid}${ownerXchan ? ` (owner ${ownerXchan})` : ''}, ` +
      `not in "${pinned.nick}" (channel #${pinned.channelId}), the channel this client pins: it was written ` +
      `under another identity and may have reached that channel's connections. Look at item ${itemId} ` +
      'before repeating the call (a request cut by PHP drops the channel field: see serverLimits).',
    { expected: pinned.nick, expectedChannelId: pinned.channelId, storedChannelId: uid, ownerXchan, itemId },
  );
}
