import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/core/errors/index.js';
import { NativeClient } from '../../src/native/index.js';
import { createFakeSite, type FakeSite } from '../../src/testing/index.js';
import { solidPng } from '../../src/testing/seed/images.js';
import { useMswServer } from '../support/msw.js';
import { alice, HUB, on } from './hub.js';

const { server, requests } = useMswServer();

/** A media post's answer recorded on a live 8.8.7 (upload_max_filesize 2M, post_max_size 8M). */
function liveMediaAnswer(name: string): Response {
  const file = new URL(`../fixtures/hubzilla-8.8.7-media/${name}.json`, import.meta.url);
  const recorded = JSON.parse(readFileSync(file, 'utf8')) as { body: string; contentType: string };
  return new Response(recorded.body, { headers: { 'Content-Type': recorded.contentType } });
}

const png = () => new File([solidPng(8, 6, [10, 20, 30])], 'shot.png', { type: 'image/png' });

describe('items.update sends every field in the POST body (Hubzilla 10.x reads $_POST)', () => {
  const every = {
    body: 'All the fields',
    title: 'T',
    coord: '1 2',
    location: 'here',
    expire: '2030-01-01 00:00:00',
    mimetype: 'text/bbcode',
    contact_allow: ['c1'],
    group_allow: ['g1'],
    contact_deny: ['c2'],
    group_deny: ['g2'],
    parent_mid: 'https://hub.example/item/1',
    remote_xchan: 'x',
    consensus: true,
    nocomment: true,
    namespace: 'ns',
    remote_id: 'r',
    message_id: 'm-1',
    created: '2026-01-01 00:00:00',
    source: 'app',
    category: ['a', 'b'],
    webpage: 0,
    pagetitle: 'p',
    layout_mid: 'l',
    permalink: 'https://elsewhere.example/1',
    verb: 'v',
    obj_type: 'o',
  };
  const names = [
    ...Object.keys(every).map((key) =>
      Array.isArray(every[key as keyof typeof every]) && key !== 'category' ? `${key}[]` : key,
    ),
    'channel',
  ];

  for (const media of [undefined, png()]) {
    it(`${media ? 'multipart (with media)' : 'urlencoded'}: an empty query, every field and the channel in the body`, async () => {
      let form: FormData | URLSearchParams | undefined;
      server.use(
        on('item/update', async (request) => {
          form = media ? await request.formData() : new URLSearchParams(await request.text());
          return Response.json({ success: false, message: 'invalid post id' });
        }),
        // The owner check's read of the pinned channel's id (no self row: nothing to check).
        on('abook', () => Response.json([])),
      );
      const hub = new NativeClient({ baseUrl: HUB, username: 'alice', password: 'p', channel: 'alice2' });
      await expect(hub.items.update({ ...every, ...(media ? { media } : {}) })).rejects.toThrow(ApiError);
      const post = requests.find((request) => new URL(request.url).pathname.endsWith('/item/update'));
      expect(new URL(post!.url).search).toBe('');
      const sent = new Set(form?.keys());
      for (const name of names) expect(sent.has(name), name).toBe(true);
      expect(form?.get('channel')).toBe('alice2');
      expect(form?.get('body')).toBe('All the fields');
    });
  }
});

describe('a media post whose answer shows no attachment is an error naming the stored item', () => {
  it('8.8.7, a file over upload_max_filesize: stored with 0 bytes, no link → ApiError media_not_attached', async () => {
    server.use(on('item/update', () => liveMediaAnswer('photo_3mb_over_upload_max')));
    const failure = await alice()
      .items.update({ body: 'media probe 3mb.png', media: png() })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'media_not_attached', status: 200, mayHaveSucceeded: true });
    expect((failure as ApiError).message).toMatch(/stored item 23 without its media/);
    expect((failure as ApiError).message).toMatch(
      /"shot\.png" \(\d+ bytes sent\) and an attachment of 0 bytes/,
    );
    expect((failure as ApiError).message).toMatch(/post_id: 23/);
    expect((failure as ApiError).body).toMatchObject({ item_id: 23 });
  });

  it('a link the text already had does not stand for the upload', async () => {
    const own = '[zmg=https://elsewhere.example/a.png]mine[/zmg]';
    server.use(
      on('item/update', async () => {
        const answer = await liveMediaAnswer('photo_3mb_over_upload_max').json();
        answer.item.body = own;
        return Response.json(answer);
      }),
    );
    await expect(alice().items.update({ body: own, media: png() })).rejects.toMatchObject({
      code: 'media_not_attached',
    });
  });

  it('8.8.7, a body over post_max_size: PHP empties the form, the hub answers "no content"', async () => {
    server.use(on('item/update', () => liveMediaAnswer('photo_9mb_over_post_max')));
    await expect(alice().items.update({ body: 'x', media: png() })).rejects.toMatchObject({
      name: 'ApiError',
      code: 'no content',
    });
  });

  it.each([
    ['photo_1mb', 'a photo: its link after the text'],
    ['corrupt_png', 'an image GD cannot read: a plain attachment'],
    ['text_file', 'a text file: a plain attachment'],
  ])('8.8.7 %s (%s) resolves', async (name) => {
    server.use(on('item/update', () => liveMediaAnswer(name)));
    const { item_id } = await alice().items.update({ body: 'x', media: png() });
    expect(item_id).toBeGreaterThan(0);
  });
});

/** A client on the fake hub, whose answers `edit` may change on the way (a hub that lost the file). */
function onFake(site: FakeSite, edit?: (answer: { item: { body: string; attach: string } }) => void) {
  return new NativeClient({
    baseUrl: site.url,
    username: 'alice',
    password: 'secret-pass',
    fetch: async (url, init) => {
      const response = await site.handler(new Request(url, init));
      if (!edit || !String(url).endsWith('item/update')) return response;
      const answer = await response.json();
      edit(answer);
      return Response.json(answer);
    },
  });
}

describe.each(['8.8', '10.3'] as const)('a media post on a %s hub', (hubVersion) => {
  const linkFirst = hubVersion === '10.3';

  it(`reads the photo link ${linkFirst ? 'before' : 'after'} the text as the media`, async () => {
    const site = createFakeSite({ hubVersion });
    const { item } = await onFake(site).items.update({ body: 'With a photo', media: png() });
    const link = /\[zrl=[^\]]+\]\[zmg=[^\]]+\]shot\.png\[\/zmg\]\[\/zrl\]/;
    expect(item.body).toMatch(link);
    expect(item.body.startsWith('With a photo')).toBe(!linkFirst);
    expect(item.body.endsWith('With a photo')).toBe(linkFirst);
  });

  it('reads a plain file listed in attach as the media', async () => {
    const site = createFakeSite({ hubVersion });
    const file = new File(['plain text'], 'notes.txt', { type: 'text/plain' });
    const { item } = await onFake(site).items.update({ body: 'With a file', media: file });
    expect(item.body).toBe('With a file');
    expect(JSON.stringify(item.attach)).toContain('notes.txt');
  });

  it('an answer with the text alone is media_not_attached, with the stored id', async () => {
    const site = createFakeSite({ hubVersion });
    const lost = onFake(site, (answer) => {
      answer.item.body = 'With a photo';
      answer.item.attach = '';
    });
    await expect(lost.items.update({ body: 'With a photo', media: png() })).rejects.toMatchObject({
      code: 'media_not_attached',
      message: expect.stringMatching(/stored item \d+ without its media/),
    });
  });
});
