import { addNotification } from '../app/add-notification.js';
import { befriend } from '../app/app-state.js';
import type { AddNotificationInput } from '../arrivals-types.js';
import type {
  CommentEvent,
  ConnectEvent,
  DeliveredItem,
  FriendEvent,
  MailEvent,
  PhotoEvent,
} from '../events-types.js';
import { addFile } from '../files-api.js';
import { refuseUnknownKeys } from '../input-keys.js';
import { addItem } from '../native/add-item.js';
import type { HubChannel, HubState } from '../native/hub-state.js';
import type { Runtime } from '../runtime.js';
import { APP_USER_ID } from '../seed/app-seed.js';
import { solidPng } from '../seed/images.js';
import type { FakeEvents } from '../site-types.js';
import { itemUpdateAs } from './as-channel.js';
import { connectChannels } from './connect.js';

/** `site.events` on the runtime `current()` returns (a new one after `reset()`). */
export function fakeEvents(current: () => Runtime): FakeEvents {
  return {
    async post(input) {
      refuseUnknownKeys('events.post', input, ['as', 'body', 'title', 'allow', 'deny']);
      const runtime = current();
      const channel = localChannel(runtime.hub, input.as);
      if (!channel) {
        if (input.allow || input.deny) throw new Error('fake site: allow and deny are for hub channels only');
        return fromRemote(runtime, input.as, (nick) =>
          addItem(runtime, { channel: nick, author: input.as, body: input.body, title: input.title }),
        );
      }
      const fields: [string, string][] = [['body', input.body]];
      if (input.title !== undefined) fields.push(['title', input.title]);
      for (const who of input.allow ?? []) fields.push(['contact_allow[]', hashOf(runtime.hub, who)]);
      for (const who of input.deny ?? []) fields.push(['contact_deny[]', hashOf(runtime.hub, who)]);
      return fromLocal(runtime, channel, await itemUpdateAs(runtime, channel, fields));
    },
    async comment(input: CommentEvent) {
      refuseUnknownKeys('events.comment', input, ['as', 'on', 'body']);
      const runtime = current();
      const channel = localChannel(runtime.hub, input.as);
      if (!channel)
        return fromRemote(
          runtime,
          input.as,
          (nick) => addItem(runtime, { channel: nick, author: input.as, body: input.body, parent: input.on }),
          (nick) => holdsThread(runtime.hub, nick, input.on),
        );
      if (!holdsThread(runtime.hub, channel.nick, input.on))
        throw new Error(`fake site: ${channel.nick} holds no item ${JSON.stringify(input.on)} to comment on`);
      const fields: [string, string][] = [
        ['body', input.body],
        ['parent_mid', input.on],
      ];
      return fromLocal(runtime, channel, await itemUpdateAs(runtime, channel, fields));
    },
    async photo(input: PhotoEvent) {
      refuseUnknownKeys('events.photo', input, ['as', 'body', 'filename']);
      const runtime = current();
      const channel = localChannel(runtime.hub, input.as);
      if (!channel) throw new Error(`fake site: no hub channel ${JSON.stringify(input.as)} to post a photo`);
      const png = solidPng(16, 16, [runtime.arrivals.int(0, 255), 160, 90]);
      const media = new File([png], input.filename ?? 'photo.png', { type: 'image/png' });
      const fields: [string, string][] = [['body', input.body ?? '']];
      return fromLocal(runtime, channel, await itemUpdateAs(runtime, channel, fields, media));
    },
    async file(input) {
      return addFile(current(), input);
    },
    async connect(input: ConnectEvent) {
      refuseUnknownKeys('events.connect', input, ['channel', 'with']);
      return connectChannels(current(), input.channel, input.with);
    },
    async friend(input: FriendEvent) {
      refuseUnknownKeys('events.friend', input, ['userId', 'with']);
      const runtime = current();
      const userId = input.userId ?? APP_USER_ID;
      const friend = runtime.app.users.get(input.with);
      if (!runtime.app.users.has(userId)) throw new Error(`fake site: no phpFox user ${userId}`);
      if (!friend || input.with === userId) throw new Error(`fake site: no other phpFox user ${input.with}`);
      if (runtime.app.friends.get(userId)?.includes(input.with))
        throw new Error(`fake site: phpFox users ${userId} and ${input.with} are friends already`);
      befriend(runtime.app, userId, input.with);
      const message = `${friend.full_name} added you as a friend`;
      const link = `${runtime.options.siteUrl}/${friend.user_name}/`;
      const notification = addNotification(runtime, { userId, type: 'friend', message, link });
      return { friends: [...(runtime.app.friends.get(userId) ?? [])], notification };
    },
    async notification(input: AddNotificationInput = {}) {
      return addNotification(current(), input);
    },
    async mail(input: MailEvent = {}) {
      refuseUnknownKeys('events.mail', input, ['userId', 'count']);
      const runtime = current();
      const userId = input.userId ?? APP_USER_ID;
      const user = runtime.app.users.get(userId);
      if (!user) throw new Error(`fake site: no phpFox user ${userId}`);
      const count = input.count ?? 1;
      if (!(Number.isInteger(count) && count >= 1))
        throw new Error(`fake site: mail's count must be a whole number of at least 1, not ${count}`);
      runtime.options.tick();
      user.unreadMail += count;
      return { userId, unread: user.unreadMail };
    },
  };
}

