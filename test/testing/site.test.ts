import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFakeSite } from '../../src/testing/index.js';
import { solidJpeg, solidPng } from '../../src/testing/seed/images.js';
import { sha256Hex } from '../../src/testing/seed/sha256.js';
import { appToken, call, hubJson } from './helpers.js';

describe('seeded data', () => {
  it('is the same for the same seed, byte for byte, and differs for another seed', async () => {
    const [one, two, other] = [createFakeSite(), createFakeSite(), createFakeSite({ seed: 2 })];
    expect(await hubJson(one, 'files')).toEqual(await hubJson(two, 'files'));
    expect(one.files.big.sha256).toBe(two.files.big.sha256);
    expect(await appToken(one)).toBe(await appToken(two));
    expect(one.credentials.appKey).toBe(two.credentials.appKey);
    expect(other.files.big.file_id).not.toBe(one.files.big.file_id);
    expect(other.files.big.sha256).not.toBe(one.files.big.sha256);
  });

  it('has the documented population', () => {
    const { app, hub } = createFakeSite().state;
    expect(app.users.size).toBe(30);
    expect(app.friends.get(1)).toHaveLength(23);
    expect(app.notifications).toHaveLength(8);
    expect(app.photos).toHaveLength(14);
    expect(hub.channels.map((c) => c.nick)).toEqual(['alice', 'bob', 'carol', 'alice2']);
    expect(hub.groups.filter((g) => g.uid === 2).map((g) => g.gname)).toEqual([
      'Friends',
      'Family',
      'Empty',
      'Doomed',
    ]);
  });

  it('exposes the files with their sizes and SHA-256 digests', () => {
    const { files } = createFakeSite();
    expect([files.notes.filesize, files.empty.filesize, files.big.filesize]).toEqual([47, 0, 3_158_073]);
    expect(files.big.sha256).toBe(createHash('sha256').update(files.big.bytes()).digest('hex'));
    expect(files.get('Documents/notes.txt')?.file_id).toBe(files.notes.file_id);
    expect(files.get(files.readme.file_id)?.display_path).toBe('Documents/readme.md');
    expect(files.list().map((file) => file.filename)).toContain('beach.jpg');
  });

  it('generates valid images: PNG and baseline JPEG headers with the stated sizes', () => {
    const png = solidPng(5, 3, [1, 2, 3]);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(png.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([5, 3]);
    const jpeg = solidJpeg(17, 9, 40);
    expect([jpeg[0], jpeg[1], jpeg.at(-2), jpeg.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
  });

  it('computes SHA-256 like node:crypto', () => {
    for (const length of [0, 1, 55, 56, 64, 1000]) {
      const bytes = new Uint8Array(length).map((_, index) => (index * 31) & 0xff);
      expect(sha256Hex(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });
});

describe('site methods', () => {
  it('addFile stores a file in a (new) folder of a channel, served by files and filedata', async () => {
    const site = createFakeSite();
    const added = site.addFile({ filename: 'report.pdf', bytes: 'PDF?', folder: 'Reports/2026' });
    expect([added.filetype, added.filesize, added.display_path]).toEqual([
      'application/pdf',
      4,
      'Reports/2026/report.pdf',
    ]);
    const answer = await hubJson<{ attach: { content: string } }>(
      site,
      `filedata?file_id=${added.file_id}&length=10`,
    );
    expect(Buffer.from(answer.attach.content, 'base64').toString()).toBe('PDF?');
    const folders = await hubJson<{ results: { filename: string }[] }>(site, 'files?filetype=multipart');
    expect(folders.results.map((f) => f.filename)).toEqual(expect.arrayContaining(['Reports', '2026']));
    const bobs = site.addFile({ filename: 'b.bin', bytes: new Uint8Array([1, 2]), channel: 'bob' });
    expect(bobs.filetype).toBe('application/octet-stream');
  });

  it('issueAppKey opens the app for another user', async () => {
    const site = createFakeSite();
    const key = site.issueAppKey(7);
    const token = (await (await call(site, `token.php?key=${key}`)).json()).token as string;
    const user = await (
      await call(site, `api.php?${new URLSearchParams({ token, method: 'user.getUser' })}`)
    ).json();
    expect(user.output).toMatchObject({ user_id: '7', full_name: 'Jane Doe' });
    expect(() => site.issueAppKey(999)).toThrow();
  });

  it('reset() restores the seeded state, the clock and the request log', async () => {
    const site = createFakeSite({ faults: { latencyMs: 0 } });
    const before = await hubJson(site, 'files');
    site.addFile({ filename: 'x.txt', bytes: 'x' });
    await hubJson(site, 'item/update?body=hello');
    site.faults = { fail: [{ status: 500, times: 10 }] };
    site.reset();
    expect(site.requests).toHaveLength(0);
    expect(site.faults).toEqual({ latencyMs: 0 });
    expect(await hubJson(site, 'files')).toEqual(before);
  });

  it('ticks its default clock one second per request; `now` replaces it', async () => {
    const site = createFakeSite();
    const created = async () =>
      (await hubJson<{ item: { created: string } }>(site, 'item/update?body=t')).item.created as string;
    expect(await created()).toBe('2026-11-22 03:00:01');
    expect(await created()).toBe('2026-11-22 03:00:02');
    const frozen = createFakeSite({ now: new Date('2030-05-06T07:08:09Z') });
    const item = await hubJson<{ item: { created: string } }>(frozen, 'item/update?body=t');
    expect(item.item.created).toBe('2030-05-06 07:08:09');
  });
});
