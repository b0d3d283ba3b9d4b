import fc from 'fast-check';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { decodeBase64 } from '../../src/core/body/base64.js';
import { liftBase64Member } from '../../src/core/body/base64-member.js';
import type { CollectedBody } from '../../src/core/body/body-collector.js';
import { ValidationError } from '../../src/index.js';
import { alice, on } from '../native/hub.js';
import { hubzillaJson } from '../support/fixtures.js';
import { useMswServer } from '../support/msw.js';

const { server } = useMswServer();
const encode = (text: string) => new TextEncoder().encode(text);
/** A body as PHP writes it: `/` escaped as `\/`. */
const phpBody = (base64: string, before = '"filename":"a.bin",') =>
  encode(`{"attach":{${before}"content":"${base64.replaceAll('/', '\\/')}","start":0}}`);

/** Hands `body` to a fresh collector cut at `cuts` (positions), as a socket would deliver it. */
function collect(
  body: Uint8Array,
  cuts: number[] = [],
  expected?: number,
  lift: typeof liftBase64Member = liftBase64Member,
): CollectedBody {
  const collector = lift('content', expected);
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    collector.add(body.subarray(from, Math.max(from, cut)));
    from = Math.max(from, cut);
  }
  collector.add(body.subarray(from));
  return collector.finish();
}
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
/** The strict reference: what `JSON.parse` and a regex-checked decode make of the member. */
const STRICT = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

