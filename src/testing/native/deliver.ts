import type { Runtime } from '../runtime.js';
import { type HubChannel, type HubState, nextId } from './hub-state.js';
import type { HubItem } from './item-row.js';

/*
 * What the hub does after a channel stores an item of its own: it delivers a copy to each local
 * channel the item is for (Hubzilla's `Zotlabs\Daemon\Notifier`, here in the same process), so a
 * post bob makes through the API shows in alice's network stream as it would on a hub. Each
 * channel has its own copy (its own row id, same message id), stored once.
 */

/**
 * Delivers `item` (just stored by its author's channel) to the local channels it is for, and says
 * which (nicknames). A post goes to the author's connections that connect back (neither side
 * blocked, pending, or the receiver ignoring), within the item's access lists; a comment goes to
 * every channel holding a copy of its thread (the thread's owner relays it to its recipients).
 */
export function deliver(runtime: Runtime, item: HubItem): string[] {
  const { hub } = runtime;
  const sender = hub.channels.find((c) => c.channel_id === item.row.uid);
  if (!sender || item.row.item_hidden) return [];
  const delivered: string[] = [];
  for (const channel of hub.channels) {
    if (channel === sender || holds(hub, channel, item.row.mid)) continue;
    if (item.row.item_thread_top === 1) {
      if (!connected(hub, sender, channel) || !permits(hub, sender, item, channel.hash)) continue;
      store(hub, channel, item, undefined);
    } else {
      const top = hub.items.find(
        (entry) =>
          entry.row.uid === channel.channel_id &&
          entry.row.mid === item.row.parent_mid &&
          entry.row.item_thread_top === 1,
      );
      if (!top) continue;
      store(hub, channel, item, top);
    }
    delivered.push(channel.nick);
  }
  return delivered;
}

/** An edit reaches every copy: text, title, access lists, edit time. */
export function deliverEdit(runtime: Runtime, item: HubItem): void {
  const { body, title, edited, allow_cid, allow_gid, deny_cid, deny_gid, item_private } = item.row;
  for (const copy of runtime.hub.items) {
    if (copy === item || copy.row.mid !== item.row.mid) continue;
    Object.assign(copy.row, { body, title, edited, allow_cid, allow_gid, deny_cid, deny_gid, item_private });
    copy.terms = item.terms.map((term) => ({ ...term, uid: copy.row.uid }));
  }
}

/** A deletion reaches every copy: the items with these message ids, and the threads they top. */
export function deliverDeletion(runtime: Runtime, deleted: readonly HubItem[]): void {
  const mids = new Set(deleted.map((item) => item.row.mid));
  const { hub } = runtime;
  const tops = hub.items.filter((entry) => entry.row.item_thread_top === 1 && mids.has(entry.row.mid));
  const threads = new Set(tops.map((top) => `${top.row.uid}:${top.row.id}`));
  hub.items = hub.items.filter(
    (entry) => !mids.has(entry.row.mid) && !threads.has(`${entry.row.uid}:${entry.row.parent}`),
  );
}

function holds(hub: HubState, channel: HubChannel, mid: string): boolean {
  return hub.items.some((entry) => entry.row.uid === channel.channel_id && entry.row.mid === mid);
}

/** Both ways: the sender has the receiver as a connection and the receiver takes the sender's posts. */
function connected(hub: HubState, sender: HubChannel, receiver: HubChannel): boolean {
  const entry = (of: HubChannel, hash: string) =>
    hub.abooks.find((a) => a.abook_channel === of.channel_id && a.abook_xchan === hash && !a.abook_self);
  const out = entry(sender, receiver.hash);
  const back = entry(receiver, sender.hash);
  if (!out || !back) return false;
  if (out.abook_blocked || out.abook_pending || back.abook_blocked || back.abook_pending) return false;
  if (back.abook_ignored) return false;
  // The sender's permission for the receiver to see its stream, when recorded.
  const viewStream = hub.abconfig.find(
    (row) =>
      row.chan === sender.channel_id &&
      row.xchan === receiver.hash &&
      row.cat === 'my_perms' &&
      row.k === 'view_stream',
  );
  return viewStream === undefined || viewStream.v === '1';
}

/** Whether the item's access lists let `hash` see it (denials first; empty allow lists: everyone). */
function permits(hub: HubState, sender: HubChannel, item: HubItem, hash: string): boolean {
  const { allow_cid, allow_gid, deny_cid, deny_gid } = item.row;
  const listed = (cids: string, gids: string) =>
    hashesOf(cids).includes(hash) || hashesOf(gids).some((group) => inGroup(hub, sender, group, hash));
  if (listed(deny_cid, deny_gid)) return false;
  if (allow_cid === '' && allow_gid === '') return true;
  return listed(allow_cid, allow_gid);
}

function inGroup(hub: HubState, owner: HubChannel, groupHash: string, hash: string): boolean {
  const group = hub.groups.find(
    (g) => g.uid === owner.channel_id && g.hash === groupHash && g.deleted === '0',
  );
  return group !== undefined && hub.members.some((m) => m.gid === group.id && m.xchan === hash);
}

/** `<a><b>` to `['a', 'b']`. */
function hashesOf(text: string): string[] {
  return [...text.matchAll(/<([^>]*)>/g)].map((match) => match[1] ?? '');
}

/** The receiver's copy: its own row id, unseen, not its origin; a comment joins its copy of the thread. */
function store(hub: HubState, channel: HubChannel, item: HubItem, top: HubItem | undefined): void {
  const id = nextId(hub.items.map((entry) => entry.row));
  const row = {
    ...item.row,
    id,
    uid: channel.channel_id,
    aid: channel.account_id,
    parent: top ? top.row.id : id,
    item_wall: item.row.owner_xchan === channel.hash ? 1 : 0,
    item_origin: 0,
    item_unseen: 1,
    item_starred: 0,
  };
  hub.items.push({ row, terms: item.terms.map((term) => ({ ...term, uid: channel.channel_id })) });
  if (top) {
    if (row.created > top.row.commented) top.row.commented = row.created;
    top.row.changed = row.created;
  }
}
