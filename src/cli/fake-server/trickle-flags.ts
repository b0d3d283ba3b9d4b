import type { TrickleOptions } from '../../testing/arrivals-types.js';
import type { ParsedArgs } from '../args.js';
import { UsageError } from '../errors.js';
import { integer, listed, optional } from '../values.js';

/** What `--trickle-only` takes, and the fake's option each sets. */
const KINDS = { posts: 'items', comments: 'comments', notifications: 'notifications' } as const;
type Kind = keyof typeof KINDS;

/** What the flags set of `site.trickle`'s options. */
export type TrickleFlags = Required<Pick<TrickleOptions, 'every' | 'items' | 'comments' | 'notifications'>>;

/**
 * `--trickle MS` and `--trickle-only posts,comments,notifications`: the trickle to start, or
 * `undefined` without `--trickle`. Throws `UsageError` for a bad value.
 */
export function toTrickleOptions(args: ParsedArgs): TrickleFlags | undefined {
  const every = optional(args.value('trickle'), (value) => integer(value, '--trickle', 1, 2 ** 31 - 1));
  const only = optional(args.value('trickle-only'), kinds);
  if (every === undefined) {
    if (only) throw new UsageError('--trickle-only needs --trickle MS (how often)');
    return undefined;
  }
  const on = (kind: Kind) => only === undefined || only.includes(kind);
  return { every, items: on('posts'), comments: on('comments'), notifications: on('notifications') };
}

/** The banner's line: what arrives, how often, where. */
export function describeTrickle(trickle: TrickleFlags | undefined): string {
  if (trickle === undefined) return 'none (--trickle MS adds posts, comments and notifications over time)';
  const kinds = (Object.keys(KINDS) as Kind[]).filter((kind) => trickle[KINDS[kind]]);
  const where = [
    ...(trickle.items || trickle.comments ? ["in alice's network stream"] : []),
    ...(trickle.notifications ? ["for phpFox user 1's notifications"] : []),
  ];
  return `${listed(kinds)}, one every ${trickle.every} ms, ${where.join(' and ')}`;
}

function kinds(text: string): Kind[] {
  const given = text.split(',');
  for (const kind of given) {
    if (!Object.hasOwn(KINDS, kind))
      throw new UsageError(
        `--trickle-only takes ${listed(Object.keys(KINDS))}, separated by commas, not ${JSON.stringify(kind)}`,
      );
  }
  return given as Kind[];
}
