import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_ALLOW, DEFAULT_HUB_ALLOW } from '../../src/relay/allow-list.js';
import { APP_CALLS, appParts, isAppCall } from '../../src/relay/app-calls.js';
import { HUB_CALLS, hubCall } from '../../src/relay/hub-calls.js';
import type { PageField } from '../../src/relay/read-request.js';
import { sdkFields } from '../../src/relay/rebuild.js';

/*
 * The relay's tables of what the SDK sends (issue 39's mutation score on every file): each call read
 * from a page as the SDK's own client would send it, typed as the SDK types it, and the SDK's own
 * argument checks refusing what the SDK refuses. Over HTTP these are test/relay-* and test/hostile.
 */

/** A page's fields: the query of a GET (from a query string), the body of a POST. */
const page = (where: PageField['where'], query: string): PageField[] =>
  [...new URLSearchParams(query)].map(([name, value]) => ({ where, name, value }));

const hub = (endpoint: string, query: string, where: PageField['where'] = 'query') => {
  const call = hubCall(endpoint);
  if (call === undefined) throw new Error(`no hub call ${endpoint}`);
  return sdkFields(call, page(where, query), endpoint);
};
const app = (method: keyof typeof APP_CALLS, fields: PageField[]) =>
  sdkFields(APP_CALLS[method], fields, method);

describe('the relay’s default allow-lists', () => {
  it('let through the side-effect-free App reads only (not notification.get, which marks as seen)', () => {
    expect(DEFAULT_APP_ALLOW).toEqual([
      'user.getUser',
      'friend.getFriends',
      'friend.isFriend',
      'mail.getNewCount',
      'notification.getNewCount',
      'photo.getPhotos',
    ]);
    expect(Object.isFrozen(DEFAULT_APP_ALLOW)).toBe(true);
  });

  it('let through the hub’s reads, GET only, without the exports and item/update', () => {
    expect(Object.keys(DEFAULT_HUB_ALLOW).sort()).toEqual(
      [
        'version',
        'files',
        'filedata',
        'filemeta',
        'file',
        'albums',
        'photos',
        'photo',
        'group',
        'group_members',
        'xchan',
        'item/full',
        'channel/stream',
        'network/stream',
        'abook',
        'abconfig',
        'perm_allowed',
      ].sort(),
    );
    for (const methods of Object.values(DEFAULT_HUB_ALLOW)) expect(methods).toEqual(['GET']);
    expect(Object.isFrozen(DEFAULT_HUB_ALLOW)).toBe(true);
    expect(Object.isFrozen(DEFAULT_HUB_ALLOW.files)).toBe(true);
  });
});

describe('the App calls the relay rebuilds', () => {
  it('reads every field of each read as the SDK sends it, from the query', () => {
    const q = (query: string) => page('query', query);
    expect(app('user.getUser', q('user_id=7'))).toEqual({ user_id: 7 });
    expect(app('friend.getFriends', q('user_id=7&page=0'))).toEqual({ user_id: 7, page: 0 });
    expect(app('friend.isFriend', q('friend_user_id=3&user_id=7'))).toEqual({
      friend_user_id: 3,
      user_id: 7,
    });
    expect(app('mail.getNewCount', q('user_id=7'))).toEqual({ user_id: 7 });
    expect(app('notification.getNewCount', q('user_id=7'))).toEqual({ user_id: 7 });
    expect(app('notification.get', q('user_id=7&page=2'))).toEqual({ user_id: 7, page: 2 });
    expect(app('photo.getPhotos', q('user_id=7&page=1'))).toEqual({ user_id: 7, page: 1 });
    for (const method of Object.keys(APP_CALLS) as (keyof typeof APP_CALLS)[]) {
      expect(APP_CALLS[method].httpMethod).toBe(method === 'photo.addPhoto' ? 'POST' : 'GET');
    }
  });

  it('runs the SDK’s own checks of each method', () => {
    expect(() => app('user.getUser', page('query', 'user_id=0'))).toThrow(
      '"user_id" must be a positive integer',
    );
    expect(() => app('friend.isFriend', page('query', 'user_id=7'))).toThrow(
      'friend_user_id must be a positive integer and is required',
    );
  });

  it('reads photo.addPhoto as a multipart POST, the photo sent as photoFile makes it', () => {
    const photo = new File([new Uint8Array([1, 2, 3])], 'upload.bin', { type: 'image/png' });
    const fields: PageField[] = [
      { where: 'body', name: 'photo', value: photo },
      { where: 'body', name: 'photo_name', value: 'me.png' },
    ];
    const typed = app('photo.addPhoto', fields);
    expect(typed).toEqual({ photo, photo_name: 'me.png' });
    const parts = appParts(typed);
    expect(parts.fields).toEqual({ photo_name: 'me.png' });
    expect(parts.files?.photo).toMatchObject({ name: 'me.png' });
    expect(() => app('photo.addPhoto', [fields[0] as PageField])).toThrow('photo_name');
    expect(appParts({ user_id: 7 })).toEqual({ fields: { user_id: 7 } });
  });

  it('knows the SDK’s methods only, own properties only', () => {
    expect(isAppCall('user.getUser')).toBe(true);
    expect(isAppCall('photo.addPhoto')).toBe(true);
    expect(isAppCall('__proto__')).toBe(false);
    expect(isAppCall('toString')).toBe(false);
    expect(isAppCall('user.getUsers')).toBe(false);
    expect(Object.isFrozen(APP_CALLS)).toBe(true);
  });
});

