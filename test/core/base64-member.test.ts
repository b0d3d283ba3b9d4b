import fc from 'fast-check';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { liftBase64Member } from '../../src/core/base64-member.js';
import { ValidationError } from '../../src/index.js';
import { alice, on } from '../native/hub.js';
import { hubzillaJson } from '../support/fixtures.js';
import { useMswServer } from '../support/msw.js';

const { server } = useMswServer();
const encode = (text: string) => new TextEncoder().encode(text);
/** A body as PHP writes it: `/` escaped as `\/`. */
const phpBody = (base64: string, before = '"filename":"a.bin",') =>
  encode(`{"attach":{${before}"content":"${base64.replaceAll('/', '\\/')}","start":0}}`);

describe('liftBase64Member', () => {
  it('decodes any bytes exactly, across its pieces, and leaves the rest to parse', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200_000 }), (data) => {
        const lifted = liftBase64Member(phpBody(Buffer.from(data).toString('base64')), 'content');
        expect(lifted).toBeDefined();
        expect(Buffer.from(lifted!.bytes).equals(Buffer.from(data))).toBe(true);
        expect(JSON.parse(lifted!.json)).toEqual({ attach: { filename: 'a.bin', content: '', start: 0 } });
      }),
      { numRuns: 40, seed: 7 },
    );
  });

  it.each([
    ['a character outside the alphabet', 'QUJD*EVG'],
    ['base64url', 'QUJD-_VG'],
    ['padding inside', 'QU==QUJD'],
    ['three padding characters', 'QUJDR==='],
    ['a length that is no whole quad', 'QUJDR'],
    ['a non-ASCII byte', 'QUJDé0VG'],
  ])('refuses %s with a ValidationError', (_, base64) => {
    expect(() => liftBase64Member(phpBody(base64), 'content')).toThrow(ValidationError);
  });

  it("refuses any escape but PHP's \\/ (base64 never needs one)", () => {
    expect(() => liftBase64Member(encode('{"attach":{"content":"QU\\u004aD"}}'), 'content')).toThrow(
      ValidationError,
    );
    expect(() => liftBase64Member(encode('{"attach":{"content":"QU\\nJD"}}'), 'content')).toThrow(
      ValidationError,
    );
    expect(() => liftBase64Member(encode('{"attach":{"content":"QU\\u002eJD"}}'), 'content')).toThrow(
      ValidationError,
    );
  });

  it('leaves bodies without the member to the JSON parser', () => {
    expect(liftBase64Member(encode('{"attach":{"filename":"x"}}'), 'content')).toBeUndefined();
    expect(liftBase64Member(encode(''), 'content')).toBeUndefined();
  });
});

describe('files.data with a lifted content', () => {
  const recorded = (hubzillaJson('50-filedata-start0_length1000.txt') as { attach: Record<string, unknown> })
    .attach;

  it('decodes the real content when a hostile body nests another "content" before it', async () => {
    const real = Buffer.from('the real bytes!!').toString('base64');
    const decoy = Buffer.from('decoy').toString('base64');
    const { content: _, ...rest } = recorded;
    const attach = { extra: { content: decoy }, ...rest, length: 16, content: real };
    const body = JSON.stringify({ attach });
    expect(body.indexOf(decoy)).toBeLessThan(body.indexOf(real));
    server.use(on('filedata', () => new HttpResponse(body)));
    const chunk = await alice({ validation: 'off' }).files.data({ file_id: 'a96cb502', length: 16 });
    expect(new TextDecoder().decode(chunk.bytes)).toBe('the real bytes!!');
  });

  it('still fails on corrupted base64 in the lifted member', async () => {
    const attach = { ...recorded, content: 'QUJD*EVG', length: 6 };
    server.use(on('filedata', () => HttpResponse.json({ attach })));
    await expect(alice().files.data({ file_id: 'a96cb502', length: 6 })).rejects.toThrow(/corrupted base64/);
  });
});
