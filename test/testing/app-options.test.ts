import { describe, expect, it } from 'vitest';
import { createFakeSite, type FakeSite } from '../../src/testing/index.js';
import { solidJpeg, solidPng } from '../../src/testing/seed/images.js';
import { loadPhpfoxSample } from '../support/fixtures.js';
import { app, appToken, call, fields } from './helpers.js';

function upload(site: FakeSite, token: string, photo: Blob | undefined, name: string | undefined) {
  const body = new FormData();
  if (photo) body.set('photo', photo, 'upload.bin');
  if (name !== undefined) body.set('photo_name', name);
  const query = new URLSearchParams({ token, method: 'photo.addPhoto' });
  return call(site, `api.php?${query}`, { method: 'POST', body });
}

const jpeg = new Blob([solidJpeg(64, 48, 90)], { type: 'image/jpeg' });

describe('photo.addPhoto', () => {
  it('stores a multipart photo named by photo_name: the 3.0 URL set, which getPhotos never lists (as 3.0.1)', async () => {
    const site = createFakeSite();
    const token = await appToken(site);
    const before = (await app(site, token, 'photo.getPhotos')).body;
    const body = await (await upload(site, token, jpeg, 'holiday.jpg')).json();
    const sample = loadPhpfoxSample('photo.addPhoto') as { output: Record<string, string> };
    expect(Object.keys(body.output)).toEqual(Object.keys(sample.output));
    expect(body.output['75px']).toMatch(
      /^https:\/\/fake\.test\/file\/pic\/photo\/2026\/11\/[0-9a-f]{32}_75\.jpg$/,
    );
    const photos = (await app(site, token, 'photo.getPhotos')).body;
    expect(photos.api.total).toBe(14);
    expect(photos).toEqual(before);
    expect(site.state.app.photos.at(-1)).toMatchObject({ title: 'holiday.jpg', fromApi: true });
  });

  it('on 3.9: answers the photo record with api.total 1, then lists it first', async () => {
    const site = createFakeSite({ envelope: '3.9' });
    const token = await appToken(site);
    const answer = await (await upload(site, token, jpeg, 'holiday.jpg')).json();
    expect(answer.api.total).toBe(1);
    expect(answer.output).toMatchObject({ title: 'holiday.jpg', description: null });
    const photos = (await app(site, token, 'photo.getPhotos')).body;
    expect(photos.api.total).toBe(15);
    expect((photos.output as Record<string, string>[])[0]?.id).toBe(answer.output.id);
  });

  it.each([
    ['a name without an image extension', jpeg, 'holiday.txt'],
    ['no photo_name', jpeg, undefined],
    ['no photo part', undefined, 'holiday.jpg'],
    ['bytes that are not an image', new Blob(['plain text']), 'holiday.png'],
    ['a file over 500 KB', new Blob([new Uint8Array(600 * 1024).fill(0xff)]), 'big.jpg'],
  ])('refuses %s with the method error photo.photo_add_photo_load', async (_, photo, name) => {
    const site = createFakeSite();
    const body = await (await upload(site, await appToken(site), photo, name)).json();
    expect(body.output).toMatchObject({ error: true, error_id: 'photo.photo_add_photo_load' });
  });

  it('honours photoUploadLimit, and refuses users who did not allow uploads (photo.add_photo)', async () => {
    const small = createFakeSite({ photoUploadLimit: 100 });
    const tooBig = await (await upload(small, await appToken(small), jpeg, 'a.jpg')).json();
    expect(tooBig.output).toMatchObject({ error_id: 'photo.photo_add_photo_load' });
    const site = createFakeSite();
    const key = site.issueAppKey(29);
    const token = (await (await call(site, `token.php?key=${key}`)).json()).token as string;
    const refused = await (await upload(site, token, jpeg, 'a.jpg')).json();
    expect(refused.output).toEqual({
      error: true,
      error_id: 'photo.add_photo',
      error_message: 'User did not allow to upload photos on their behalf.',
    });
  });
});

