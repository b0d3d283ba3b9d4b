import fc from 'fast-check';
import type { AppClient, NativeClient } from '../../../src/index.js';

/** One call the SDK makes: typed parameters, and the client method that sends them. */
export interface FuzzedCall {
  /** The App method or Native endpoint. */
  name: string;
  api: 'app' | 'hub';
  params: fc.Arbitrary<Record<string, unknown>>;
  send: (clients: { app: AppClient; hub: NativeClient }, params: Record<string, unknown>) => unknown;
}

const id = fc.integer({ min: 1, max: 2 ** 40 });
const count = fc.nat({ max: 100_000 });
/** Text with what encodings and PHP treat specially: `&`, `=`, `+`, `%`, spaces, NUL, `[`, non-ASCII. */
const text = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom('a b', 'x&y=z', '+%20%', ' method', 'ü€😀', 'a\0b', 'q[]=1', '  '),
);
const hash = fc.stringMatching(/^[0-9a-f]{8}(?:-[0-9a-f]{4}){0,3}$/);
const bytes = fc.uint8Array({ minLength: 1, maxLength: 64 });
const some = <T extends Record<string, fc.Arbitrary<unknown>>>(shape: T) =>
  fc.record(shape, { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>;
const none = fc.constant({});

const app = (name: string, params: fc.Arbitrary<Record<string, unknown>>): FuzzedCall => ({
  name,
  api: 'app',
  params,
  send: ({ app }, typed) => app.call(name as 'user.getUser', typed as never),
});
const hub = (
  name: string,
  params: fc.Arbitrary<Record<string, unknown>>,
  send: (hub: NativeClient, typed: Record<string, unknown>) => unknown,
): FuzzedCall => ({ name, api: 'hub', params, send: ({ hub }, typed) => send(hub, typed) });

/** Every App method and Native endpoint the SDK calls (the relay's `APP_CALLS` and `HUB_CALLS`). */
export const FUZZED_CALLS: readonly FuzzedCall[] = [
  app('user.getUser', some({ user_id: id })),
  app('friend.getFriends', some({ user_id: id, page: count })),
  app('friend.isFriend', fc.record({ friend_user_id: id, user_id: fc.option(id, { nil: undefined }) })),
  app('mail.getNewCount', some({ user_id: id })),
  app('notification.getNewCount', some({ user_id: id })),
  app('notification.get', some({ user_id: id, page: count })),
  app('photo.getPhotos', some({ user_id: id, page: count })),
  app(
    'photo.addPhoto',
    fc.record({
      photo: bytes,
      photo_name: fc.constantFrom('me.jpg', 'a b.png', 'X.GIF', 'x&y.jpeg'),
    }),
  ),
  hub('version', none, (hub) => hub.version()),
  hub(
    'files',
    fc
      .tuple(some({ filehash: hash, filename: text, filetype: text, since: text, until: text }), count, count)
      .map(([filters, start, records]) => (records > 0 ? { ...filters, start, records } : filters)),
    (hub, typed) => hub.files.list(typed),
  ),
  hub(
    'filedata',
    fc.record({ file_id: hash, start: count, length: count }, { requiredKeys: ['file_id'] }),
    (hub, typed) => hub.files.data(typed as never),
  ),
  hub('filemeta', fc.record({ file_id: hash }), (hub, typed) => hub.files.meta(typed as never)),
  hub('file', fc.record({ file_id: hash }), (hub, typed) => hub.files.get(typed as never)),
  hub('file/export', fc.record({ file_id: hash }), (hub, typed) => hub.files.export(typed as never)),
  hub('albums', none, (hub) => hub.albums.list()),
  hub('group', none, (hub) => hub.groups.list()),
  hub('photos', some({ album: text }), (hub, typed) => hub.photos.list(typed)),
  hub('photo', fc.record({ photo_id: hash, scale: count }, { requiredKeys: ['photo_id'] }), (hub, typed) =>
    hub.photos.get(typed as never),
  ),
  hub('group_members', fc.oneof(fc.record({ group_id: id }), fc.record({ group_name: text })), (hub, typed) =>
    hub.groups.members(typed as never),
  ),
  hub(
    'xchan',
    fc.oneof(fc.record({ address: text }), fc.record({ hash: text }), fc.record({ guid: text })),
    (hub, typed) => hub.xchan.get(typed as never),
  ),
  hub('item/full', fc.oneof(fc.record({ item_id: id }), fc.record({ mid: text })), (hub, typed) =>
    hub.items.full(typed as never),
  ),
  hub(
    'item/update',
    fc.record(
      {
        body: text,
        title: text,
        contact_allow: fc.array(hash, { maxLength: 3 }),
        group_deny: hash,
        category: fc.array(fc.constantFrom('a', 'b c', 'ü'), { maxLength: 3 }),
        consensus: fc.boolean(),
        nocomment: fc.boolean(),
        parent: id,
        message_id: text,
        created: text,
        app: text,
        plink: text,
        webpage: count,
        media: bytes.map((data) => new File([data], 'm e.png', { type: 'image/png' })),
      },
      // Always a message_id: without one, items.update picks a random UUID (issue 30), and the
      // page's and the server's call would differ in it by design.
      { requiredKeys: ['body', 'message_id'] },
    ),
    (hub, typed) => hub.items.update(typed as never),
  ),
  hub('channel/stream', some({ mindate: text }), (hub, typed) => hub.channel.stream(typed)),
  hub(
    'channel/export/basic',
    some({
      sections: fc.array(fc.constantFrom('channel', 'items', 'wikis'), { maxLength: 3 }),
      posts: fc.boolean(),
    }),
    (hub, typed) => hub.channel.exportBasic(typed),
  ),
  hub(
    'network/stream',
    some({
      dbegin: text,
      dend: text,
      search: text,
      cat: text,
      star: fc.boolean(),
      since_id: id,
      start: count,
      records: id,
    }),
    (hub, typed) => hub.network.stream(typed),
  ),
  hub('abook', some({ abook_id: id }), (hub, typed) => hub.abook.list(typed)),
  hub('abconfig', some({ abook_id: id }), (hub, typed) => hub.abconfig.list(typed)),
  hub('perm_allowed', fc.record({ abook_id: id, perm: text }, { requiredKeys: ['abook_id'] }), (hub, typed) =>
    hub.permissions.allowed(typed as never),
  ),
];
