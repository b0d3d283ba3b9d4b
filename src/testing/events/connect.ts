import type { ConnectedChannels } from '../events-types.js';
import { sqlDate } from '../http/dates.js';
import type { HubChannel } from '../native/hub-state.js';
import type { Runtime } from '../runtime.js';
import { abookEntry, FRIEND_PERMS, PERMISSIONS } from '../seed/hub-people.js';

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
    hub.abooks.push(abookEntry(abook_id, of, to.hash, {}, now));
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
