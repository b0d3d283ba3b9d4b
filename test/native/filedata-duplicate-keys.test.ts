import { describe, expect, it } from 'vitest';
import { NativeClient, ValidationError } from '../../src/index.js';
import { hubzillaJson } from '../support/fixtures.js';
import { useLoopbackServer } from '../support/loopback.js';

/*
 * A `filedata` answer is read as it arrives: its `content` is decoded on the way (the first one
 * met), the rest parsed after (where JSON.parse keeps the LAST of a key written twice). A hostile
 * hub can then put one file's bytes under another's record. Such answers are refused. Over real
 * HTTP: the decoding happens piece by piece as the socket hands the body over.
 */

const loopback = useLoopbackServer();
const recorded = (hubzillaJson('50-filedata-start0_length1000.txt') as { attach: Record<string, unknown> })
  .attach;
/** Another file's bytes, as long as the recorded chunk's: what the hostile answer smuggles in. */
const decoyBytes = new Uint8Array(1000).fill(0x41);
const decoy = { ...recorded, content: Buffer.from(decoyBytes).toString('base64'), length: 1000 };

async function chunkFrom(body: string) {
  const baseUrl = await loopback.serve((_, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=UTF-8' });
    // In pieces, as a real hub's answer arrives.
    response.write(body.slice(0, 700));
    setTimeout(() => response.end(body.slice(700)), 10);
  });
  const hub = new NativeClient({ baseUrl, username: 'alice', password: 'pw', retry: 0 });
  return hub.files.data({ file_id: String(recorded.hash), start: 0, length: 1000 });
}

describe('filedata with a key written twice is refused (ValidationError), never the first copy’s bytes', () => {
  it('"content" twice: other bytes first, an empty one last', async () => {
    const body = `{"attach":${JSON.stringify(decoy).slice(0, -1)},"content":""}}`;
    const error = await chunkFrom(body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toContain('"content" twice');
  });

  it('"attach" twice: another file’s record and bytes first, this one’s with no content last', async () => {
    const body = `{"attach":${JSON.stringify({ ...decoy, filename: 'other.bin' })},"attach":${JSON.stringify({ ...recorded, content: '', length: 1000 })}}`;
    const error = await chunkFrom(body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toContain('"attach" twice');
  });

  it.each(['start', 'length'])('"%s" twice', async (key) => {
    const body = `{"attach":${JSON.stringify(recorded).slice(0, -1)},"${key}":0}}`;
    await expect(chunkFrom(body)).rejects.toBeInstanceOf(ValidationError);
  });

  it('a key spelt with an escape counts as the same key', async () => {
    const body = `{"attach":${JSON.stringify(decoy).slice(0, -1)},"con\\u0074ent":""}}`;
    await expect(chunkFrom(body)).rejects.toBeInstanceOf(ValidationError);
  });

  it('a "content" nested elsewhere before attach’s own (no key twice) is never taken for it', async () => {
    const body = `{"x":{"content":"${decoy.content}"},"attach":${JSON.stringify({ ...recorded, content: '' })}}`;
    const result = await chunkFrom(body).catch((e: unknown) => e);
    // attach says "no content" while promising 1000 bytes: refused, never the decoy's bytes.
    expect(result).toBeInstanceOf(ValidationError);
  });

  it('the honest answer still reads', async () => {
    const chunk = await chunkFrom(JSON.stringify({ attach: recorded }));
    expect(chunk.bytes.length).toBe(1000);
    expect(chunk.bytes).toEqual(new Uint8Array(Buffer.from(String(recorded.content), 'base64')));
  });
});
