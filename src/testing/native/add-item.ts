import type { AddedItem, AddItemInput } from '../arrivals-types.js';
import { sqlDate } from '../http/dates.js';
import { refuseUnknownKeys } from '../input-keys.js';
import type { Runtime } from '../runtime.js';
import { type HubChannel, type HubState, type HubXchanRow, nextId } from './hub-state.js';
import { type Acl, buildItem, displayLink, PUBLIC_ACL } from './item-factory.js';
import type { HubItem } from './item-row.js';

const INPUT_KEYS = [
  'body',
  'author',
  'parent',
  'channel',
  'title',
] as const satisfies readonly (keyof AddItemInput)[];

/**
 * Stores an item as if it had just been delivered to `channel` from elsewhere (a connection's new
 * post, or a comment in one of the channel's threads), with every column the hub's own delivery
 * sets: `created`, `edited`, `received` and `changed` are the site's clock, the item is unseen
 * unless the channel wrote it, and a comment moves its thread's `commented` (and `changed`) as
 * Hubzilla's `item_store()` does, which is what orders the network stream.
 */
export function addItem(runtime: Runtime, input: AddItemInput): AddedItem {
  refuseUnknownKeys('addItem', input, INPUT_KEYS);
  const { hub, options } = runtime;
  const channel = hub.channels.find((c) => c.nick === (input.channel ?? 'alice'));
  if (!channel) throw new Error(`fake site: no channel ${input.channel}`);
  const author = authorOf(hub, channel, input.author);
  const mine = hub.items.filter((item) => item.row.uid === channel.channel_id);
  const replyTo =
    input.parent === undefined
      ? undefined
      : mine.find((item) =>
          typeof input.parent === 'number' ? item.row.id === input.parent : item.row.mid === input.parent,
        );
  const top = replyTo && mine.find((item) => item.row.id === replyTo.row.parent);
  if (input.parent !== undefined && !top)
    throw new Error(`fake site: no item ${JSON.stringify(input.parent)} in ${channel.nick}'s tables`);
  options.tick();
  const now = sqlDate(options.now());
  const uuid = runtime.arrivals.uuid();
  const local = hub.channels.find((c) => c.hash === author.hash);
  const site = options.siteUrl;
  // A channel of another server keeps that server's message id (Mastodon-style for ActivityPub).
  const mid = local ? `${site}/item/${uuid}` : `${author.url}/statuses/${uuid}`;
  const owner = top ? top.row.owner_xchan : author.hash;
  const item = buildItem(site, {
    id: nextId(hub.items.map((entry) => entry.row)),
    uid: channel.channel_id,
    aid: channel.account_id,
    uuid,
    created: now,
    owner,
    author: author.hash,
    body: input.body,
    acl: top ? aclOf(top) : PUBLIC_ACL,
    wall: owner === channel.hash,
    origin: author.hash === channel.hash,
    title: top ? '' : input.title,
    parent: top?.row,
    fields: local ? {} : { mid, plink: mid, llink: displayLink(site, mid) },
  });
  if (replyTo) item.row.thr_parent = replyTo.row.mid;
  if (author.hash !== channel.hash) item.row.item_unseen = 1;
  hub.items.push(item);
  if (top) {
    const thread = hub.items.filter(
      (entry) => entry.row.uid === channel.channel_id && entry.row.parent === top.row.id,
    );
    top.row.commented = thread.reduce(
      (latest, entry) => (entry.row.created > latest ? entry.row.created : latest),
      now,
    );
    top.row.changed = now;
  }
  const { id, parent, parent_mid, thr_parent, created, author_xchan } = item.row;
  return { id, mid: item.row.mid, parent, parent_mid, thr_parent, created, author_xchan };
}

/** The author's xchan: a channel of the hub by nickname, or one of `channel`'s connections. */
function authorOf(hub: HubState, channel: HubChannel, given: string | undefined): HubXchanRow {
  const connections = hub.abooks
    .filter((abook) => abook.abook_channel === channel.channel_id && abook.abook_self === 0)
    .sort((a, b) => a.abook_id - b.abook_id)
    .map((abook) => hub.xchans.find((x) => x.hash === abook.abook_xchan))
    .filter((xchan): xchan is HubXchanRow => xchan !== undefined);
  if (given === undefined) {
    const first = connections[0];
    if (!first) throw new Error(`fake site: ${channel.nick} has no connection; give an author`);
    return first;
  }
  const hash = hub.channels.find((c) => c.nick === given)?.hash;
  const found =
    hub.xchans.find((x) => x.hash === hash) ?? connections.find((x) => x.hash === given || x.addr === given);
  if (!found)
    throw new Error(
      `fake site: no author ${JSON.stringify(given)}: a channel's nickname or a connection of ${channel.nick}'s`,
    );
  return found;
}

function aclOf(item: HubItem): Acl {
  const { allow_cid, allow_gid, deny_cid, deny_gid } = item.row;
  return { allow_cid, allow_gid, deny_cid, deny_gid };
}
