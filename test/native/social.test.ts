import { describe, expect, it } from 'vitest';
import { ArgumentError, NotFoundError, SdkError } from '../../src/core/errors/index.js';
import { useMswServer } from '../support/msw.js';
import { alice, on, recorded, recordedQuery, replay, sameQuery } from './hub.js';

const { server, requests } = useMswServer();
const BEACH = '03b7e2db-96af-4000-ab7a-ccf4b654ecb4';
const BOB = 'JjUCDgbhwTpnw04PRqHNMvCLuNhbomIMfeozcnmuEdzSQkwBKYtWUnFhQ9_8lDBXbGa3vBajBNypIHZXyA97gA';
const query = (index = 0) => Object.fromEntries(new URL(requests[index]!.url).searchParams);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

/** Answers with the recording whose request had exactly the query the SDK sent (else a 400). */
function byQuery(path: string, ...names: string[]) {
  return on(path, (request) => {
    const name = names.find((candidate) => sameQuery(request, recordedQuery(candidate)));
    return name ? recorded(name) : new Response('unexpected query', { status: 400 });
  });
}

describe('methods without parameters take request options second, like every method', () => {
  it.each(['groups', 'albums'] as const)('%s.list({}, { signal }) sends the signal', async (resource) => {
    server.use(
      replay(
        resource === 'groups' ? 'group' : 'albums',
        resource === 'groups' ? '70-group-list.txt' : '60-albums-default.txt',
      ),
    );
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(alice()[resource].list({}, { signal: controller.signal })).rejects.toThrow();
    expect(requests).toHaveLength(0);
    await expect(alice()[resource].list({})).resolves.toBeInstanceOf(Array);
    expect(requests).toHaveLength(1);
  });

  it.each(['groups', 'albums'] as const)(
    '%s.list refuses parameters, such as request options passed first (the old order), before any request',
    async (resource) => {
      const controller = new AbortController();
      // @ts-expect-error request options are the second argument
      const error = await failure(alice()[resource].list({ signal: controller.signal }));
      expect(error).toBeInstanceOf(ArgumentError);
      expect((error as Error).message).toContain(`${resource}.list({}, { signal })`);
      expect(requests).toHaveLength(0);
    },
  );
});

