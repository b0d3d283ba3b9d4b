import { describe, expect, it } from 'vitest';
import { ApiError, NotFoundError, SdkError } from '../../src/core/errors/index.js';
import type { ItemUpdateParams } from '../../src/native/index.js';
import { useMswServer } from '../support/msw.js';
import { alice, on, params, recorded, replay } from './hub.js';

const { server, requests } = useMswServer();
const BOB = 'JjUCDgbhwTpnw04PRqHNMvCLuNhbomIMfeozcnmuEdzSQkwBKYtWUnFhQ9_8lDBXbGa3vBajBNypIHZXyA97gA';

/** Answers item/update with a recorded exchange, keeping the multipart form (read in the handler). */
function capturing(name: string): { form: () => FormData } {
  let form: FormData | undefined;
  server.use(
    on('item/update', async (request) => {
      form = await request.formData();
      return recorded(name);
    }),
  );
  return { form: () => form ?? new FormData() };
}

/** The single form the SDK posted, as name → values. */
async function posted(): Promise<URLSearchParams> {
  expect(requests).toHaveLength(1);
  expect(requests[0]?.method).toBe('POST');
  return params(requests[0]!);
}

describe('items.update', () => {
  it('creates a post with a urlencoded POST and returns {item_id, item} normalized (40)', async () => {
    server.use(replay('item/update', '40-item_update-new_post.txt'));
    const result = await alice().items.update({
      body: 'Hello world, first post from the API',
      title: 'First post',
    });
    const form = await posted();
    expect(requests[0]?.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(new URL(requests[0]!.url).search).toBe('');
    // A new item's message id, chosen by the SDK (a random UUID), so that a retry cannot post twice.
    expect(Object.fromEntries(form)).toEqual({
      body: 'Hello world, first post from the API',
      title: 'First post',
      message_id: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
    });
    expect(result.item_id).toBe(1);
    expect(result.item).toMatchObject({
      id: 1,
      parent: 1,
      item_private: 1,
      item_wall: true,
      title: 'First post',
    });
    expect(result.item.created).toEqual(new Date(Date.UTC(2026, 10, 22, 2, 52, 13)));
  });

  it('sends an empty ACL list as an empty field (public) and categories comma-joined (41)', async () => {
    server.use(replay('item/update', '41-item_update-public_post_empty_acl.txt'));
    await alice().items.update({ body: 'A public post', contact_allow: [], category: ['testing', 'api'] });
    const form = await posted();
    expect(form.getAll('contact_allow')).toEqual(['']);
    expect(form.get('category')).toBe('testing,api');
  });

  it('sends ACL lists as name[] fields (49g) and accepts the comma-string form (49f)', async () => {
    server.use(replay('item/update', '49g-item_update-contact_allow_array.txt'));
    await alice().items.update({ body: 'Only for Bob', contact_allow: [BOB, 'other'], group_deny: ['g1'] });
    const form = await posted();
    expect(form.getAll('contact_allow[]')).toEqual([BOB, 'other']);
    expect(form.getAll('group_deny[]')).toEqual(['g1']);
    expect(form.has('contact_allow')).toBe(false);
  });

  it('comments via parent (42) or parent_mid, edits via post_id (43)', async () => {
    server.use(replay('item/update', '42-item_update-comment_via_parent.txt'));
    const comment = await alice().items.update({ body: 'A comment on the public post', parent: 3 });
    expect(comment.item).toMatchObject({ id: 5, parent: 3 });
    expect((await params(requests[0]!)).get('parent')).toBe('3');
    await alice().items.update({ body: 'c', parent_mid: 'http://hub/item/x' });
    expect((await params(requests[1]!)).get('parent_mid')).toBe('http://hub/item/x');
    server.use(replay('item/update', '43-item_update-edit_via_post_id.txt'));
    const edit = await alice().items.update({ body: 'edited', post_id: 1 });
    expect((await params(requests[2]!)).get('post_id')).toBe('1');
    expect(edit.item.title).toBe('First post (edited)');
  });

  it('maps app → source and plink → permalink, the names the hub reads (48)', async () => {
    server.use(replay('item/update', '48-item_update-source_and_message_id.txt'));
    const created = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    await alice().items.update({
      body: 'b',
      app: 'MySDK',
      plink: 'https://x/1',
      message_id: 'sdk-test-0001',
      created,
      nocomment: true,
    });
    const form = await posted();
    expect(form.get('source')).toBe('MySDK');
    expect(form.get('permalink')).toBe('https://x/1');
    expect(form.has('app') || form.has('plink')).toBe(false);
    expect(form.get('created')).toBe('2026-01-02 03:04:05');
    expect(form.get('nocomment')).toBe('1');
  });

  it('uploads media as multipart with the file part "media" (44)', async () => {
    const sent = capturing('44-item_update-with_media_upload.txt');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'media-upload.jpg', { type: 'image/jpeg' });
    const result = await alice().items.update({
      body: 'Post with an attached image',
      title: 'Media post',
      media: photo,
    });
    expect(requests[0]?.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    const form = sent.form();
    const media = form.get('media') as File;
    expect(media.name).toBe('media-upload.jpg');
    expect(media.type).toBe('image/jpeg');
    expect(new Uint8Array(await media.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
    expect(form.get('title')).toBe('Media post');
    expect(result.item_id).toBe(8);
  });

  it('accepts bytes as media, and media without body text', async () => {
    const sent = capturing('44-item_update-with_media_upload.txt');
    await alice().items.update({ body: '', media: new Uint8Array([1, 2, 3]) });
    const media = sent.form().get('media') as File;
    expect(new Uint8Array(await media.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('never sends dropitems, which deletes items (49): refused as an unknown parameter, before any request', async () => {
    server.use(replay('item/update', '40-item_update-new_post.txt'));
    const update = alice().items.update({ body: 'x', dropitems: 34 } as ItemUpdateParams);
    await expect(update).rejects.toThrow(/"dropitems" is not a parameter of items.update/);
    expect(requests).toHaveLength(0);
  });

  it('refuses a missing body and both parent and parent_mid before any request (45)', async () => {
    const items = alice().items;
    await expect(items.update({ title: 'no body here' } as ItemUpdateParams)).rejects.toThrow(/no content/);
    await expect(items.update({ body: '   ' })).rejects.toBeInstanceOf(SdkError);
    await expect(items.update({ body: 'b', parent: 1, parent_mid: 'm' })).rejects.toBeInstanceOf(SdkError);
    await expect(items.update({ body: 'b', post_id: 0 })).rejects.toBeInstanceOf(SdkError);
    expect(requests).toHaveLength(0);
  });

  it('maps the empty answer to an unknown post_id (47, 49d) to NotFoundError naming it', async () => {
    server.use(replay('item/update', '47-item_update-edit_unknown_post_id.txt'));
    const error = await alice()
      .items.update({ body: 'edit of nothing', post_id: 99999 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 200, method: 'POST' });
    expect((error as Error).message).toContain('99999');
  });

  it('reads an empty answer to a media post as a failure, not "not found"', async () => {
    server.use(replay('item/update', '47-item_update-edit_unknown_post_id.txt'));
    const error = await alice()
      .items.update({ body: 'x', media: new Blob(['x']) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(NotFoundError);
  });

  it.each([
    ['49c-item_update-comment_unknown_parent.txt', 'invalid post id'],
    ['49e-item_update-allow_empty.txt', 'operation cancelled'],
  ])('maps {success: false, message} of %s to ApiError with code "%s"', async (name, message) => {
    server.use(on('item/update', () => recorded(name)));
    const error = await alice()
      .items.update({ body: 'orphan comment', parent: 99999 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: message, status: 200, body: { success: false, message } });
    expect((error as Error).message).toContain(message);
  });
});

describe('items.full', () => {
  it('reads a whole thread by item_id (82) and by mid (83)', async () => {
    server.use(replay('item/full', '82-item_full-item_id.txt'));
    const thread = await alice().items.full({ item_id: 3 });
    expect(requests[0]?.method).toBe('GET');
    expect(new URL(requests[0]!.url).searchParams.get('item_id')).toBe('3');
    expect(thread).toHaveLength(3);
    expect(thread[0]).toMatchObject({ id: 3, parent: 3, item_wall: true, title: 'Public post' });
    server.use(replay('item/full', '83-item_full-mid.txt'));
    const mid = 'http://127.0.0.1:8088/item/621b5275-394d-4e50-99cc-0a78aed6fab9';
    await alice().items.full({ mid });
    expect(new URL(requests[1]!.url).searchParams.get('mid')).toBe(mid);
  });

  it('keeps [] (a comment, an unknown id: 84, 84b) as []', async () => {
    server.use(replay('item/full', '84b-item_full-unknown_item_id.txt'));
    await expect(alice().items.full({ item_id: 99999 })).resolves.toEqual([]);
  });

  it('needs exactly one of item_id and mid, checked before any request', async () => {
    const items = alice().items;
    await expect(items.full({} as { item_id: number })).rejects.toBeInstanceOf(SdkError);
    await expect(items.full({ item_id: 3, mid: 'm' } as unknown as { mid: string })).rejects.toThrow(
      /exactly one/,
    );
    expect(requests).toHaveLength(0);
  });
});
