import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AppClient, SdkError, type ValidationMode } from '../../src/index.js';
import { apiHandler, envelope, SITE, TOKEN } from '../app/phpfox.js';
import { alice, on } from '../native/hub.js';
import { useMswServer } from '../support/msw.js';

/*
 * `warn` and `off` return what the server sent, but a method that promises a number or a boolean
 * still gives one for phpFox's ordinary answers ("3", 1), as `strict` does: found by `npm run fuzz`.
 */
const { server } = useMswServer();

describe.each<ValidationMode>(['warn', 'off'])('validation %s', (validation) => {
  const app = () => new AppClient({ baseUrl: SITE, token: TOKEN, validation, retry: 0 });

  it('a count phpFox sends as a string is a number', async () => {
    server.use(apiHandler(() => envelope('3')));
    expect(await app().mail.getNewCount()).toBe(3);
    expect(await app().notification.getNewCount()).toBe(3);
  });

  it('is_friend: 1 is true', async () => {
    server.use(apiHandler(() => envelope({ is_friend: 1 })));
    expect(await app().friend.isFriend({ friend_user_id: 2 })).toBe(true);
  });

  it('a permission that is no flag is a ValidationError, not an object where a boolean is promised', async () => {
    server.use(on('perm_allowed', () => HttpResponse.json([{ perm: 'view_stream', allowed: {} }])));
    await expect(
      alice({ validation }).permissions.allowed({ abook_id: 3, perm: 'view_stream' }),
    ).rejects.toBeInstanceOf(SdkError);
  });

  it('a null entry in the network stream is no TypeError', async () => {
    server.use(on('network/stream', () => HttpResponse.json([null])));
    await expect(alice({ validation }).network.stream().toArray()).resolves.toEqual([null]);
  });
});
