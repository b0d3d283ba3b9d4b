import { ArgumentError } from '../core/errors/argument-error.js';
import { requireText } from './arguments.js';
import type { ReplyTarget } from './resources/items-params.js';

/** The message id of the item to reply to: `message_id` (stream and export shapes), `mid` (row), or the id itself. */
export function messageIdOf(to: ReplyTarget): string {
  if (typeof to === 'string') return requireText('items.reply: the message id to reply to', to);
  const item = (typeof to === 'object' && to !== null ? to : {}) as Record<string, unknown>;
  const id = firstText(item.message_id, item.mid);
  if (id === undefined) {
    throw new ArgumentError(
      `items.reply: the item to reply to has no message id (message_id or mid), got ${to === null ? 'null' : typeof to === 'object' ? 'an object without one' : typeof to}`,
    );
  }
  return id;
}

/** The thread of the item replied to, where a retried reply is found again: its top's message id. */
export function threadOf(to: ReplyTarget): { mid: string } {
  if (typeof to === 'string') return { mid: to };
  const item = to as Record<string, unknown>;
  // `messageIdOf` has already found one of the last two.
  return { mid: firstText(item.message_top, item.parent_mid, item.message_id, item.mid) as string };
}

/** The first of `values` that is text with more than blanks. */
function firstText(...values: unknown[]): string | undefined {
  return values.find((value): value is string => typeof value === 'string' && value.trim() !== '');
}
