import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, AppClient, ValidationError } from '../../src/index.js';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';
import { useMswServer } from '../support/msw.js';

/*
 * A method the site does not have, as phpFox 3.9 answers it (seen live): an unknown module is
 * `error_id` "5", a method its API service lacks `api.method_not_valid_for_module`, and a module
 * without an API service HTTP 500 with an empty body. Each error says the method may not exist.
 */
let server: FakeServer;
let app: AppClient;
beforeAll(async () => {
  server = await startFakeServer({ envelope: '3.9' });
  app = await AppClient.fromKey(server.credentials.appKey, { baseUrl: server.appBaseUrl });
});
afterAll(() => server.close());

const MAY_NOT_EXIST = 'may not exist on this site';

describe('app.call() of a method the site does not have', () => {
  it('a method the module lacks (blog.getBlogs): ApiError with its code, saying so', async () => {
    const error = await app.call('blog.getBlogs', { page: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'api.method_not_valid_for_module', status: 200 });
    expect((error as Error).message).toContain(`"blog.getBlogs" ${MAY_NOT_EXIST}`);
  });

  it('a module the site does not have: ApiError "5", saying so', async () => {
    const error = await app.call('nosuchmodule.get').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', code: '5' });
    expect((error as Error).message).toContain(`"nosuchmodule.get" ${MAY_NOT_EXIST}`);
  });

  it('a module without an API service (HTTP 500, empty body): ApiError 500, saying so', async () => {
    const error = await app.call('poll.get').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 500 });
    expect((error as Error).message).toContain(`"poll.get" ${MAY_NOT_EXIST}`);
  });

  it('an existing method answers: blog.get on a site without blogs', async () => {
    expect(await app.call('blog.get', { page: 1 })).toEqual({
      api: { total: 0, current_page: 1 },
      output: [],
    });
  });
});

describe('an empty HTTP 200 body from api.php', () => {
  const { server: msw } = useMswServer();
  it('is a ValidationError that says the method may not exist', async () => {
    msw.use(http.get('https://site.example/api.php', () => new HttpResponse('', { status: 200 })));
    const client = new AppClient({ baseUrl: 'https://site.example', token: 't' });
    const error = await client.call('music.getSongs').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(
      /answered with an empty body\. "music\.getSongs" may not exist on this site/,
    );
  });
});
