import { describe, expect, it } from 'vitest';
import { createFakeSite } from '../../src/testing/index.js';
import { solidPng } from '../../src/testing/seed/images.js';
import { hubzillaJson, loadHubzillaFixture } from '../support/fixtures.js';
import { ALICE, fields, form, hub, hubJson } from './helpers.js';

type Row = Record<string, unknown>;
type Update = { success: boolean; item_id: number; item: Row; message?: string };
const post = (site: ReturnType<typeof createFakeSite>, fieldsOf: Record<string, string | string[]>) =>
  hubJson<Update>(site, 'item/update', { method: 'POST', body: form(fieldsOf) });
const recordedItem = (name: string) => (hubzillaJson(name) as Update).item;

describe('item/update', () => {
  it('creates a post with the channel default access list (Friends, item_private "1")', async () => {
    const site = createFakeSite();
    const answer = await post(site, { body: 'Hello world, first post from the API', title: 'First post' });
    expect(answer.success).toBe(true);
    expect(answer.item.id).toBe(answer.item_id);
    expect(fields(answer.item)).toEqual(fields(recordedItem('40-item_update-new_post')));
    const friends = site.state.hub.groups.find((g) => g.uid === 2 && g.gname === 'Friends');
    expect(answer.item).toMatchObject({
      allow_gid: `<${friends?.hash}>`,
      item_private: '1',
      parent: answer.item_id,
    });
  });

  it('makes a public post with empty ACL fields; categories and hashtags become terms', async () => {
    const site = createFakeSite();
    const answer = await post(site, {
      body: 'Public with #hashtag',
      contact_allow: '',
      category: 'testing,api',
    });
    expect(fields(answer.item)).toEqual(fields(recordedItem('41-item_update-public_post_empty_acl')));
    expect(answer.item).toMatchObject({ item_private: '0', allow_gid: '' });
    expect((answer.item.term as Row[]).map((term) => [term.ttype, term.term])).toEqual([
      [1, 'hashtag'],
      [3, 'testing'],
      [3, 'api'],
    ]);
    expect(answer.item.body).toBe('Public with #[zrl=https://fake.test/search?tag=hashtag]hashtag[/zrl]');
  });

  it('comments via parent or parent_mid, inheriting the access list; an unknown parent is refused', async () => {
    const site = createFakeSite();
    const top = await post(site, { body: 'top', contact_allow: '' });
    const comment = await post(site, { body: 'A comment on the public post', parent: String(top.item_id) });
    expect(fields(comment.item)).toEqual(fields(recordedItem('42-item_update-comment_via_parent')));
    expect(comment.item).toMatchObject({ parent: top.item_id, item_thread_top: 0, item_private: '0' });
    expect(comment.item.plink).toBe(comment.item.llink);
    const byMid = await post(site, { body: 'again', parent_mid: String(top.item.mid) });
    expect(byMid.item.parent).toBe(top.item_id);
    const unknown = await hub(site, 'item/update', {
      method: 'POST',
      body: form({ body: 'x', parent: '99999' }),
    });
    expect(await unknown.text()).toBe(loadHubzillaFixture('49c-item_update-comment_unknown_parent').body);
  });

  it('edits via post_id (with `term`), and answers an unknown or foreign post_id with an empty 200', async () => {
    const site = createFakeSite();
    const created = await post(site, { body: 'v1', title: 't1' });
    const edited = await post(site, {
      body: 'v2',
      title: 'First post (edited)',
      post_id: String(created.item_id),
    });
    expect(fields(edited.item)).toEqual(fields(recordedItem('43-item_update-edit_via_post_id')));
    expect([edited.item_id, edited.item.body, edited.item.term]).toEqual([created.item_id, 'v2', []]);
    const bobsOwn = site.state.hub.items.find((item) => item.row.uid === 3);
    for (const id of ['99999', String(bobsOwn?.row.id)]) {
      const response = await hub(site, 'item/update', {
        method: 'POST',
        body: form({ body: 'x', post_id: id }),
      });
      expect([response.status, response.headers.get('content-type'), await response.text()]).toEqual([
        200,
        'text/html; charset=UTF-8',
        '',
      ]);
    }
  });

  it.each([
    ['no body', { title: 'no body here' }, '45-item_update-missing_body'],
    ['allow_empty', { allow_empty: '1', title: 'Only a title' }, '49e-item_update-allow_empty'],
  ])('refuses %s like Hubzilla', async (_, body, fixture) => {
    const response = await hub(createFakeSite(), 'item/update', { method: 'POST', body: form(body) });
    expect(await response.text()).toBe(loadHubzillaFixture(fixture).body);
  });

  it('creates an item on a GET too', async () => {
    const site = createFakeSite();
    const answer = await hubJson<Update>(site, 'item/update?body=Posted%20via%20a%20GET%20request');
    expect(answer.success).toBe(true);
    expect(fields(answer.item)).toEqual(fields(recordedItem('46-item_update-GET_with_query_params')));
  });

  it('reads the app name from `source` and the message id from `message_id`', async () => {
    const answer = await post(createFakeSite(), {
      body: 'b',
      source: 'MySDK',
      message_id: 'sdk-test-0001',
      app: 'ignored',
    });
    expect(answer.item).toMatchObject({
      app: 'MySDK',
      uuid: 'sdk-test-0001',
      mid: 'https://fake.test/item/sdk-test-0001',
    });
  });

  it('takes ACL lists as comma strings or name[] arrays', async () => {
    const site = createFakeSite();
    const family = site.state.hub.groups.find((g) => g.gname === 'Family')?.hash ?? '';
    const bob = site.state.hub.xchans.find((x) => x.name === 'Bob')?.hash ?? '';
    expect((await post(site, { body: 'f', group_allow: family })).item).toMatchObject({
      allow_gid: `<${family}>`,
      item_private: '1',
    });
    expect((await post(site, { body: 'b', 'contact_allow[]': [bob] })).item).toMatchObject({
      allow_cid: `<${bob}>`,
      item_private: '2',
    });
  });

  it('deletes with dropitems, answering {"success":1} as text/html even for unknown ids', async () => {
    const site = createFakeSite();
    const created = await post(site, { body: 'doomed' });
    for (const id of [String(created.item_id), '99999']) {
      const response = await hub(site, 'item/update', { method: 'POST', body: form({ dropitems: id }) });
      expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      expect(await response.text()).toBe(loadHubzillaFixture('49-item_update-dropitems_deletes').body);
    }
    expect(await hubJson(site, `item/full?item_id=${created.item_id}`)).toEqual([]);
  });

  it('stores a `media` upload in the month folder and links it in the body', async () => {
    const site = createFakeSite();
    const body = new FormData();
    body.set('body', 'Post with an attached image');
    body.set('media', new Blob([solidPng(20, 10, [1, 2, 3])], { type: 'image/png' }), 'media-upload.png');
    const answer = await hubJson<Update>(site, 'item/update', { method: 'POST', body });
    expect(answer.item.body).toMatch(
      /\[zmg=https:\/\/fake\.test\/photo\/[0-9a-f-]{36}-2\.png\]media-upload\.png\[\/zmg\]/,
    );
    const stored = site.files.get('2026-11/media-upload.png');
    expect(stored?.filesize).toBeGreaterThan(0);
    const rows = site.state.hub.photos.filter((photo) => photo.resource_id === stored?.file_id);
    expect(rows.map((row) => row.width)).toEqual(['20', '20', '20', '20']);
    const failed = new FormData();
    failed.set('body', 'x');
    failed.set('media', new Blob([]), 'empty.png');
    expect(await (await hub(site, 'item/update', { method: 'POST', body: failed })).text()).toBe('');
  });
});