describe('liftBase64Member: a body collector', () => {
  it('decodes any bytes exactly, however the body is cut into pieces, and leaves the rest to parse', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 200_000 }),
        fc.array(fc.nat(300_000), { maxLength: 40 }),
        fc.option(fc.nat(300_000), { nil: undefined }),
        (data, cuts, expected) => {
          const body = phpBody(Buffer.from(data).toString('base64'));
          const { bytes, lifted } = collect(body, cuts, expected);
          expect(lifted).toBeDefined();
          expect(Buffer.from(lifted!).equals(Buffer.from(data))).toBe(true);
          expect(JSON.parse(text(bytes))).toEqual({ attach: { filename: 'a.bin', content: '', start: 0 } });
        },
      ),
      { numRuns: 60, seed: 7 },
    );
  });

  it('agrees with a strict decoder on random corruptions, cut anywhere', () => {
    const alphabet = 'ABCQUJDRabc0189+/=\\-_ \néŁ"*%';
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 60 }),
        fc.array(fc.tuple(fc.nat(100), fc.constantFrom(...alphabet)), { maxLength: 3 }),
        fc.array(fc.nat(120), { maxLength: 6 }),
        (data, edits, cuts) => {
          const chars = [...Buffer.from(data).toString('base64')];
          for (const [at, char] of edits) chars.splice(at % (chars.length + 1), 0, char);
          const base64 = chars.join('');
          // As PHP would write it, unless the edit is itself a backslash: then it stays raw.
          const member = base64.replaceAll('/', '\\/').replaceAll('\\\\/', '\\/');
          const body = encode(`{"attach":{"content":"${member}"}}`);
          let parsed: string | undefined;
          try {
            parsed = JSON.parse(text(body)).attach.content as string;
          } catch {}
          const valid = parsed !== undefined && STRICT.test(parsed) && !member.includes('\\u');
          // What files.data makes of it: the lifted bytes if the parsed rest holds the member
          // empty, else the member as parsed, decoded strictly; any failure is a refusal.
          const outcome = (): Uint8Array => {
            let collected: CollectedBody;
            try {
              collected = collect(body, cuts);
            } catch (error) {
              expect(error).toBeInstanceOf(ValidationError);
              throw error;
            }
            const { bytes, lifted } = collected;
            const content = JSON.parse(text(bytes)).attach.content as string;
            return lifted !== undefined && content === '' ? lifted : decodeBase64(content);
          };
          if (valid) expect(Buffer.from(outcome()).equals(Buffer.from(parsed!, 'base64'))).toBe(true);
          else expect(outcome).toThrow();
        },
      ),
      { numRuns: 3000, seed: 11 },
    );
  });

  it.each([
    ['a character outside the alphabet', 'QUJD*EVG'],
    ['base64url', 'QUJD-_VG'],
    ['padding inside', 'QU==QUJD'],
    ['three padding characters', 'QUJDR==='],
    ['a length that is no whole quad', 'QUJDR'],
    ['a non-ASCII byte', 'QUJDé0VG'],
    ['a non-ASCII character that Node would read as A (U+0141)', 'QUJDŁ0VG'],
    ['white space', 'QUJD RVG'],
  ])('refuses %s with a ValidationError, in one piece or byte by byte', (_, base64) => {
    const body = phpBody(base64);
    expect(() => collect(body)).toThrow(ValidationError);
    expect(() => collect(body, [...body.keys()])).toThrow(ValidationError);
  });

  it("refuses any escape but PHP's \\/ (base64 never needs one)", () => {
    for (const body of [
      '{"attach":{"content":"QU\\u004aD"}}',
      '{"attach":{"content":"QU\\nJD"}}',
      '{"attach":{"content":"QUJ\\\\"}}',
    ])
      expect(() => collect(encode(body))).toThrow(ValidationError);
  });

  it('leaves bodies without the member, or with it past 64 KiB, whole to the JSON parser', () => {
    for (const body of [
      '{"attach":{"filename":"x"}}',
      '',
      `{"pad":"${'x'.repeat(70_000)}","content":"QUJD"}`,
    ]) {
      const collected = collect(encode(body), [10, 40_000, 66_000]);
      expect(collected.lifted).toBeUndefined();
      expect(text(collected.bytes)).toBe(body);
    }
  });

  it('finds the member when its name is cut between pieces', () => {
    const body = phpBody('QUJD');
    const at = text(body).indexOf('"content"');
    for (let cut = at; cut < at + 12; cut++) expect(text(collect(body, [cut]).lifted!)).toBe('ABC');
  });

  it('hands out a right-sized copy, not a view of a buffer mostly empty', () => {
    const { lifted } = collect(phpBody('QUJD'), [], 1024 * 1024);
    expect(lifted!.buffer.byteLength).toBe(3);
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

describe('liftBase64Member without Node’s Buffer (browsers: atob)', () => {
  it('decodes exactly and refuses the same corruptions', async () => {
    const NodeBuffer = Buffer;
    vi.stubGlobal('Buffer', undefined);
    vi.resetModules();
    try {
      const { liftBase64Member: lift } = await import('../../src/core/body/base64-member.js');
      const { ValidationError: BrowserValidationError } = await import(
        '../../src/core/errors/validation-error.js'
      );
      const run = (body: Uint8Array, cuts: number[]) => collect(body, cuts, undefined, lift);
      fc.assert(
        fc.property(
          fc.uint8Array({ maxLength: 5000 }),
          fc.array(fc.nat(8000), { maxLength: 8 }),
          (data, cuts) => {
            const { lifted } = run(phpBody(NodeBuffer.from(data).toString('base64')), cuts);
            expect(NodeBuffer.from(lifted!).equals(NodeBuffer.from(data))).toBe(true);
          },
        ),
        { numRuns: 40, seed: 3 },
      );
      for (const base64 of [
        'QUJD*EVG',
        'QUJD-_VG',
        'QU==QUJD',
        'QUJDR===',
        'QUJDR',
        'QUJDé0VG',
        'QUJDŁ0VG',
        'QUJD RVG',
      ])
        expect(() => run(phpBody(base64), [25])).toThrow(BrowserValidationError);
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});

describe('files.data reads its body through the collector', () => {
  it('an error about the record quotes the body without the chunk’s base64 (never held as text)', async () => {
    const attach = (hubzillaJson('50-filedata-start0_length1000.txt') as { attach: Record<string, unknown> })
      .attach;
    const content = Buffer.alloc(3000, 7).toString('base64');
    server.use(
      on('filedata', () =>
        HttpResponse.json({ attach: { ...attach, filesize: 'many', length: 3000, content } }),
      ),
    );
    const error = await alice()
      .files.data({ file_id: 'a96cb502', length: 3000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    const { rawBody } = error as ValidationError;
    // The base64's place holds the call's random mark (see files.data).
    expect(rawBody).toMatch(/"content":"lifted:[0-9a-z]+"/);
    expect(rawBody).not.toContain(content.slice(0, 40));
  });
});
