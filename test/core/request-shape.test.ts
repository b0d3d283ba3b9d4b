import { describe, expect, it } from 'vitest';
import { encodeMultipart, multipartSize } from '../../src/core/request/multipart.js';
import { formBody } from '../../src/core/request/query.js';
import { requestShape, uploadNameProblem } from '../../src/core/request/request-shape.js';
import { sdkFieldsFirst } from '../../src/core/request/sdk-fields.js';

describe('requestShape', () => {
  it('the query as sent: every name[] entry one by one, in order', () => {
    const shape = requestShape({ query: { channel: 'alice2', ids: [1, 2, 3], none: undefined, flag: true } });
    expect(shape).toEqual({
      query: [
        ['channel', 'alice2'],
        ['ids[]', '1'],
        ['ids[]', '2'],
        ['ids[]', '3'],
        ['flag', '1'],
      ],
    });
  });

  it('a urlencoded body: its fields and its size in bytes as sent (UTF-8, percent-encoded)', () => {
    const body = formBody({ body: 'héllo wörld 🙂 & =', list: ['a', 'b'] }) as URLSearchParams;
    const shape = requestShape({ body });
    expect(shape.body).toEqual({
      fields: [
        ['body', 'héllo wörld 🙂 & ='],
        ['list[]', 'a'],
        ['list[]', 'b'],
      ],
      files: [],
      size: new TextEncoder().encode(body.toString()).byteLength,
    });
  });

  it('a multipart body: text fields, file parts with their sizes, and the exact size encodeMultipart sends', async () => {
    const body = formBody(
      { body: 'line one\nline two\r\n🙂', 'names[]': ['é', 'x"y'], channel: 'alice2' },
      { media: new File([new Uint8Array(1234)], 'Ünïcode "name".png'), photo: new Blob(['abc']) },
    ) as FormData;
    const shape = requestShape({ body });
    expect(shape.body?.files).toEqual([
      { field: 'media', fileName: 'Ünïcode "name".png', size: 1234 },
      { field: 'photo', fileName: 'photo', size: 3 },
    ]);
    expect(shape.body?.fields.map(([name]) => name)).toEqual(['body', 'names[][]', 'names[][]', 'channel']);
    const encoded = encodeMultipart(body);
    expect(shape.body?.size).toBe(encoded.body.size);
    expect(multipartSize(body)).toBe((await encoded.body.arrayBuffer()).byteLength);
  });
});

describe('uploadNameProblem: the file name PHP reads is the one given', () => {
  it.each([
    ['shell.php\0.png', /NUL.*"shell\.php"/],
    ['a/b.png', /\//],
    ['a\\b.png', /\\/],
    ['cr\r.png', /control/],
    ['del\u007f.png', /control/],
  ])('%j → %s', (name, problem) => {
    expect(uploadNameProblem(name)).toMatch(problem);
  });

  it.each(['cat.png', 'Ünïcode name.jpg', 'a b (1).gif', '.hidden'])('%j is fine', (name) => {
    expect(uploadNameProblem(name)).toBeUndefined();
  });
});

describe('sdkFieldsFirst', () => {
  it('the SDK fields first; a caller field PHP reads as one of them is left out', () => {
    const fields = sdkFieldsFirst(
      { channel: 'alice2' },
      {
        body: 'x',
        channel: 'bob',
        'channel[]': 'bob',
        ' channel': 'bob',
        'channel[a]': 'bob',
        'channel\0x': 'bob',
        channels: 'kept',
      },
    );
    expect(Object.entries(fields)).toEqual([
      ['channel', 'alice2'],
      ['body', 'x'],
      ['channels', 'kept'],
    ]);
  });
});
