import { describe, expect, inject, it } from 'vitest';

/**
 * Issue 39: a page's own `fetch(url, { method: 'POST', body: formData })`, the most common upload
 * there is, through the relay. Chromium writes the body with a boundary of mixed case
 * (`----WebKitFormBoundary…`), which the relay once lower-cased and then could not read (400).
 */
describe('a plain FormData upload from Chromium through the relay', () => {
  const server = inject('fakeServer');
  const session = { [server.session.header]: server.session.value };
  const api = (query: string) => `${server.relayUrl}api.php?${query}`;

  it('reaches the site with its file', async () => {
    const jpeg = new File(
      [new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46])],
      'x.jpg',
      {
        type: 'image/jpeg',
      },
    );
    const form = new FormData();
    form.append('photo', jpeg, 'x.jpg');
    form.append('photo_name', 'from-formdata.jpg');
    // The boundary Chromium writes: the case the relay must keep.
    const type = new Request(server.relayUrl, { method: 'POST', body: form }).headers.get('content-type');
    expect(type).toMatch(
      /^multipart\/form-data; boundary=----WebKitFormBoundary[A-Za-z0-9]*[A-Z][A-Za-z0-9]*$/,
    );

    const answer = await fetch(api('method=photo.addPhoto'), {
      method: 'POST',
      body: form,
      headers: session,
    });
    const added = await answer.json();
    expect([answer.status, added.error]).toEqual([200, undefined]);
    // The site stored it: it answers only once the bytes read as an image and the name as a .jpg
    // (phpFox 3.0, the fake's default, never lists an API upload in photo.getPhotos: its answer is
    // the proof, a URL per stored size).
    const original: string = added.output.original;
    expect(original).toMatch(/\.jpg$/);
    expect(Object.keys(added.output).length).toBeGreaterThan(1);
  });
});
