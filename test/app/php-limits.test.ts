import { describe, expect, it } from 'vitest';
import { AppClient, ArgumentError, type ClientOptions } from '../../src/index.js';
import { useMswServer } from '../support/msw.js';
import { apiHandler, envelope, SITE, TOKEN } from './phpfox.js';

/* Issue 38 on the Application API: PHP cuts `$_GET` past max_input_vars, silently. */

const { server, requests } = useMswServer();
const app = (options: Partial<ClientOptions> = {}) =>
  new AppClient({ baseUrl: SITE, token: TOKEN, ...options });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** `n` parameters `p0`, `p1`… */
function manyParams(n: number): Record<string, string> {
  return Object.fromEntries(Array.from({ length: n }, (_, at) => [`p${at}`, 'x']));
}

describe('the query PHP would cut', () => {
  it('token, method and 999 parameters: refused, naming the count in the query; nothing sent', async () => {
    server.use(apiHandler(() => envelope([])));
    const error = await app()
      .call('custom.method', manyParams(999))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArgumentError);
    expect((error as Error).message).toContain('1001 fields in the query, over max_input_vars = 1000');
    expect((error as Error).message).toContain('serverLimits.maxInputVars');
    expect(requests).toHaveLength(0);
  });

  it('token and method go first; a parameter PHP would read as either is not sent', async () => {
    server.use(apiHandler(() => envelope([])));
    await app().call('custom.method', {
      a: '1',
      'token[]': 'theirs',
      ' method': 'user.delete',
      'method[x]': 'y',
    });
    const query = [...new URL(requests[0]!.url).searchParams];
    expect(query).toEqual([
      ['token', TOKEN],
      ['method', 'custom.method'],
      ['a', '1'],
    ]);
  });

  it.each([
    ['a.b', '"a_b"'],
    ['a b', '"a_b"'],
    [' a', '"a"'],
    ['a[x]y', '"a[x]"'],
    ['a\0b', '"a"'],
    ['[x]', 'nothing'],
  ])('a parameter PHP reads under another name (%j) is refused, nothing sent', async (name, read) => {
    server.use(apiHandler(() => envelope([])));
    const error = await app()
      .call('custom.method', { [name]: '1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArgumentError);
    expect((error as Error).message).toContain(`PHP reads it as ${read}`);
    expect(requests).toHaveLength(0);
  });

  it("a site's real limit lets the call out", async () => {
    server.use(apiHandler(() => envelope([])));
    await app({ serverLimits: { maxInputVars: 2000 } }).call('custom.method', manyParams(999));
    expect(requests).toHaveLength(1);
  });
});

describe('photo.addPhoto', () => {
  it.each(['shell.php\0.png', 'dir/cat.png', 'dir\\cat.png', 'cat\n.png'])(
    'photo_name %j is refused before the extension check (what PHP reads is not what was given)',
    async (photo_name) => {
      server.use(apiHandler(() => envelope({})));
      const error = await app()
        .photo.addPhoto({ photo: PNG, photo_name })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ArgumentError);
      expect((error as Error).message).toMatch(/^photo_name ".*" is refused: /);
      const viaCall = await app()
        .call('photo.addPhoto', { photo: PNG, photo_name })
        .catch((e: unknown) => e);
      expect(viaCall).toBeInstanceOf(ArgumentError);
      expect(requests).toHaveLength(0);
    },
  );

  it('a photo over upload_max_filesize is refused, nothing sent; with the site limit it goes', async () => {
    server.use(apiHandler(() => envelope({})));
    const photo = new Uint8Array(3 * 1024 * 1024);
    const error = await app()
      .photo.addPhoto({ photo, photo_name: 'big.png' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArgumentError);
    expect((error as Error).message).toContain(
      "file 'photo' of 3145728 bytes, over upload_max_filesize = 2097152 bytes",
    );
    expect(requests).toHaveLength(0);
    await app({ serverLimits: { uploadMaxFilesize: 4 * 1024 * 1024 } })
      .photo.addPhoto({ photo, photo_name: 'big.png' })
      .catch(() => undefined);
    expect(requests).toHaveLength(1);
  });
});

describe('the serverLimits option', () => {
  it.each([
    [{ maxNesting: -1 }, 'serverLimits.maxNesting must be a whole number > 0'],
    [{ uploadMaxFileSize: 1 }, 'did you mean "uploadMaxFilesize"'],
    [null, 'serverLimits must be an object'],
  ])('%j → ArgumentError', (serverLimits, message) => {
    expect(() => app({ serverLimits: serverLimits as never })).toThrow(message);
  });
});
