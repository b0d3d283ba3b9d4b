import { describe, expect, it } from 'vitest';
import { PHP_DEFAULT_LIMITS } from '../../src/core/request/php-limits.js';
import { ArgumentError, NativeClient } from '../../src/index.js';
import { Params } from '../../src/testing/http/params.js';
import { createFakeSite, type FakeSite } from '../../src/testing/index.js';
import { solidJpeg, solidPng } from '../../src/testing/seed/images.js';
import { appToken, call, hub } from './helpers.js';

/*
 * Issue 38: the fake cuts requests where PHP does (see test/testing/php-limits.test.ts for the
 * model against recorded PHP), so what the applications then do follows: a cut `channel` posts as
 * the account's default channel, a file PHP refused is no file.
 */

const ALICE_ID = 2;
const ALICE2_ID = 5;

/** An item/update body as NativeClient sends it: the fields, a list, then `channel` last. */
function itemBody(denied: number, channel = 'alice2'): string {
  const deny = Array.from(
    { length: denied },
    (_, at) => `contact_deny[]=${encodeURIComponent(`hash-${at}`)}`,
  );
  return ['body=Hello%20from%20alice2', ...deny, `channel=${channel}`].join('&');
}

async function postItem(site: FakeSite, body: string) {
  const response = await hub(site, 'item/update', {
    method: 'POST',
    headers: {
      Authorization: `Basic ${btoa('alice:secret-pass')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body,
  });
  return (await response.json()) as { success: boolean; item_id: number; message?: string };
}

/** `count` distinct xchan-like hashes. */
const hashesOf = (count: number) =>
  Array.from({ length: count }, (_, at) => `xchan-${String(at).padStart(4, '0')}`);

const storedItem = (site: FakeSite, id: number) =>
  site.state.hub.items.find((item) => item.row.id === id)?.row;

describe('max_input_vars: the cut channel of the live hub (issue 38)', () => {
  it('1,100 contact_deny entries, then channel: the post lands in alice, the default channel', async () => {
    const site = createFakeSite();
    const answer = await postItem(site, itemBody(1100));
    expect(answer.success).toBe(true);
    const row = storedItem(site, answer.item_id);
    expect(row?.uid).toBe(ALICE_ID);
    // The entries past the cut are no longer denied.
    expect(row?.deny_cid).toContain('<hash-0>');
    expect(row?.deny_cid).not.toContain('<hash-1000>');
  });

  it('5 entries post as alice2; so do 999 (with body and channel, the 1,001 fields PHP keeps of a body)', async () => {
    const site = createFakeSite();
    expect(storedItem(site, (await postItem(site, itemBody(5))).item_id)?.uid).toBe(ALICE2_ID);
    // A body keeps max_input_vars + 1 fields (a query max_input_vars): recorded from PHP 8.2.
    expect(storedItem(site, (await postItem(site, itemBody(999))).item_id)?.uid).toBe(ALICE2_ID);
    expect(storedItem(site, (await postItem(site, itemBody(1000))).item_id)?.uid).toBe(ALICE_ID);
  });

  it("a site's own max_input_vars (serverLimits) keeps them all", async () => {
    const site = createFakeSite({ serverLimits: { maxInputVars: 3000 } });
    expect(storedItem(site, (await postItem(site, itemBody(1100))).item_id)?.uid).toBe(ALICE2_ID);
  });
});

describe('the live case through NativeClient: the fake agrees with the live hub', () => {
  const site = createFakeSite();
  const client = (serverLimits = {}) =>
    new NativeClient({
      baseUrl: site.url,
      ...site.credentials.channel,
      channel: 'alice2',
      serverLimits,
      fetch: (input, init) => site.handler(new Request(input, init)),
    });
  const deny = (count: number) => hashesOf(count);

  it('1,100 contact_deny entries: refused before sending, nothing stored', async () => {
    const before = site.state.hub.items.length;
    const error = await client()
      .items.update({ body: 'live case', contact_deny: deny(1100) })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ArgumentError);
    expect(site.state.hub.items.length).toBe(before);
  });

  it('5 entries: stored as alice2, every entry denied', async () => {
    const answer = await client().items.update({ body: 'five', contact_deny: deny(5) });
    const row = storedItem(site, answer.item_id);
    expect([row?.uid, row?.deny_cid]).toEqual([
      ALICE2_ID,
      deny(5)
        .map((hash) => `<${hash}>`)
        .join(''),
    ]);
  });

  it('a wrong serverLimits (5000) lets 1,100 out: alice2 (channel goes first), the last 102 entries lost', async () => {
    const answer = await client({ maxInputVars: 5000 }).items.update({
      body: 'wrong',
      contact_deny: deny(1100),
    });
    const row = storedItem(site, answer.item_id);
    expect(row?.uid).toBe(ALICE2_ID);
    // channel, message_id, body and 998 entries: the 1,001 fields PHP keeps of a body.
    expect(row?.deny_cid.match(/</g)?.length).toBe(998);
    expect(row?.deny_cid).not.toContain(`<${deny(1100)[1099]}>`);
  });
});

/** A multipart request read by the fake's PHP model. */
function multipart(form: FormData, limits = {}) {
  const request = new Request('http://fake.test/api.php', { method: 'POST', body: form });
  return Params.read(request, 'hubzilla', { ...PHP_DEFAULT_LIMITS, ...limits });
}

describe('the other limits, through the applications', () => {
  it('max_input_nesting_level: a deeper name drops its whole variable', async () => {
    const deep = `deny${'[x]'.repeat(65)}`;
    const request = new Request(`http://fake.test/x?deny[a]=1&${deep}=2&keep=3`);
    const params = await Params.read(request);
    expect([params.has('deny'), params.get('keep')]).toEqual([false, '3']);
    const atLimit = await Params.read(new Request(`http://fake.test/x?deny${'[x]'.repeat(64)}=2`));
    expect(atLimit.has('deny')).toBe(true);
  });

  it('post_max_size: a longer body reaches the hub with no fields (no content), the query stays', async () => {
    const site = createFakeSite({ serverLimits: { postMaxSize: 1000 } });
    const body = `body=${'x'.repeat(1000)}&channel=alice2`;
    expect(await postItem(site, body)).toEqual({ success: false, message: 'no content' });
    const params = await Params.read(
      new Request('http://fake.test/x?q=1', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      }),
      'hubzilla',
      { ...PHP_DEFAULT_LIMITS, postMaxSize: 1000 },
    );
    expect([params.get('q'), params.has('body'), params.has('channel')]).toEqual(['1', false, false]);
  });

  it('upload_max_filesize: the hub stores the text without the file', async () => {
    const site = createFakeSite({ serverLimits: { uploadMaxFilesize: 1000 } });
    const form = new FormData();
    form.set('body', 'with a picture');
    form.set('media', new Blob([solidPng(200, 200, [200, 10, 10])], { type: 'image/png' }), 'big.png');
    form.set('channel', 'alice2');
    const before = site.state.hub.files.length;
    const answer = (await (await hub(site, 'item/update', { method: 'POST', body: form })).json()) as {
      success: boolean;
      item: { body: string; uid: number };
    };
    expect(answer.success).toBe(true);
    expect(answer.item.body).toBe('with a picture');
    expect(site.state.hub.files.length).toBe(before);
  });

  it.each([
    ['3.0', 'Upload failed. Server cannot handle files larger then: 100'],
    ['3.9', 'Not a valid image. We only accept the following file extensions: jpg, gif, png, jpeg'],
  ] as const)(
    'upload_max_filesize: phpFox %s answers photo.addPhoto with its live load error',
    async (envelope, message) => {
      const site = createFakeSite({ envelope, serverLimits: { uploadMaxFilesize: 100 } });
      const form = new FormData();
      form.set('photo', new Blob([solidJpeg(64, 48, 90)], { type: 'image/jpeg' }), 'a.jpg');
      form.set('photo_name', 'a.jpg');
      const query = new URLSearchParams({ token: await appToken(site), method: 'photo.addPhoto' });
      const before = site.state.app.photos.length;
      const answer = await (await call(site, `api.php?${query}`, { method: 'POST', body: form })).json();
      expect(answer.output ?? answer).toMatchObject({
        error_id: 'photo.photo_add_photo_load',
        error_message: message,
      });
      expect(site.state.app.photos.length).toBe(before);
    },
  );

  it('upload_max_filesize: an upload error is no file', async () => {
    const form = new FormData();
    form.set('media', new Blob([new Uint8Array(101)]), 'a.png');
    const params = await multipart(form, { uploadMaxFilesize: 100 });
    expect([params.file('media'), params.uploadError('media')]).toEqual([undefined, 1]);
  });

  it('max_file_uploads: the files past it are dropped, later fields kept', async () => {
    const form = new FormData();
    for (const name of ['a', 'b', 'media']) form.set(name, new Blob(['x']), `${name}.png`);
    form.set('channel', 'alice2');
    const params = await multipart(form, { maxFileUploads: 2 });
    expect([
      params.file('a')?.name,
      params.file('b')?.name,
      params.file('media'),
      params.get('channel'),
    ]).toEqual(['a.png', 'b.png', undefined, 'alice2']);
  });

  it('a NUL ends a file name: the hub stores shell.php', async () => {
    const site = createFakeSite();
    const form = new FormData();
    form.set('body', 'x');
    form.set('media', new Blob([solidPng(2, 2, [0, 0, 0])], { type: 'image/png' }), 'shell.php\0.png');
    await hub(site, 'item/update', { method: 'POST', body: form });
    expect(site.state.hub.files.at(-1)?.filename).toBe('shell.php');
  });

  it('16,000 list fields are registered (linear, no scan per [] entry)', async () => {
    const many = Array.from({ length: 16_000 }, (_, at) => `l[]=${at}`).join('&');
    const params = await Params.read(
      new Request('http://fake.test/x', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `${many}&a[5]=x&a[]=y&a[k]=z&a[]=w`,
      }),
      'hubzilla',
      { ...PHP_DEFAULT_LIMITS, maxInputVars: 20_000 },
    );
    const list = params.list('l');
    expect([list.length, list[0], list[15_999]]).toEqual([16_000, '0', '15999']);
    // PHP's next index: one past the largest integer key.
    expect(params.list('a')).toEqual(['x', 'y', 'z', 'w']);
  });
});
