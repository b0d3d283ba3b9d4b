import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AppClient, NotFoundError } from '../../src/index.js';
import { apiHandler, envelope, SITE, sample, TOKEN } from '../app/phpfox.js';
import { alice, on, replay } from '../native/hub.js';
import { useMswServer } from '../support/msw.js';

const { server, requests } = useMswServer();
const app = () => new AppClient({ baseUrl: SITE, token: TOKEN, retry: 0 });

describe('.withResponse() and .asResponse()', () => {
  it('gives the value and the answer it came from, with one request', async () => {
    server.use(apiHandler(() => sample('user.getUser')));
    const call = app().user.getUser();
    const { data, response } = await call.withResponse();
    expect(data.user_id).toBe(1);
    expect(response.status).toBe(200);
    expect(response.method).toBe('GET');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // The URL that answered, the token redacted.
    expect(response.url).toBe(`${SITE}/api.php?token=[REDACTED]&method=user.getUser`);
    // The same promise still resolves with the value alone, with no second request.
    expect((await call).user_id).toBe(1);
    expect(requests).toHaveLength(1);
  });

  it('is a real Promise of the value', async () => {
    server.use(apiHandler(() => sample('mail.getNewCount')));
    const call = app().mail.getNewCount();
    expect(call).toBeInstanceOf(Promise);
    expect(await Promise.all([call])).toEqual([expect.any(Number)]);
  });

  it('never shows a cookie, and redacts secrets a header echoes', async () => {
    server.use(
      on('files', () =>
        HttpResponse.json(
          { success: true, results: [] },
          {
            headers: [
              ['Set-Cookie', 'PHPSESSID=abc123; path=/'],
              ['X-Echo', 'user secret-pass'],
            ],
          },
        ),
      ),
    );
    const response = await alice().files.list().withResponse();
    expect(response.data.items).toEqual([]);
    expect(response.response.headers.get('set-cookie')).toBeNull();
    expect(response.response.headers.get('x-echo')).toBe('user [REDACTED]');
  });

  it('rejects with the typed error of a failed call, for both forms', async () => {
    server.use(apiHandler(() => envelope({ error_id: 'user.user_cannot_be_found', error_message: 'gone' })));
    await expect(app().user.getUser({ user_id: 9 }).withResponse()).rejects.toBeInstanceOf(NotFoundError);
    await expect(app().user.getUser({ user_id: 9 }).asResponse()).rejects.toBeInstanceOf(NotFoundError);
  });

  it('gives each page its answer, and the first page through the list', async () => {
    server.use(replay('files', '22-files-no_params.txt'));
    const { data: page, response } = await alice().files.list().withResponse();
    expect(page.items.length).toBeGreaterThan(0);
    expect(response).toBe(page.response);
    expect(response.url).toBe('https://hub.example/api/z/1.0/files');
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});
