import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_ALLOW } from '../../src/relay.js';
import { type RelayedSite, useRelayedSites } from './support.js';

/*
 * The bypasses of issue 28, each over real HTTP through the relay (node:http) to the fake site,
 * which reads requests as PHP and the two applications do. Before the fix each one reached the
 * site and did what the page asked.
 */

const start = useRelayedSites();

/** The relay allowed one App method only, as in the issue. */
const ONLY_GET_USER = { app: { allow: ['user.getUser'] } };

/** What the relay answered, and how many requests reached the fake meanwhile. */
async function through(site: RelayedSite, path: string, init?: RequestInit) {
  const before = site.fake.site.requests.length;
  const answer = await fetch(`${site.relayUrl}${path}`, init);
  const text = await answer.text();
  return {
    status: answer.status,
    text,
    headers: answer.headers,
    reached: site.fake.site.requests.length - before,
  };
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe('issue 28: the relay forwards only what the SDK would send', () => {
  it('refuses phpFox’s do= routing, which would run another method or use another token', async () => {
    const site = await start(ONLY_GET_USER);
    for (const route of ['/api/method_notification.get/', `/x/token_${'a'.repeat(40)}/`]) {
      const answer = await through(site, `api.php?method=user.getUser&do=${encodeURIComponent(route)}`);
      expect(answer).toMatchObject({ status: 400, reached: 0 });
      expect(JSON.parse(answer.text)).toMatchObject({
        error: 'relay.bad_request',
        message: expect.stringContaining('"do"'),
      });
    }
  });

  it('refuses a body field PHP reads as method (a space before it, a NUL after it)', async () => {
    const site = await start({ app: { allow: [...DEFAULT_APP_ALLOW, 'photo.addPhoto'] } });
    for (const name of [' method', 'method\0x', 'token.']) {
      const body = new FormData();
      body.append('photo', new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' }));
      body.append('photo_name', 'me.jpg');
      body.append(name, 'mail.getNewCount');
      const answer = await through(site, 'api.php?method=photo.addPhoto', { method: 'POST', body });
      expect(answer).toMatchObject({ status: 400, reached: 0 });
      expect(JSON.parse(answer.text).message).toContain('PHP reads it as');
    }
  });

  it('refuses a read POSTed (with a form PHP reads as another method): reads are GET only', async () => {
    const site = await start(ONLY_GET_USER);
    const answer = await through(
      site,
      'api.php?method=user.getUser',
      form({ ' method': 'mail.getNewCount' }),
    );
    expect(answer).toMatchObject({ status: 405, reached: 0 });
    expect(JSON.parse(answer.text)).toMatchObject({ error: 'relay.method_not_allowed' });
  });

  it('refuses a query field PHP reads as method, token or another field', async () => {
    const site = await start(ONLY_GET_USER);
    for (const query of [
      'method%00=friend.getFriends',
      '+token=x',
      'user.id=3',
      'user_id[]=3',
      'user_id=3&user_id=4',
    ]) {
      const answer = await through(site, `api.php?method=user.getUser&${query}`);
      expect([query, answer.status, answer.reached]).toEqual([query, 400, 0]);
    }
  });

  it('refuses the other spellings PHP reads as a routing or another field, before anything is sent', async () => {
    const site = await start({ ...ONLY_GET_USER, fake: { hubRewrite: true } });
    const cases: [string, number][] = [
      // PHP keeps the last of two: a second method would run instead of the allowed one.
      ['api.php?method=user.getUser&method=mail.getNewCount', 403],
      ['api.php?method=user.getUser&method[x]=mail.getNewCount', 400],
      ['api.php?method=user.getUser&user_id[x]=2', 400],
      ['api.php?method=user.getUser&api.key=1', 400],
      [`api.php?method=user.getUser&%20do=${encodeURIComponent('/api/method_mail.getNewCount/')}`, 400],
      ['api/z/1.0/files?q%00x=api/z/1.0/channel/export/basic', 400],
      ['api/z/1.0/files?q.=1', 400],
      ['api/z/1.0/abook?channel.=alice2', 400],
      ['api/z/1.0/abook?channel[x]=alice2', 400],
      ['api/z/1.0/files?records=1&records=2', 400],
    ];
    for (const [path, status] of cases) {
      const answer = await through(site, path);
      expect([path, answer.status, answer.reached]).toEqual([path, status, 0]);
    }
  });

  it('refuses a hub channel in any spelling: the page cannot switch to alice2', async () => {
    const site = await start();
    for (const query of ['%20channel=alice2', 'channel=alice2', 'channel%00=alice2', 'channel[]=alice2']) {
      const answer = await through(site, `api/z/1.0/abook?${query}`);
      expect([query, answer.status, answer.reached]).toEqual([query, 400, 0]);
      expect(answer.text).not.toContain('Alice Two');
    }
  });

  it('refuses q, which re-routes a hub behind Apache or nginx to the channel export', async () => {
    const site = await start({ fake: { hubRewrite: true } });
    for (const query of ['q=api/z/1.0/channel/export/basic', '%20q=api/z/1.0/channel/export/basic']) {
      const answer = await through(site, `api/z/1.0/files?${query}`);
      expect([query, answer.status, answer.reached]).toEqual([query, 400, 0]);
      expect(answer.text).not.toContain('prvkey');
    }
    // The same request without the relay: the fake, like such a hub, runs the export.
    const { username, password } = site.fake.credentials.channel;
    const direct = await fetch(`${site.fake.hubBaseUrl}api/z/1.0/files?q=api/z/1.0/channel/export/basic`, {
      headers: { Authorization: `Basic ${btoa(`${username}:${password}`)}` },
    });
    expect(await direct.text()).toContain('prvkey');
  });

  it('passes Retry-After and Content-Type by value: a token hidden in either never reaches the page', async () => {
    let token = '';
    const site = await start({
      app: { token: () => token },
      fetch: async (input, init) => {
        const answer = await fetch(input, init);
        const headers = new Headers(answer.headers);
        headers.set('Retry-After', `120, ${token}`);
        headers.set('Content-Type', `application/json; charset=utf-8; x=${token}`);
        return new Response(answer.body, { status: answer.status, headers });
      },
    });
    token = site.token;
    const answer = await through(site, 'api.php?method=user.getUser');
    expect(answer.status).toBe(200);
    expect([...answer.headers].join('\n')).not.toContain(token);
    expect(answer.headers.get('retry-after')).toBeNull();
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });
});
