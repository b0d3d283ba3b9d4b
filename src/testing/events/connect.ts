import type { ConnectedChannels } from '../events-types.js';
import { sqlDate } from '../http/dates.js';
import type { HubAbookRow, HubChannel } from '../native/hub-state.js';
import type { Runtime } from '../runtime.js';
import { FRIEND_PERMS, PERMISSIONS } from '../seed/hub-people.js';

/**
 * Connects two hub channels both ways, as an accepted connection request leaves them: an address
 * book entry each, a friend's permissions both ways, each in the other's "Friends" group (the
 * default audience of their posts), so that their posts reach each other from now on.
 */
export function connectChannels(runtime: Runtime, nick: string, otherNick: string): ConnectedChannels {
  const { hub, options } = runtime;
  const one = hub.channels.find((c) => c.nick === nick);
  const other = hub.channels.find((c) => c.nick === otherNick);
  if (!one) throw new Error(`fake site: no hub channel ${JSON.stringify(nick)}`);
  if (!other || other === one)
    throw new Error(`fake site: no other hub channel ${JSON.stringify(otherNick)}`);
  const entryOf = (of: HubChannel, to: HubChannel) =>
    hub.abooks.find((a) => a.abook_channel === of.channel_id && a.abook_xchan === to.hash);
  if (entryOf(one, other) || entryOf(other, one))
    throw new Error(`fake site: ${nick} and ${otherNick} are connected already`);
  options.tick();
  const now = sqlDate(options.now());
  const add = (of: HubChannel, to: HubChannel): number => {
    const abook_id = hub.abooks.reduce((max, a) => Math.max(max, a.abook_id), 0) + 1;
    hub.abooks.push(abookRow(abook_id, of, to, now));
    for (const cat of ['my_perms', 'their_perms']) {
      PERMISSIONS.forEach((k, index) => {
        const id = hub.abconfig.reduce((max, row) => Math.max(max, row.id), 0) + 1;
        hub.abconfig.push({
          id,
          chan: of.channel_id,
          xchan: to.hash,
          cat,
          k,
          v: String(FRIEND_PERMS[index]),
        });
      });
    }
    const friends = hub.groups.find(
      (g) => g.uid === of.channel_id && g.gname === 'Friends' && g.deleted === '0',
    );
    if (friends && !hub.members.some((m) => m.gid === friends.id && m.xchan === to.hash)) {
      const id = hub.members.reduce((max, m) => Math.max(max, m.id), 0) + 1;
      hub.members.push({ id, uid: of.channel_id, gid: friends.id, xchan: to.hash });
    }
    return abook_id;
  };
  return { abookIds: [add(one, other), add(other, one)] };
}

function abookRow(abook_id: number, of: HubChannel, to: HubChannel, now: string): HubAbookRow {
  return {
    abook_id,
    abook_account: of.account_id,
    abook_channel: of.channel_id,
    abook_xchan: to.hash,
    abook_my_perms: 0,
    abook_their_perms: 0,
    abook_closeness: '80',
    abook_created: now,
    abook_updated: now,
    abook_connected: now,
    abook_dob: '0001-01-01 00:00:00',
    abook_flags: 0,
    abook_blocked: 0,
    abook_ignored: 0,
    abook_hidden: 0,
    abook_archived: 0,
    abook_pending: 0,
    abook_unconnected: 0,
    abook_self: 0,
    abook_feed: 0,
    abook_not_here: 0,
    abook_profile: '',
    abook_incl: '',
    abook_excl: '',
    abook_instance: '',
    abook_role: 'default',
  };
}