describe("envelope: '3.5'", () => {
  const site = createFakeSite({ envelope: '3.5' });

  it('has no `pages`, and `current_page` is the raw page text', async () => {
    const token = await appToken(site);
    expect((await app(site, token, 'friend.getFriends', { page: '2' })).body.api).toEqual({
      total: 23,
      current_page: '2',
    });
    expect((await app(site, token, 'user.getUser')).body.api).toEqual({ total: 0, current_page: '' });
  });

  it('uses the 3.5 friend shape and adds *_link HTML fields to users', async () => {
    const token = await appToken(site);
    const friends = (await app(site, token, 'friend.getFriends')).body.output as Record<string, unknown>[];
    expect(Object.keys(friends[0] ?? {})).toEqual([
      'user_id',
      'full_name',
      'name',
      'photo_50px',
      'photo_50px_square',
      'photo_120px',
      'permalink',
    ]);
    const user = (await app(site, token, 'user.getUser')).body.output as Record<string, unknown>;
    expect(Object.keys(user).filter((key) => key.endsWith('_link')).length).toBeGreaterThan(0);
    expect(String(user.profile_link)).toMatch(/^<a href=/);
  });

  it('pages photo.getPhotos from 0 and answers [] past the end', async () => {
    const token = await appToken(site);
    const page = async (value: string) =>
      (await app(site, token, 'photo.getPhotos', { page: value })).body.output as unknown[];
    expect((await page('0')).length).toBe(10);
    expect((await page('1')).length).toBe(4);
    expect(await page('2')).toEqual([]);
  });

  it('leaves error_id out of method errors, and answers addPhoto with a getPhotos-style record', async () => {
    const token = await appToken(site);
    expect((await app(site, token, 'user.getUser', { user_id: '999' })).body.output).toEqual({
      error: true,
      error_message: 'User cannot be found.',
    });
    const added = await (await upload(site, token, jpeg, 'x.jpeg')).json();
    const listed = (await app(site, token, 'photo.getPhotos')).body.output as unknown[];
    expect(added.output).toEqual(listed[0]);
    expect(added.output).toHaveProperty('photo_id');
  });
});

describe('bodyPrefix and listTotals', () => {
  it.each([
    ['bom', '\ufeff{'],
    [
      'notice',
      '<br />\n<b>Notice</b>:  Undefined index: foo in <b>/var/www/include/x.php</b> on line <b>12</b><br />\n{',
    ],
    ['both', '\ufeff<br />\n<b>Notice</b>:'],
  ] as const)('%s: puts the junk in front of every Application API answer', async (bodyPrefix, start) => {
    const site = createFakeSite({ bodyPrefix });
    // Raw bytes: `Response.text()` would drop a leading BOM.
    const text = async (response: Response) =>
      new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    const tokenText = await text(await call(site, `token.php?key=${site.credentials.appKey}`));
    expect(tokenText.startsWith(start)).toBe(true);
    const token = JSON.parse(tokenText.slice(tokenText.indexOf('{'))).token as string;
    const api = await text(
      await call(site, `api.php?${new URLSearchParams({ token, method: 'mail.getNewCount' })}`),
    );
    expect(api.startsWith(start)).toBe(true);
    expect(JSON.parse(api.slice(api.indexOf('{"api"')))).toMatchObject({ output: 3 });
  });

  it("'zero' makes api.total 0 for the lists", async () => {
    const site = createFakeSite({ listTotals: 'zero' });
    const token = await appToken(site);
    expect((await app(site, token, 'friend.getFriends')).body.api.total).toBe(0);
    expect((await app(site, token, 'photo.getPhotos')).body.api.total).toBe(0);
  });

  it('never prefixes the Native API', async () => {
    const site = createFakeSite({ bodyPrefix: 'both' });
    expect(await (await call(site, 'api/z/1.0/version')).text()).toBe('"8.8.7"');
    expect(fields({ a: 1 })).toEqual([['a', 'number']]);
    expect(solidPng(1, 1, [0, 0, 0])[1]).toBe(0x50);
  });
});
