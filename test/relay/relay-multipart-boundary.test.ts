import { describe, expect, it } from 'vitest';
import { DEFAULT_HUB_ALLOW } from '../../src/relay.js';
import { ask, PASSWORD, relayOver } from './in-process.js';

/** Issue 39: a browser's `fetch(url, { body: formData })` names a boundary of mixed case. */

const BOUNDARY = '----WebKitFormBoundaryQx7zR2mKpL9vTb4W';
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A multipart body as Chromium writes it: its own boundary, a text part and a file part. */
function chromiumForm(): Uint8Array<ArrayBuffer> {
  const head = [
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="body"\r\n\r\nA picture\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="media"; filename="dot.png"\r\nContent-Type: image/png\r\n\r\n`,
  ].join('');
  const tail = `\r\n--${BOUNDARY}--\r\n`;
  const encoder = new TextEncoder();
  return new Uint8Array([...encoder.encode(head), ...PNG, ...encoder.encode(tail)]);
}

describe('multipart read as browsers write it', () => {
  it('keeps the boundary’s case (only the media type is read without case) and forwards the file', async () => {
    const { relay, sent } = relayOver(() => Response.json({ success: true }), {
      hub: {
        baseUrl: 'https://hub.example/',
        username: 'alice',
        password: PASSWORD,
        allow: { ...DEFAULT_HUB_ALLOW, 'item/update': ['POST'] },
      },
    });
    for (const type of [
      `multipart/form-data; boundary=${BOUNDARY}`,
      `Multipart/Form-Data; boundary=${BOUNDARY}`,
    ]) {
      const answer = await ask(relay, '/api/z/1.0/item/update', {
        method: 'POST',
        headers: { 'Content-Type': type },
        body: chromiumForm(),
      });
      expect([type, answer.status]).toEqual([type, 200]);
    }
    expect(sent).toHaveLength(2);
    const form = await (sent[0] as Request).formData();
    expect(form.get('body')).toBe('A picture');
    const media = form.get('media') as File;
    expect([media.name, [...new Uint8Array(await media.arrayBuffer())]]).toEqual(['dot.png', PNG]);
  });
});
