import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../src/core/http/http-exchange.js';
import { PHP_DEFAULT_LIMITS } from '../../src/core/request/php-limits.js';
import { RequestRefusal, readForm, readLimitedBody, readPageFields } from '../../src/relay/read-request.js';
import { refusePageBreach, refuseUpstreamBreach } from '../../src/relay/server-limits.js';

/*
 * How the relay reads the page's request, unit by unit (issue 39's mutation score on every file):
 * the byte limit at its edge, the form's media type, the count of multipart parts before parsing,
 * and PHP's limits on the page's fields and on the rebuilt request.
 */

const URL_ = 'https://relay.example/api/z/1.0/item/update';
const bytes = (text: string) => new TextEncoder().encode(text);
/** A body of `pieces`, streamed one piece at a time (no `Content-Length`), recording a cancel. */
function streamed(pieces: string[]) {
  const cancelled: unknown[] = [];
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[next++];
      if (piece === undefined) controller.close();
      else controller.enqueue(bytes(piece));
    },
    cancel(reason) {
      cancelled.push(reason ?? 'cancelled');
    },
  });
  const request = new Request(URL_, { method: 'POST', body, duplex: 'half' } as RequestInit);
  return { request, cancelled };
}
const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request(URL_, { method: 'POST', body, headers });
const refusalOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RequestRefusal);
  const { kind, message } = error as RequestRefusal;
  return { kind, message };
};
const tooLarge = (max: number) => ({
  kind: 'too_large',
  message: `The request body passed ${max} bytes (maxRequestBytes)`,
});

describe('readLimitedBody', () => {
  it('takes a body of exactly the limit, declared or streamed, and refuses one byte more', async () => {
    expect(await readLimitedBody(post('abcd', { 'Content-Length': '4' }), 4)).toEqual(bytes('abcd'));
    expect(await refusalOf(readLimitedBody(post('abcde'), 4))).toEqual(tooLarge(4));
    expect(await readLimitedBody(streamed(['ab', 'cd']).request, 4)).toEqual(bytes('abcd'));
    const { request, cancelled } = streamed(['ab', 'cd', 'e', 'never read']);
    expect(await refusalOf(readLimitedBody(request, 4))).toEqual(tooLarge(4));
    expect(cancelled).toHaveLength(1);
  });

  it('refuses a declared length past the limit before reading a byte', async () => {
    const { request, cancelled } = streamed(['x']);
    const lying = new Request(request, { headers: { 'Content-Length': '5' } });
    expect(await refusalOf(readLimitedBody(lying, 4))).toEqual(tooLarge(4));
    expect(lying.bodyUsed).toBe(false);
    expect(cancelled).toEqual([]);
  });

  it('reads no body as empty', async () => {
    expect(await readLimitedBody(new Request(URL_), 4)).toEqual(new Uint8Array(0));
    expect(await readLimitedBody(post(null), 0)).toEqual(new Uint8Array(0));
  });
});

describe('readForm', () => {
  const form = (body: string, type: string | undefined) => {
    const request = new Request(URL_, {
      method: 'POST',
      body: bytes(body),
      ...(type === undefined ? {} : { headers: { 'Content-Type': type } }),
    });
    return readForm(request, bytes(body));
  };

  it('reads an urlencoded form, its media type in any case and with parameters', async () => {
    expect([
      ...((await form('a=1&b=2', 'Application/X-WWW-Form-Urlencoded ; charset=UTF-8')) as URLSearchParams),
    ]).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
  });

  it('reads an empty body without a type as no fields, and refuses any other body that is not a form', async () => {
    expect([...((await form('', undefined)) as URLSearchParams)]).toEqual([]);
    const notForm = { kind: 'bad_request', message: 'A body must be a form (urlencoded or multipart)' };
    expect(await refusalOf(form('a=1', undefined))).toEqual(notForm);
    expect(await refusalOf(form('', 'text/plain'))).toEqual(notForm);
    expect(await refusalOf(form('a=1', 'text/plain; x=application/x-www-form-urlencoded'))).toEqual(notForm);
  });

  it('reads a multipart form with its boundary’s case kept, and refuses a broken one', async () => {
    const body = '--AbC\r\nContent-Disposition: form-data; name="body"\r\n\r\nhi\r\n--AbC--\r\n';
    const read = (await form(body, 'Multipart/Form-Data; boundary=AbC')) as FormData;
    expect([...read]).toEqual([['body', 'hi']]);
    expect(await refusalOf(form('not multipart', 'multipart/form-data; boundary=AbC'))).toEqual({
      kind: 'bad_request',
      message: 'The multipart body could not be read',
    });
  });
});

