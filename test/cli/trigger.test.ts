import { describe, expect, it } from 'vitest';
import { NativeClient } from '../../src/index.js';
import { adminAnswer } from '../../src/testing/admin-route.js';
import { createFakeSite, startFakeServer } from '../../src/testing/index.js';
import { runToEnd, startFakeServerCli } from './run-cli.js';

// Issue 40: the fake driven from a shell, as `stripe trigger` drives webhooks.
describe('socialsite-sdk fake-server trigger', () => {
  it("posts as bob into a running fake-server: alice's network stream has it once", async () => {
    const running = await startFakeServerCli('--port', '0');
    try {
      expect(running.output()).toMatch(/Events: +socialsite-sdk fake-server trigger post --as bob/);
      const run = await runToEnd(
        'fake-server',
        'trigger',
        'post',
        '--as',
        'bob',
        '--body',
        'bob posts now',
        '--url',
        running.url,
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const result = JSON.parse(run.stdout) as { mid: string; deliveredTo: string[] };
      expect(result.deliveredTo).toEqual(['bob', 'alice']);
      const alice = new NativeClient({ baseUrl: running.url, username: 'alice', password: 'secret-pass' });
      const mids = (await alice.network.stream()).items.map((item) => item.message_id);
      expect(mids.filter((mid) => mid === result.mid)).toHaveLength(1);

      const comment = await runToEnd(
        'fake-server',
        'trigger',
        'comment',
        '--as',
        'dana@social.other.example',
        '--on',
        result.mid,
        '--body',
        'dana answers',
        '--url',
        running.url,
      );
      expect(comment.code).toBe(0);
      const mail = await runToEnd('fake-server', 'trigger', 'mail', '--count', '2', '--url', running.url);
      expect(JSON.parse(mail.stdout)).toEqual({ userId: 1, unread: 5 });
    } finally {
      expect(await running.stop()).toBe(0);
    }
  });

  it('says what is wrong in one line: unknown event, missing or foreign field, no server, refused event', async () => {
    const unknown = await runToEnd('fake-server', 'trigger', 'pots', '--url', 'http://127.0.0.1:9/');
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toMatch(/unknown event "pots"; did you mean "post"\?/);
    const missing = await runToEnd(
      'fake-server',
      'trigger',
      'post',
      '--as',
      'bob',
      '--url',
      'http://127.0.0.1:9/',
    );
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.stderr).toMatch(/the post event needs --body/);
    const foreign = await runToEnd(
      'fake-server',
      'trigger',
      'mail',
      '--title',
      'x',
      '--url',
      'http://127.0.0.1:9/',
    );
    expect(foreign.stderr).toMatch(/the mail event takes no --title/);
    const none = await runToEnd('fake-server', 'trigger');
    expect(none.stderr).toMatch(/name an event/);
    const help = await runToEnd('fake-server', 'trigger', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/post +--as X --body X \[--title X\]/);

    // A closed port (the server is closed at once).
    const closed = await startFakeServer();
    const url = closed.url;
    await closed.close();
    const down = await runToEnd('fake-server', 'trigger', 'mail', '--url', url);
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/no fake server answers at .*is "socialsite-sdk fake-server" running/);

    const server = await startFakeServer();
    try {
      const refused = await runToEnd(
        'fake-server',
        'trigger',
        'post',
        '--as',
        'zed',
        '--body',
        'x',
        '--url',
        server.url,
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /the fake refused the post event: fake site: no channel or connection "zed"/,
      );
    } finally {
      await server.close();
    }
  });
});

describe('the admin endpoint', () => {
  it('runs events from loopback, lists them, and refuses what is not an event', async () => {
    const server = await startFakeServer();
    try {
      const list = await fetch(server.eventsUrl);
      expect(await list.json()).toMatchObject({ events: expect.arrayContaining(['post', 'notification']) });
      const posted = await fetch(`${server.eventsUrl}post`, {
        method: 'POST',
        body: JSON.stringify({ as: 'bob', body: 'by curl' }),
      });
      expect(posted.status).toBe(200);
      expect(await posted.json()).toMatchObject({ event: 'post', result: { deliveredTo: ['bob', 'alice'] } });
      expect((await fetch(`${server.eventsUrl}nope`, { method: 'POST' })).status).toBe(404);
      expect((await fetch(`${server.eventsUrl}post`)).status).toBe(405);
      expect((await fetch(`${server.eventsUrl}post`, { method: 'POST', body: '[1]' })).status).toBe(400);
    } finally {
      await server.close();
    }
  });

  it('refuses a caller not on loopback without the admin token', async () => {
    // The remote address as the server reads it off the socket (tests stay on loopback).
    const site = createFakeSite();
    const root = site.url;
    const post = () => new Request(`${root}_fake/events/mail`, { method: 'POST', body: '{}' });
    const lan = { address: '192.0.2.7', token: 'sesame' };
    const refused = await adminAnswer(site, post(), root, lan);
    expect(refused?.status).toBe(403);
    expect(await refused?.text()).toMatch(/admin token/);
    const withToken = new Request(post(), { headers: { 'X-Fake-Admin-Token': 'sesame' } });
    expect((await adminAnswer(site, withToken, root, lan))?.status).toBe(200);
    const bearer = new Request(post(), { headers: { Authorization: 'Bearer sesame' } });
    expect((await adminAnswer(site, bearer, root, lan))?.status).toBe(200);
    const wrong = new Request(post(), { headers: { 'X-Fake-Admin-Token': 'guess' } });
    expect((await adminAnswer(site, wrong, root, lan))?.status).toBe(403);
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect((await adminAnswer(site, post(), root, { address, token: 'sesame' }))?.status).toBe(200);
    // Not the admin path: the site's own.
    expect(await adminAnswer(site, new Request(`${root}api.php`), root, lan)).toBeUndefined();
    expect(await adminAnswer(site, new Request(`${root}_fake/eventsx`), root, lan)).toBeUndefined();
  });
});
