import { describe, expect, it } from 'vitest';
import { AppClient, type ClientOptions, extraField, SdkError } from '../../src/index.js';
import { useMswServer } from '../support/msw.js';
import { apiHandler, envelope, SITE, sample, TOKEN } from './phpfox.js';

const { server, requests } = useMswServer();
const app = (options: Partial<ClientOptions> = {}) =>
  new AppClient({ baseUrl: SITE, token: TOKEN, ...options });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

let form: FormData | undefined;
/** Answers addPhoto like phpFox, keeping the multipart form it received. */
const uploadHandler = (answer: unknown) =>
  apiHandler(async (_, __, request) => {
    form = await request.formData();
    return answer;
  });

async function sentForm() {
  const request = requests[0]!;
  expect(request.method).toBe('POST');
  expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
  const url = new URL(request.url);
  expect(url.searchParams.get('method')).toBe('photo.addPhoto');
  expect(url.searchParams.get('token')).toBe(TOKEN);
  return form!;
}

describe('photo.addPhoto', () => {
  it.each([
    ['a Uint8Array', () => PNG],
    ['an ArrayBuffer', () => PNG.slice().buffer],
    ['a Blob without type', () => new Blob([PNG])],
    ['a File', () => new File([PNG], 'ignored-name.bin', { type: 'image/png' })],
  ])('uploads %s as the multipart part "photo" named after photo_name', async (_, photo) => {
    server.use(uploadHandler(sample('photo.addPhoto')));
    const result = await app().photo.addPhoto({ photo: photo(), photo_name: 'holiday.PNG' });
    expect(result.photo_original).toMatch(/39740c5e356fdd6f66cfc973d4aebf6d\.jpg$/);
    const form = await sentForm();
    expect(form.get('photo_name')).toBe('holiday.PNG');
    const part = form.get('photo') as File;
    expect(part.name).toBe('holiday.PNG');
    expect(part.type).toBe('image/png');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(PNG);
  });

  const URL_30 = 'http://site.example/file/pic/photo/2011/08/39740c5e356fdd6f66cfc973d4aebf6d';

  it("resolves phpFox 3.0.x's size map as the normalized record (keys renamed photo_*)", async () => {
    server.use(uploadHandler(sample('photo.addPhoto')));
    const result = await app().photo.addPhoto({ photo: PNG, photo_name: 'a.png' });
    expect(result).toStrictEqual({
      photo_original: `${URL_30}.jpg`,
      photo_75px: `${URL_30}_75.jpg`,
      photo_100px: `${URL_30}_100.jpg`,
      photo_150px: `${URL_30}_150.jpg`,
      photo_240px: `${URL_30}_240.jpg`,
      photo_500px: `${URL_30}_500.jpg`,
      photo_1024px: `${URL_30}_1024.jpg`,
    });
  });

  it('resolves the 3.5 record (photo_id) and the 3.9 record (id, numbers as strings) as they are, normalized', async () => {
    const urls = { photo_100px: 'a', photo_240px: 'b', photo_original: 'c' };
    server.use(apiHandler(() => envelope({ ...urls, photo_id: '9', title: 'x', time_stamp: '1700000000' })));
    expect(await app().photo.addPhoto({ photo: PNG, photo_name: 'a.jpeg' })).toStrictEqual({
      ...urls,
      photo_id: 9,
      title: 'x',
      time_stamp: 1_700_000_000,
    });
    server.use(apiHandler(() => envelope({ ...urls, id: '10', likes: '0', is_liked: false, extra: 1 })));
    const result = await app().photo.addPhoto({ photo: PNG, photo_name: 'a.jpeg' });
    expect(result).toStrictEqual({ ...urls, id: 10, likes: 0, is_liked: false, extra: 1 });
    expect(extraField(result, 'extra')).toBe(1);
  });

  it.each(['off', 'warn'] as const)(
    'renames 3.0.x\'s keys with validation "%s" too, where no schema normalizes',
    async (validation) => {
      const broken = { ...(sample('photo.addPhoto') as { output: object }).output, '240px': 240 };
      server.use(apiHandler(() => (validation === 'off' ? sample('photo.addPhoto') : envelope(broken))));
      const result = await app({ validation }).photo.addPhoto({ photo: PNG, photo_name: 'a.png' });
      expect(result.photo_original).toBe(`${URL_30}.jpg`);
      expect(Object.keys(result)).not.toContain('original');
    },
  );

  it.each(['photo.bmp', 'photo', 'photo.png.exe', ''])(
    'refuses photo_name "%s" before any request',
    async (name) => {
      await expect(app().photo.addPhoto({ photo: PNG, photo_name: name })).rejects.toBeInstanceOf(SdkError);
      expect(requests).toHaveLength(0);
    },
  );

  it('refuses a photo that is not bytes', async () => {
    // @ts-expect-error: a string is not an upload body
    await expect(app().photo.addPhoto({ photo: 'not bytes', photo_name: 'a.png' })).rejects.toBeInstanceOf(
      SdkError,
    );
    expect(requests).toHaveLength(0);
  });

  it('maps the server refusal (photo.photo_add_photo_load) to an ApiError with that code', async () => {
    server.use(
      apiHandler(() =>
        envelope({
          error: true,
          error_id: 'photo.photo_add_photo_load',
          error_message: 'File is too large.',
        }),
      ),
    );
    await expect(app().photo.addPhoto({ photo: PNG, photo_name: 'a.gif' })).rejects.toMatchObject({
      name: 'ApiError',
      code: 'photo.photo_add_photo_load',
    });
  });

  it('call("photo.addPhoto") uploads the same way', async () => {
    server.use(uploadHandler(sample('photo.addPhoto')));
    await app().call('photo.addPhoto', { photo: PNG, photo_name: 'x.jpg' });
    expect(((await sentForm()).get('photo') as File).size).toBe(PNG.length);
  });
});