describe('the count of multipart parts, before parsing', () => {
  const limits = { ...PHP_DEFAULT_LIMITS, maxInputVars: 2, maxFileUploads: 1 };
  const part = (boundary: string, name: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nv\r\n`;
  const body = (boundary: string, count: number) =>
    `${Array.from({ length: count }, (_, index) => part(boundary, `f${index}`)).join('')}--${boundary}--\r\n`;
  const read = (text: string, type: string) =>
    readForm(new Request(URL_, { method: 'POST', headers: { 'Content-Type': type } }), bytes(text), limits);

  it('lets as many parts through as PHP keeps fields and files together, and refuses one more', async () => {
    expect([...((await read(body('b0', 3), 'multipart/form-data; boundary=b0')) as FormData)]).toHaveLength(
      3,
    );
    const { kind, message } = await refusalOf(read(body('b0', 4), 'multipart/form-data; boundary=b0'));
    expect(kind).toBe('bad_request');
    expect(message).toBe(
      'PHP on the server would silently cut this request: 4 parts in the body, over max_input_vars = 2 ' +
        'fields and max_file_uploads = 1 files together. Nothing was sent. Fix: send fewer list entries or ' +
        "split the call into several, or, if the site's php.ini allows more, pass its real limits as " +
        'serverLimits.maxInputVars and serverLimits.maxFileUploads.',
    );
  });

  it('finds the boundary quoted or not, in any parameter case, after other parameters', async () => {
    for (const type of [
      'multipart/form-data; boundary="b 1"',
      'multipart/form-data;BOUNDARY=b 1',
      'multipart/form-data; charset=utf-8;  boundary=b 1',
    ]) {
      // Unquoted, the boundary ends at the space: `b` (which each delimiter `--b 1` holds too).
      await expect(read(body('b 1', 4), type), type).rejects.toThrow('4 parts in the body');
    }
  });

  it('counts delimiters only, without overlaps, and not a boundary’s first byte alone', async () => {
    // `--aa--aa` is one delimiter of `aa--aa`... and two of `aa`: the count is of the boundary given.
    const many = `x-x--${'-'.repeat(40)}\r\n${body('a-a', 3)}`;
    expect([...((await read(many, 'multipart/form-data; boundary=a-a')) as FormData)]).toHaveLength(3);
    // The delimiter at the very end of the body counts (the closing one, without a line end).
    const last = `${part('zz', 'a')}${part('zz', 'b')}${part('zz', 'c')}--zz`;
    await expect(read(`${part('zz', 'd')}${last}`, 'multipart/form-data; boundary=zz')).rejects.toThrow(
      '4 parts in the body',
    );
  });

  it('leaves a body without a boundary to the parser (no boundary is not "undefined")', async () => {
    await expect(read(body('b0', 4), 'multipart/form-data')).rejects.toThrow(
      'The multipart body could not be read',
    );
    await expect(read(body('undefined', 4), 'multipart/form-data')).rejects.toThrow(
      'The multipart body could not be read',
    );
  });

  it('finds a delimiter right after a partial one, and counts overlapping ones once', async () => {
    // `-` then `--a-a`: the candidate at the first `-` fails at its third byte; the next starts one on.
    await expect(read(`-${body('a-a', 4)}`, 'multipart/form-data; boundary=a-a')).rejects.toThrow(
      '4 parts in the body',
    );
    // `--a--a--a`: the closing delimiter and an epilogue `a` hold `--a--a` twice, overlapping.
    const overlapping = `${body('a--a', 3).slice(0, -2)}a`;
    expect([...((await read(overlapping, 'multipart/form-data; boundary=a--a')) as FormData)]).toHaveLength(
      3,
    );
  });
});

describe('readPageFields', () => {
  it('reads the query only for a GET, the query then the body for a POST', async () => {
    const url = new URL(`${URL_}?b=1&a=2`);
    // A GET's body is never read, whatever its headers claim.
    const get = new Request(url, { headers: { 'Content-Type': 'text/plain' } });
    expect(await readPageFields(get, url, 10)).toEqual([
      { where: 'query', name: 'b', value: '1' },
      { where: 'query', name: 'a', value: '2' },
    ]);
    const request = new Request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'c=3&c=4',
    });
    expect(await readPageFields(request, url, 10)).toEqual([
      { where: 'query', name: 'b', value: '1' },
      { where: 'query', name: 'a', value: '2' },
      { where: 'body', name: 'c', value: '3' },
      { where: 'body', name: 'c', value: '4' },
    ]);
  });
});

describe('PHP’s limits on the page’s fields and the rebuilt request', () => {
  const limits = { ...PHP_DEFAULT_LIMITS, maxInputVars: 2, maxFileUploads: 1, uploadMaxFilesize: 4 };
  const none = { query: [], body: [] };
  const refused = (run: () => void) => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(RequestRefusal);
      return (error as RequestRefusal).kind;
    }
    return 'passed';
  };
  const text = (where: 'query' | 'body', name: string) => ({ where, name, value: 'v' }) as const;
  const file = (size: number) =>
    ({ where: 'body', name: 'media', value: new File(['x'.repeat(size)], 'm.png') }) as const;

  it('counts the page’s fields per superglobal, with the relay’s own of each', () => {
    const two = [text('query', 'a'), text('query', 'b')];
    expect(refused(() => refusePageBreach(two, none, limits))).toBe('passed');
    expect(refused(() => refusePageBreach(two, { query: [], body: ['channel'] }, limits))).toBe('passed');
    expect(refused(() => refusePageBreach(two, { query: ['channel'], body: [] }, limits))).toBe(
      'bad_request',
    );
    const body = [text('body', 'a'), text('body', 'b')];
    expect(refused(() => refusePageBreach(body, { query: ['channel'], body: [] }, limits))).toBe('passed');
    expect(refused(() => refusePageBreach(body, { query: [], body: ['channel'] }, limits))).toBe(
      'bad_request',
    );
    expect(refused(() => refusePageBreach([...body, text('query', 'q')], none, limits))).toBe('passed');
  });

  it('counts and sizes the page’s files: a file too large is a 413, too many a 400', () => {
    expect(refused(() => refusePageBreach([file(4)], none, limits))).toBe('passed');
    expect(refused(() => refusePageBreach([file(5)], none, limits))).toBe('too_large');
    expect(refused(() => refusePageBreach([file(1), { ...file(1), name: 'other' }], none, limits))).toBe(
      'bad_request',
    );
    // A file is no field: two fields and a file pass max_input_vars = 2.
    const mixed = [text('body', 'a'), text('body', 'b'), file(1)];
    expect(refused(() => refusePageBreach(mixed, none, limits))).toBe('passed');
  });

  it('refuses a rebuilt request PHP would cut, its body’s size a 413', () => {
    const request = (query: Record<string, string>, body?: string): HttpRequest => ({
      method: body === undefined ? 'GET' : 'POST',
      path: 'api/z/1.0/item/update',
      query,
      ...(body === undefined ? {} : { body: new URLSearchParams(body) }),
    });
    expect(refused(() => refuseUpstreamBreach(request({ a: '1', b: '2' }), limits))).toBe('passed');
    expect(refused(() => refuseUpstreamBreach(request({ a: '1', b: '2', c: '3' }), limits))).toBe(
      'bad_request',
    );
    const small = { ...limits, postMaxSize: 4 };
    expect(refused(() => refuseUpstreamBreach(request({}, 'a=12'), small))).toBe('passed');
    expect(refused(() => refuseUpstreamBreach(request({}, 'a=123'), small))).toBe('too_large');
  });
});