function localChannel(hub: HubState, nick: string): HubChannel | undefined {
  return hub.channels.find((c) => c.nick === nick);
}

/** A nickname's xchan hash, or a hash (or address) of a known xchan. */
function hashOf(hub: HubState, who: string): string {
  const hash = localChannel(hub, who)?.hash ?? hub.xchans.find((x) => x.hash === who || x.addr === who)?.hash;
  if (hash === undefined) throw new Error(`fake site: no channel or connection ${JSON.stringify(who)}`);
  return hash;
}

function holdsThread(hub: HubState, nick: string, mid: string): boolean {
  const channel = localChannel(hub, nick);
  return hub.items.some((item) => item.row.uid === channel?.channel_id && item.row.mid === mid);
}

/** What a hub channel's item/update stored and delivered. */
function fromLocal(runtime: Runtime, channel: HubChannel, stored: { item_id: number }): DeliveredItem {
  const item = runtime.hub.items.find(
    (entry) => entry.row.uid === channel.channel_id && entry.row.id === stored.item_id,
  );
  if (!item) throw new Error(`fake site: ${channel.nick}'s item ${stored.item_id} was not stored`);
  const deliveredTo = runtime.hub.channels
    .filter(
      (c) =>
        c !== channel &&
        runtime.hub.items.some((e) => e.row.uid === c.channel_id && e.row.mid === item.row.mid),
    )
    .map((c) => c.nick);
  return {
    mid: item.row.mid,
    author_xchan: item.row.author_xchan,
    deliveredTo: [channel.nick, ...deliveredTo],
  };
}

/**
 * A remote connection's item: it arrives in each hub channel connected to it (and, for a comment,
 * holding the thread); `store` adds it to one channel's tables.
 */
function fromRemote(
  runtime: Runtime,
  who: string,
  store: (nick: string) => { mid: string; author_xchan: string },
  wanted: (nick: string) => boolean = () => true,
): DeliveredItem {
  const { hub } = runtime;
  const xchan = hub.xchans.find((x) => x.hash === who || x.addr === who);
  if (!xchan) throw new Error(`fake site: no channel or connection ${JSON.stringify(who)}`);
  const receivers = hub.channels.filter(
    (channel) =>
      wanted(channel.nick) &&
      hub.abooks.some(
        (a) =>
          a.abook_channel === channel.channel_id &&
          a.abook_xchan === xchan.hash &&
          !a.abook_self &&
          !a.abook_blocked &&
          !a.abook_ignored &&
          !a.abook_pending,
      ),
  );
  if (receivers.length === 0) throw new Error(`fake site: no hub channel takes items from ${who}`);
  // One message id everywhere: the first copy's, given to the others.
  let first: { mid: string; author_xchan: string } | undefined;
  for (const channel of receivers) {
    const added = store(channel.nick);
    if (!first) first = added;
    else {
      const row = hub.items.find((e) => e.row.uid === channel.channel_id && e.row.mid === added.mid)?.row;
      if (row) Object.assign(row, { mid: first.mid, uuid: first.mid.split('/').pop() ?? row.uuid });
    }
  }
  return { mid: first?.mid ?? '', author_xchan: xchan.hash, deliveredTo: receivers.map((c) => c.nick) };
}
