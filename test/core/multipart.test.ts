import { describe, expect, it } from 'vitest';
import { encodeMultipart } from '../../src/core/request/multipart.js';

describe('encodeMultipart', () => {
  it('round-trips fields and files through the platform’s multipart parser', async () => {
    const form = new FormData();
    form.append('body', 'line one\nline two');
    form.append('groups_allow[]', '3');
    form.append('groups_allow[]', '4');
    form.append('media', new Blob([new Uint8Array([0, 1, 2, 255])], { type: 'image/png' }), 'a "b".png');
    form.append('raw', new Blob([new Uint8Array([9])]), 'raw.bin');
    const { body, contentType } = encodeMultipart(form);
    const parsed = await new Response(body.stream(), { headers: { 'Content-Type': contentType } }).formData();
    expect(parsed.get('body')).toBe('line one\r\nline two');
    expect(parsed.getAll('groups_allow[]')).toEqual(['3', '4']);
    const media = parsed.get('media') as File;
    expect(media.name).toBe('a "b".png');
    expect(media.type).toBe('image/png');
    expect([...new Uint8Array(await media.arrayBuffer())]).toEqual([0, 1, 2, 255]);
    expect((parsed.get('raw') as File).type).toBe('application/octet-stream');
  });

  it('is byte-for-byte what undici sends for the same form and boundary', async () => {
    const form = new FormData();
    form.append('a', 'x\ny');
    form.append('f', new Blob([new Uint8Array([1, 2, 3])], { type: 'text/plain' }), 'f.txt');
    const ours = encodeMultipart(form, 'BOUNDARY');
    const theirs = new Request('http://x/', { method: 'POST', body: form });
    const boundary = /boundary=(.+)$/.exec(theirs.headers.get('content-type') ?? '')![1]!;
    const expected = (await theirs.text()).replaceAll(boundary, 'BOUNDARY');
    expect(await new Response(ours.body.stream()).text()).toBe(expected);
  });
});
