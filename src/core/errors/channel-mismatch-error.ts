import { SdkError } from './sdk-error.js';

/** What a {@link ChannelMismatchError} is made of. */
export interface ChannelMismatchDetails {
  /** The channel the client pins (`NativeClient`'s `channel` option, a nickname). */
  expected: string;
  /** That channel's id on the hub (`channel_id`, an item's `uid`), when the client could learn it. */
  expectedChannelId: number;
  /** The id of the channel the hub stored the item in (the stored item's `uid`). */
  storedChannelId: number;
  /** The stored item's owner (its `owner_xchan` hash), `''` when the answer had none. */
  ownerXchan: string;
  /** The stored item's id (`item_id`): find it, check it, delete it with `dropitems`. */
  itemId: number;
}

/**
 * A write the hub **applied in another channel** than the one the client pins: the item it stored
 * (a post, a reply, an edit) belongs to channel `storedChannelId`, not to `expected`. Never a
 * success: the item was written under the wrong identity, and may have been delivered to that
 * channel's connections. `mayHaveSucceeded` is `true` (it was stored): do not repeat the call
 * before looking at item `itemId`. The SDK refuses the requests PHP would cut (see `serverLimits`),
 * the known cause; this is the check after the fact, for a cut the SDK could not foresee (a
 * `max_input_vars` lower than `serverLimits` says, a proxy dropping fields). Branch on it with
 * `instanceof ChannelMismatchError` or `error.code === 'channel_mismatch'`.
 */
export class ChannelMismatchError extends SdkError {
  override name = 'ChannelMismatchError';
  /** Always `'channel_mismatch'`: what to branch on without `instanceof`. */
  readonly code = 'channel_mismatch';
  /** The channel the client pins (a nickname). */
  readonly expected: string;
  /** That channel's id on the hub. */
  readonly expectedChannelId: number;
  /** The id of the channel the hub stored the item in. */
  readonly storedChannelId: number;
  /** The stored item's owner (`owner_xchan`), `''` when the answer had none. */
  readonly ownerXchan: string;
  /** The stored item's id. */
  readonly itemId: number;

  constructor(message: string, details: ChannelMismatchDetails, options?: { cause?: unknown }) {
    super(message, options);
    this.expected = details.expected;
    this.expectedChannelId = details.expectedChannelId;
    this.storedChannelId = details.storedChannelId;
    this.ownerXchan = details.ownerXchan;
    this.itemId = details.itemId;
  }
}
