import type { FakeSite } from '../../src/testing/index.js';
import { buildItem, PUBLIC_ACL } from '../../src/testing/native/item-factory.js';
import type { HubItem } from '../../src/testing/native/item-row.js';

/**
 * Items arriving in alice's network stream on the fake hub, through its state (as a delivery from
 * bob would store them): posts by bob, and comments on any thread of hers, old ones included.
 * Each `burst` arrives within one second (`received`), one second after the previous burst.
 */
export function hubArrivals(site: FakeSite) {
  const hub = site.state.hub;
  const channel = (nick: string) => {
    const found = hub.channels.find((entry) => entry.nick === nick);
    if (!found) throw new Error(`no channel ${nick}`);
    return found;
  };
  const alice = channel('alice');
  const bob = channel('bob');
  const mine = () => hub.items.filter((item) => item.row.uid === alice.channel_id);
  let second = Math.max(...mine().map((item) => Date.parse(`${item.row.received.replace(' ', 'T')}Z`)));
  let nextId = Math.max(...hub.items.map((item) => item.row.id)) + 1;
  let serial = 0;

  function add(body: string, parent: HubItem | undefined, at: string): HubItem {
    const item = buildItem(site.url.replace(/\/$/, ''), {
      id: nextId++,
      uid: alice.channel_id,
      aid: alice.account_id,
      uuid: `feed-${++serial}-${Math.random().toString(36).slice(2)}`,
      created: at,
      owner: parent ? parent.row.owner_xchan : bob.hash,
      author: bob.hash,
      body,
      acl: PUBLIC_ACL,
      wall: false,
      origin: false,
      parent: parent?.row,
    });
    item.row.received = at;
    if (parent) parent.row.commented = at;
    hub.items.push(item);
    return item;
  }

  return {
    /** The top items of alice's stream now (the seeded old threads included). */
    tops: () => mine().filter((item) => item.row.item_thread_top === 1 && item.row.item_hidden === 0),
    /** Adds `bodies` in one second: a comment on `parentOf(index)` when it gives a thread, else a post. */
    burst(bodies: string[], parentOf: (index: number) => HubItem | undefined = () => undefined): HubItem[] {
      second += 1000;
      const at = new Date(second).toISOString().slice(0, 19).replace('T', ' ');
      return bodies.map((body, index) => add(body, parentOf(index), at));
    },
  };
}