describe('item/full, channel/stream, network/stream', () => {
  const site = createFakeSite();
  const items = site.state.hub.items;
  const publicPost = items.find((item) => item.row.uid === 2 && item.row.title === 'Public post');

  it('item/full: the thread of a top item by item_id or mid, in the full encoding; else []', async () => {
    const byId = await hubJson<{ item: Row[] }>(site, `item/full?item_id=${publicPost?.row.id}`);
    expect(byId.item).toHaveLength(3);
    const recorded = (hubzillaJson('82-item_full-item_id') as { item: Row[] }).item;
    expect(fields(byId.item[0])).toEqual(fields(recorded[0]));
    expect(fields(byId.item[2])).toEqual(fields(recorded[2]));
    expect(await hubJson(site, `item/full?mid=${encodeURIComponent(String(publicPost?.row.mid))}`)).toEqual(
      byId,
    );
    const comment = items.find((item) => item.row.parent === publicPost?.row.id && item !== publicPost);
    for (const query of [`item_id=${comment?.row.id}`, 'item_id=99999', '', `mid=${publicPost?.row.uuid}`]) {
      expect(await hubJson(site, `item/full?${query}`)).toEqual([]);
    }
  });

  it('channel/stream: the wall, flat and oldest first; a future mindate gives []', async () => {
    const stream = await hubJson<Row[]>(site, 'channel/stream');
    expect(stream.length).toBeGreaterThan(10);
    expect(fields(stream[0])).toEqual(fields((hubzillaJson('16-channel_stream-GET_default') as Row[])[0]));
    expect(stream.every((item) => (item.owner as Row).name === 'Alice')).toBe(true);
    expect(await hubJson(site, 'channel/stream?mindate=2030-01-01')).toEqual([]);
  });

  it('channel/stream: a POST creates an item, even empty', async () => {
    const fresh = createFakeSite();
    const answer = await hubJson<{ success: boolean; activity: Row }>(fresh, 'channel/stream', {
      method: 'POST',
    });
    expect(Object.keys(answer)).toEqual(Object.keys(hubzillaJson('17-channel_stream-POST_no_params') as Row));
    expect(answer.activity).toMatchObject({ body: '', item_wall: 0, item_unseen: 1 });
  });

  it('network/stream: 10 threads a page with their comments, newest activity first', async () => {
    const page = async (query: string) => await hubJson<Row[]>(site, `network/stream?${query}`);
    const tops = (list: Row[]) => list.filter((item) => item.message_id === item.message_top);
    expect(tops(await page('page=1'))).toHaveLength(10);
    expect(await page('')).toEqual(await page('page=1'));
    expect(tops(await page('page=2'))).toHaveLength(3);
    expect(await page('page=3')).toEqual([]);
    expect(tops(await page('start=0&records=3'))).toHaveLength(3);
    expect(tops(await page('start=3&records=3'))).toEqual(tops(await page('page=1')).slice(3, 6));
    expect(tops(await page('search=Bob')).map((item) => item.body)).toEqual([
      'Bob second post',
      'Bob says hello to everyone',
    ]);
    expect(await page('dbegin=2030-01-01')).toEqual([]);
    const recorded = (hubzillaJson('18-network_stream-GET_default') as Row[])[0];
    expect(fields((await page('page=1'))[0])).toEqual(fields(recorded));
  });

  it('network/stream: any method but GET gets an empty (JSON-typed) answer', async () => {
    const response = await hub(site, 'network/stream', {
      method: 'POST',
      headers: ALICE,
      body: form({ page: '2' }),
    });
    expect([response.status, response.headers.get('content-type'), await response.text()]).toEqual([
      200,
      'application/json',
      '',
    ]);
  });
});