describe('albums and photos', () => {
  it('lists albums (60), and none (60b {success: false}) as []', async () => {
    server.use(replay('albums', '60-albums-default.txt'));
    const albums = await alice().albums.list();
    expect(albums.map((album) => [album.text, album.total])).toEqual([
      ['2026-11', 1],
      ['Landscapes', 1],
      ['Vacation', 1],
    ]);
    server.use(replay('albums', '60b-albums-as_bob_no_albums.txt'));
    await expect(alice().albums.list()).resolves.toEqual([]);
  });

  it('lists photos of an album (61) or all (61b); an unknown album (61c) → NotFoundError', async () => {
    server.use(
      byQuery(
        'photos',
        '61-photos-album_Vacation.txt',
        '61b-photos-no_album.txt',
        '61c-photos-unknown_album.txt',
      ),
    );
    const rows = await alice().photos.list({ album: 'Vacation' });
    expect(rows.map((row) => row.imgscale)).toEqual([0, 1, 2, 3]);
    expect(rows[0]).toMatchObject({ resource_id: BEACH, height: 600, width: 800, album: 'Vacation' });
    expect((await alice().photos.list()).length).toBeGreaterThan(4);
    const error = await failure(alice().photos.list({ album: 'Nope' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toContain('"Nope"');
  });

  it('gets one scale of a photo with its bytes decoded (62, 62b)', async () => {
    server.use(byQuery('photo', '62-photo-photo_id_default_scale.txt', '62b-photo-photo_id_scale2.txt'));
    const photo = await alice().photos.get({ photo_id: BEACH });
    expect(photo).toMatchObject({ imgscale: 0, width: 800, filesize: 26315 });
    expect(photo).not.toHaveProperty('content');
    expect(photo.bytes).toHaveLength(26315);
    expect([...photo.bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(photo.item[0]).toMatchObject({ resource_type: 'photo' });
    expect((await alice().photos.get({ photo_id: BEACH, scale: 2 })).width).toBe(640);
  });

  it('maps an unknown photo or scale (62c, 62d: empty 200) to NotFoundError; checks arguments first', async () => {
    server.use(replay('photo', '62c-photo-photo_id_scale9.txt'));
    const error = await failure(alice().photos.get({ photo_id: BEACH, scale: 9 }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toContain('scale 9');
    await expect(alice().photos.get({ photo_id: '' })).rejects.toBeInstanceOf(SdkError);
    await expect(alice().photos.get({ photo_id: BEACH, scale: -1 })).rejects.toBeInstanceOf(SdkError);
    expect(requests).toHaveLength(1);
  });
});

describe('groups', () => {
  it('lists privacy groups, deleted ones included, flags as booleans (70)', async () => {
    server.use(replay('group', '70-group-list.txt'));
    const groups = await alice().groups.list();
    expect(groups[0]).toEqual({
      id: 1,
      hash: '17a51015-3ec2-40c8-9aff-3dfbf9553f4c',
      uid: 2,
      visible: false,
      deleted: false,
      gname: 'Friends',
    });
    expect(groups.some((group) => group.deleted)).toBe(true);
  });

  it('lists members by group_id (71) or group_name (72)', async () => {
    server.use(byQuery('group_members', '71-group_members-group_id.txt', '72-group_members-group_name.txt'));
    const [bob] = await alice().groups.members({ group_id: 4 });
    expect(bob).toMatchObject({
      gid: 4,
      xchan: BOB,
      abook_closeness: 80,
      abook_self: false,
      xchan_name: 'Bob',
    });
    await expect(alice().groups.members({ group_name: 'Family' })).resolves.toHaveLength(1);
  });

  it('maps an unknown group (73, 73b: empty 200) to NotFoundError, an empty or deleted one (73d, 73e) to []', async () => {
    server.use(
      byQuery(
        'group_members',
        '73-group_members-unknown_group_id.txt',
        '73b-group_members-unknown_group_name.txt',
        '73d-group_members-empty_group.txt',
        '73e-group_members-deleted_group.txt',
      ),
    );
    const error = await failure(alice().groups.members({ group_id: 999 }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 200 });
    expect((error as Error).message).toContain('999');
    await expect(alice().groups.members({ group_name: 'Nope' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(alice().groups.members({ group_id: 5 })).resolves.toEqual([]);
    await expect(alice().groups.members({ group_id: 6 })).resolves.toEqual([]);
  });

  it('needs exactly one of group_id and group_name, before any request (73c)', async () => {
    await expect(alice().groups.members({} as { group_id: number })).rejects.toBeInstanceOf(SdkError);
    await expect(
      alice().groups.members({ group_id: 1, group_name: 'x' } as unknown as { group_id: number }),
    ).rejects.toThrow(/exactly one/);
    expect(requests).toHaveLength(0);
  });
});

describe('xchan', () => {
  it.each([
    ['address', 'bob@127.0.0.1:8088'],
    ['hash', BOB],
    ['guid', 'Yu_fYOOn4VCzpC6ZYu9zk_GHAY6dveXjuBJt84UcVRjzdoB3B9Lf_zGyarV9LQm1kB2_7Y3lqtYNi7o5e-tNWw'],
  ])('looks up by %s with GET (76, 77, 78)', async (key, value) => {
    server.use(byQuery('xchan', '76-xchan-address.txt', '77-xchan-hash.txt', '78-xchan-guid.txt'));
    const xchan = await alice().xchan.get({ [key]: value } as { address: string });
    expect(query()).toEqual({ [key]: value });
    expect(xchan).toMatchObject({ hash: BOB, address: 'bob@127.0.0.1:8088', name: 'Bob', deleted: false });
  });

  it('maps false (80) to NotFoundError naming the lookup', async () => {
    server.use(replay('xchan', '80-xchan-unknown_address.txt'));
    const error = await failure(alice().xchan.get({ address: 'nobody@127.0.0.1:8088' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 200, body: false });
    expect((error as Error).message).toContain('nobody@127.0.0.1:8088');
  });

  it('needs exactly one key, and no "%" (80d: HTTP 500), before any request (79, 80f)', async () => {
    const xchan = alice().xchan;
    await expect(xchan.get({} as { hash: string })).rejects.toBeInstanceOf(SdkError);
    await expect(
      xchan.get({ hash: 'nope', address: 'bob@h' } as unknown as { hash: string }),
    ).rejects.toThrow(/exactly one/);
    await expect(xchan.get({ address: '%s' })).rejects.toBeInstanceOf(SdkError);
    expect(requests).toHaveLength(0);
  });
});

describe('connections: abook, abconfig, permissions', () => {
  it('lists connections (85, 85b) and keeps [] for an unknown abook_id (85c)', async () => {
    server.use(
      byQuery('abook', '85-abook-all.txt', '85b-abook-abook_id.txt', '85c-abook-unknown_abook_id.txt'),
    );
    const all = await alice().abook.list();
    expect(all.find((row) => row.abook_self)?.xchan_name).toBe('Alice');
    expect(await alice().abook.list({ abook_id: 5 })).toMatchObject([{ abook_id: 5, abook_closeness: 80 }]);
    await expect(alice().abook.list({ abook_id: 999 })).resolves.toEqual([]);
  });

  it('lists connection settings (86, 86b, 86c)', async () => {
    server.use(
      byQuery(
        'abconfig',
        '86-abconfig-all.txt',
        '86b-abconfig-abook_id.txt',
        '86c-abconfig-unknown_abook_id.txt',
      ),
    );
    const rows = await alice().abconfig.list({ abook_id: 5 });
    expect(rows[0]).toMatchObject({ id: 1, chan: 2, xchan: BOB, cat: 'my_perms', k: 'view_stream', v: '1' });
    expect((await alice().abconfig.list()).length).toBe(rows.length);
    await expect(alice().abconfig.list({ abook_id: 999 })).resolves.toEqual([]);
  });

  it('answers one permission as a boolean (87b, 87c, 88f)', async () => {
    server.use(
      byQuery(
        'perm_allowed',
        '87b-perm_allowed-abook_id_perm_view_stream.txt',
        '87c-perm_allowed-abook_id_perm_write_storage.txt',
        '88f-perm_allowed-unknown_perm.txt',
      ),
    );
    await expect(alice().permissions.allowed({ abook_id: 5, perm: 'view_stream' })).resolves.toBe(true);
    await expect(alice().permissions.allowed({ abook_id: 5, perm: 'write_storage' })).resolves.toBe(false);
    await expect(alice().permissions.allowed({ abook_id: 5, perm: 'bogus' })).resolves.toBe(false);
  });

  it('answers every permission as a record of booleans (87: 0/1)', async () => {
    server.use(byQuery('perm_allowed', '87-perm_allowed-abook_id_no_perm.txt'));
    const all = await alice().permissions.allowed({ abook_id: 5 });
    expect(all.view_stream).toBe(true);
    expect(Object.values(all).every((value) => typeof value === 'boolean')).toBe(true);
  });

  it('maps false for an unknown abook_id (88e) to NotFoundError; abook_id is required (88d)', async () => {
    server.use(replay('perm_allowed', '88e-perm_allowed-unknown_abook_id.txt'));
    await expect(alice().permissions.allowed({ abook_id: 999 })).rejects.toBeInstanceOf(NotFoundError);
    await expect(alice().permissions.allowed({} as { abook_id: number })).rejects.toBeInstanceOf(SdkError);
    expect(requests).toHaveLength(1);
  });
});
