import { describe, expect, it } from 'vitest';
import { createFakeSite } from '../../src/testing/index.js';
import { hubzillaJson } from '../support/fixtures.js';
import { basic, fields, hub, hubJson, shape } from './helpers.js';

const site = createFakeSite();
const BOB = { Authorization: basic('bob', 'bob-pass') };
type Row = Record<string, unknown>;
const bobXchan = () => site.state.hub.xchans.find((x) => x.addr.startsWith('bob@'));
const emptyAnswer = async (path: string) => {
  const response = await hub(site, path);
  return [response.status, await response.text()];
};

describe('albums, photos, photo', () => {
  it('albums: one entry per photo folder with the recorded shape; none: {success: false}', async () => {
    const answer = await hubJson<{ success: boolean; albums: Row[] }>(site, 'albums');
    expect(answer.albums.map((album) => album.text)).toEqual(['Photos', 'Vacation']);
    expect(answer.albums.map((album) => album.total)).toEqual([2, 1]);
    expect(shape(answer)).toEqual(shape(hubzillaJson('60-albums-default')));
    expect(await hubJson(site, 'albums', { headers: BOB })).toEqual({ success: false });
  });

  it('photos: a row per scale, every album without `album`, {success: false} for an unknown one', async () => {
    const vacation = await hubJson<{ photos: Row[] }>(site, 'photos?album=Vacation');
    expect(vacation.photos.map((row) => [row.imgscale, row.width, row.height])).toEqual([
      ['0', '800', '600'],
      ['1', '800', '600'],
      ['2', '640', '480'],
      ['3', '320', '240'],
    ]);
    expect(fields(vacation.photos[0])).toEqual(
      fields((hubzillaJson('61-photos-album_Vacation') as { photos: Row[] }).photos[0]),
    );
    expect((await hubJson<{ photos: Row[] }>(site, 'photos')).photos).toHaveLength(12);
    expect(await hubJson(site, 'photos?album=Nope')).toEqual({ success: false });
  });

  it('photo: one scale with the image base64; unknown id or scale: empty 200', async () => {
    const beach = site.files.get('Vacation/beach.jpg');
    const answer = await hubJson<{ photo: Row }>(site, `photo?photo_id=${beach?.file_id}&scale=2`);
    const bytes = Buffer.from(String(answer.photo.content), 'base64');
    expect([bytes[0], bytes[1], answer.photo.width, answer.photo.filesize]).toEqual([
      0xff,
      0xd8,
      '640',
      bytes.length,
    ]);
    const recorded = (hubzillaJson('62b-photo-photo_id_scale2') as { photo: Row }).photo;
    expect(fields(answer.photo)).toEqual(fields(recorded));
    const original = await hubJson<{ photo: Row }>(site, `photo?photo_id=${beach?.file_id}`);
    expect(Buffer.from(String(original.photo.content), 'base64')).toEqual(Buffer.from(beach?.bytes() ?? []));
    for (const query of [`photo_id=${beach?.file_id}&scale=9`, 'photo_id=nope', '']) {
      expect(await emptyAnswer(`photo?${query}`)).toEqual([200, '']);
    }
  });
});

describe('group, group_members', () => {
  it('group: the raw rows, deleted groups included, flags as strings', async () => {
    const groups = await hubJson<Row[]>(site, 'group');
    expect(groups.map((g) => [g.gname, g.deleted])).toEqual([
      ['Friends', '0'],
      ['Family', '0'],
      ['Empty', '0'],
      ['Doomed', '1'],
    ]);
    expect(fields(groups[0])).toEqual(fields((hubzillaJson('70-group-list') as Row[])[0]));
  });

  it('group_members: joined membership + abook + xchan rows, by group_id or exact group_name', async () => {
    const byId = await hubJson<Row[]>(site, 'group_members?group_id=4');
    expect(fields(byId[0])).toEqual(fields((hubzillaJson('71-group_members-group_id') as Row[])[0]));
    expect(byId.map((row) => row.xchan_name)).toEqual(['Bob']);
    expect(await hubJson(site, 'group_members?group_name=Family')).toEqual(byId);
    expect((await hubJson<Row[]>(site, 'group_members?group_id=1')).map((row) => row.xchan_name)).toEqual([
      'Alice',
      'Bob',
      'Dana',
    ]);
  });

  it('group_members: [] for empty and deleted groups, an empty 200 (JSON type) for unknown ones', async () => {
    expect(await hubJson(site, 'group_members?group_id=5')).toEqual([]);
    expect(await hubJson(site, 'group_members?group_id=6')).toEqual([]);
    for (const query of ['group_name=family', 'group_id=999', 'group_name=Nope', '', 'group_id=2']) {
      const response = await hub(site, `group_members?${query}`);
      expect([response.status, response.headers.get('content-type'), await response.text()]).toEqual([
        200,
        'application/json',
        '',
      ]);
    }
  });
});