describe('the Native calls the relay rebuilds', () => {
  it('reads every field of each read as the SDK sends it, typed', () => {
    expect(hub('version', '')).toEqual({});
    expect(hub('albums', '')).toEqual({});
    expect(hub('group', '')).toEqual({});
    expect(
      hub(
        'files',
        'filehash=ab12&filename=a.txt&filetype=text/plain&since=2020&until=2021&start=0&records=5',
      ),
    ).toEqual({
      filehash: 'ab12',
      filename: 'a.txt',
      filetype: 'text/plain',
      since: '2020',
      until: '2021',
      start: 0,
      records: 5,
    });
    expect(hub('filedata', 'file_id=ab12&start=0&length=1024')).toEqual({
      file_id: 'ab12',
      start: 0,
      length: 1024,
    });
    for (const endpoint of ['filemeta', 'file', 'file/export']) {
      expect(hub(endpoint, 'file_id=ab12')).toEqual({ file_id: 'ab12' });
    }
    expect(hub('photos', 'album=Trips')).toEqual({ album: 'Trips' });
    expect(hub('photo', 'photo_id=ff00&scale=0')).toEqual({ photo_id: 'ff00', scale: 0 });
    expect(hub('group_members', 'group_id=4')).toEqual({ group_id: 4 });
    expect(hub('group_members', 'group_name=Friends')).toEqual({ group_name: 'Friends' });
    expect(hub('xchan', 'address=bob@hub.example')).toEqual({ address: 'bob@hub.example' });
    expect(hub('xchan', 'hash=abc')).toEqual({ hash: 'abc' });
    expect(hub('xchan', 'guid=g1')).toEqual({ guid: 'g1' });
    expect(hub('item/full', 'item_id=9')).toEqual({ item_id: 9 });
    expect(hub('item/full', 'mid=m1')).toEqual({ mid: 'm1' });
    expect(hub('channel/stream', 'mindate=2020-01-01')).toEqual({ mindate: '2020-01-01' });
    expect(hub('channel/export/basic', 'sections=items')).toEqual({ sections: 'items' });
    expect(
      hub(
        'network/stream',
        'dbegin=a&dend=b&search=s&cat=c&star=1&since_id=3&cid=4&uid=5&compat=2&start=0&records=10',
      ),
    ).toEqual({
      dbegin: 'a',
      dend: 'b',
      search: 's',
      cat: 'c',
      star: true,
      since_id: 3,
      cid: 4,
      uid: 5,
      compat: 2,
      start: 0,
      records: 10,
    });
    expect(hub('abook', 'abook_id=2')).toEqual({ abook_id: 2 });
    expect(hub('abconfig', 'abook_id=2')).toEqual({ abook_id: 2 });
    expect(hub('perm_allowed', 'abook_id=2&perm=view_stream')).toEqual({ abook_id: 2, perm: 'view_stream' });
    for (const call of Object.values(HUB_CALLS)) {
      if (call !== HUB_CALLS['item/update']) expect(call.httpMethod).toBe('GET');
    }
  });

  it('reads item/update from the body, every field under the name items.update sends it', () => {
    const fields =
      'body=hi&title=t&contact_allow[]=a&contact_allow[]=b&group_allow=g&contact_deny[]=c&group_deny=d&' +
      'coord=1 2&location=here&expire=2030&mimetype=text/bbcode&parent=5&remote_xchan=x&consensus=1&' +
      'nocomment=0&namespace=n&remote_id=r&message_id=m&created=2020&post_id=6&source=app&category=c1&' +
      'webpage=0&pagetitle=p&layout_mid=l&permalink=pl&verb=v&obj_type=o';
    expect(hub('item/update', fields, 'body')).toEqual({
      body: 'hi',
      title: 't',
      contact_allow: ['a', 'b'],
      group_allow: 'g',
      contact_deny: ['c'],
      group_deny: 'd',
      coord: '1 2',
      location: 'here',
      expire: '2030',
      mimetype: 'text/bbcode',
      parent: 5,
      remote_xchan: 'x',
      consensus: true,
      nocomment: false,
      namespace: 'n',
      remote_id: 'r',
      message_id: 'm',
      created: '2020',
      post_id: 6,
      source: 'app',
      category: 'c1',
      webpage: 0,
      pagetitle: 'p',
      layout_mid: 'l',
      permalink: 'pl',
      verb: 'v',
      obj_type: 'o',
    });
    expect(hub('item/update', 'parent_mid=pm&body=x', 'body')).toEqual({ parent_mid: 'pm', body: 'x' });
    const media = new File(['x'], 'm.png', { type: 'image/png' });
    expect(
      sdkFields(HUB_CALLS['item/update'] as never, [{ where: 'body', name: 'media', value: media }], 'i'),
    ).toEqual({
      media,
    });
    expect(HUB_CALLS['item/update']?.httpMethod).toBe('POST');
  });

  it('runs the SDK’s own checks of each endpoint', () => {
    expect(() => hub('filedata', 'start=0')).toThrow('file_id is required');
    expect(() => hub('filedata', 'file_id=a%25b')).toThrow('file_id "a%b" contains "%" or "_"');
    expect(() => hub('filemeta', 'file_id=a_b')).toThrow('file_id "a_b" contains');
    expect(() => hub('file', '')).toThrow('file_id is required');
    expect(() => hub('photo', 'scale=1')).toThrow('photo_id is required');
    expect(() => hub('group_members', '')).toThrow(
      'groups.members needs exactly one of group_id, group_name; got none',
    );
    expect(() => hub('xchan', 'address=a&hash=b')).toThrow(
      'xchan.get needs exactly one of address, hash, guid; got address and hash',
    );
    expect(() => hub('xchan', 'guid=50%25')).toThrow('guid must not contain "%"');
    expect(() => hub('item/full', '')).toThrow('items.full needs exactly one of item_id, mid; got none');
    expect(() => hub('item/update', 'title=t', 'body')).toThrow('body is required');
    expect(() => hub('item/update', 'body=x&parent=1&parent_mid=m', 'body')).toThrow(
      'items.update: give parent or parent_mid, not both',
    );
    expect(() => hub('perm_allowed', 'perm=view_stream')).toThrow('abook_id is required');
    for (const endpoint of ['version', 'albums', 'group', 'photos', 'channel/stream', 'abook', 'abconfig']) {
      expect(HUB_CALLS[endpoint]?.check).toBeUndefined();
    }
  });

  it('knows the SDK’s endpoints only, own properties only', () => {
    expect(hubCall('files')).toBe(HUB_CALLS.files);
    expect(hubCall('__proto__')).toBeUndefined();
    expect(hubCall('constructor')).toBeUndefined();
    expect(hubCall('channel/export')).toBeUndefined();
    expect(Object.isFrozen(HUB_CALLS)).toBe(true);
  });
});