describe('xchan', () => {
  it('looks up by address, hash or guid: the portable record (no prefix, `address`)', async () => {
    const bob = bobXchan();
    const byAddress = await hubJson<Row>(site, `xchan?address=${bob?.addr}`);
    expect(fields(byAddress)).toEqual(fields(hubzillaJson('76-xchan-address')));
    expect(await hubJson(site, `xchan?hash=${bob?.hash}`)).toEqual(byAddress);
    expect(await hubJson(site, `xchan?guid=${bob?.guid}`)).toEqual(byAddress);
    expect(
      await hubJson(site, 'xchan', {
        method: 'POST',
        body: new URLSearchParams({ address: String(bob?.addr) }),
      }),
    ).toEqual(byAddress);
  });

  it('answers false for no parameter, no match, a wrong case; the first of hash, guid, address wins', async () => {
    const bob = bobXchan();
    for (const query of [
      '',
      'address=nobody@x',
      `address=${bob?.addr.toUpperCase()}`,
      `hash=nope&address=${bob?.addr}`,
    ]) {
      expect(await hubJson(site, `xchan?${query}`)).toBe(false);
    }
    const response = await hub(site, 'xchan?address=50%25off');
    expect([response.status, await response.text()]).toEqual([500, '']);
  });
});

describe('abook, abconfig, perm_allowed', () => {
  it('abook: the connections joined with their xchan; abook_id selects (unknown: [])', async () => {
    const all = await hubJson<Row[]>(site, 'abook');
    expect(all.map((row) => row.xchan_name)).toEqual(['Alice', 'Bob', 'Dana']);
    expect(fields(all[1])).toEqual(fields((hubzillaJson('85-abook-all') as Row[])[1]));
    expect((await hubJson<Row[]>(site, 'abook?abook_id=5')).map((row) => row.xchan_name)).toEqual(['Bob']);
    expect(await hubJson(site, 'abook?abook_id=999')).toEqual([]);
    expect(await hubJson(site, 'abook?abook_id=6')).toEqual([]);
  });

  it('abconfig: {id, chan, xchan, cat, k, v} rows, per abook (self: [])', async () => {
    const rows = await hubJson<Row[]>(site, 'abconfig?abook_id=5');
    expect(rows).toHaveLength(34);
    expect(fields(rows[0])).toEqual(fields((hubzillaJson('86-abconfig-all') as Row[])[0]));
    expect(await hubJson(site, 'abconfig?abook_id=1')).toEqual([]);
    expect(await hubJson(site, 'abconfig?abook_id=999')).toEqual([]);
  });

  it('perm_allowed: with abook_id as recorded; with perm a boolean; nothing to check: false', async () => {
    expect(await hubJson(site, 'perm_allowed?abook_id=5')).toEqual(
      hubzillaJson('87-perm_allowed-abook_id_no_perm'),
    );
    expect(await hubJson(site, 'perm_allowed?abook_id=5&perm=view_stream')).toEqual([
      { perm: 'view_stream', allowed: true },
    ]);
    expect(await hubJson(site, 'perm_allowed?abook_id=5&perm=write_storage')).toEqual([
      { perm: 'write_storage', allowed: false },
    ]);
    expect(await hubJson(site, 'perm_allowed?abook_id=5&perm=bogus')).toEqual([
      { perm: 'bogus', allowed: false },
    ]);
    expect(await hubJson(site, `perm_allowed?address=${bobXchan()?.addr}`)).toEqual(
      hubzillaJson('88-perm_allowed-xchan_address_no_abook'),
    );
    expect(await hubJson(site, 'perm_allowed')).toBe(false);
    expect(await hubJson(site, 'perm_allowed?abook_id=999')).toBe(false);
  });
});

describe('channel/export/basic, verify', () => {
  it('always answers compatibility and relocate; unknown sections add nothing', async () => {
    const bogus = await hubJson(site, 'channel/export/basic?sections=bogus');
    expect(shape(bogus)).toEqual(shape(hubzillaJson('15c-channel_export_basic-sections_bogus')));
    expect(bogus).toMatchObject({
      compatibility: { project: 'hubzilla', version: '8.8.7' },
      relocate: { channel_address: 'alice' },
    });
  });

  it('exports the requested sections: items in the full encoding, the channel with a (fake) private key', async () => {
    const items = await hubJson<{ item: Row[] }>(site, 'channel/export/basic?sections=items');
    const recorded = hubzillaJson('15b-channel_export_basic-sections_items') as { item: Row[] };
    expect(Object.keys(items)).toEqual(Object.keys(recorded));
    expect(fields(items.item[0])).toEqual(fields(recorded.item[0]));
    const channel = await hubJson<{ channel: Row }>(
      site,
      'channel/export/basic?sections=channel,connections',
    );
    expect(String(channel.channel.channel_prvkey)).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(channel).toHaveProperty('abook');
    const defaults = await hubJson<Row>(site, 'channel/export/basic');
    // 8.8.7's defaults: channel, connections, config, apps; `posts=1` is ignored as the hub ignores it.
    expect(Object.keys(defaults)).toEqual(expect.arrayContaining(['channel', 'abook', 'config', 'app']));
    for (const absent of ['chatroom', 'event', 'webpages', 'mail'])
      expect(defaults).not.toHaveProperty(absent);
    expect(defaults).not.toHaveProperty('wiki');
    expect(defaults).not.toHaveProperty('item');
    expect(await hubJson(site, 'channel/export/basic?posts=1')).not.toHaveProperty('item');
    expect(await hubJson(site, 'channel/export/basic?sections=items')).toHaveProperty('item');
  });

  it('verify: the channel row', async () => {
    expect(await hubJson(site, 'verify')).toMatchObject({ channel_address: 'alice', channel_primary: '1' });
  });
});
