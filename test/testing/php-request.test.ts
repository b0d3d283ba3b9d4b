import { afterAll, describe, expect, it } from 'vitest';
import { phpName } from '../../src/core/request/php-name.js';
import { AppClient } from '../../src/index.js';
import { Params } from '../../src/testing/http/params.js';
import { phpFields } from '../../src/testing/http/php-vars.js';
import { startFakeServer } from '../../src/testing/index.js';
import { plainTable } from '../support/php-table.js';

describe('phpName: a field name as PHP reads it', () => {
  it.each([
    [' method', 'method', []],
    ['  me thod', 'me_thod', []],
    ['a.b', 'a_b', []],
    ['method\0x', 'method', []],
    ['a[b', 'a_b', []],
    ['a[b.c d[e', 'a_b_c_d_e', []],
    ['a[]', 'a', [null]],
    ['a[ ]', 'a', [null]],
    ['a[ x]', 'a', [' x']],
    ['a[x][]', 'a', ['x', null]],
    ['a[x]tail', 'a', ['x']],
    ['a[x][y', 'a', ['x']],
    ['a]b', 'a]b', []],
  ] as const)('%j → %s %j', (raw, name, keys) => {
    expect(phpName(raw)).toEqual({ name, keys });
  });

  it('drops an empty name', () => {
    for (const raw of ['', '   ', '[x]', '\0method', ' [x]']) expect(phpName(raw)).toBeUndefined();
  });
});

describe('$_GET, $_POST and $_REQUEST as PHP builds them', () => {
  it('arrays: [] appends after the largest integer key, [x] sets x, a later plain value or array replaces', () => {
    expect(plainTable(phpFields('a[5]=x&a[]=y&a[k]=z&b=1&b[]=2&c[]=1&c=2&d[x]=1&d[x]=2&e[x][]=1'))).toEqual({
      a: { 5: 'x', 6: 'y', k: 'z' },
      b: { 0: '2' },
      c: '2',
      d: { x: '2' },
      e: { x: { 0: '1' } },
    });
  });

  const post = (query: string, body: string) =>
    new Request(`http://fake.test/x?${query}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });

  it('Hubzilla ($_REQUEST, GP): the body wins, arrays of both are merged key by key', async () => {
    const params = await Params.read(post('user.id=1&a[x]=q&a[y]=q&l[]=q&s=q', 'a[y]=b&l[]=b&s=b'));
    expect([params.get('user_id'), params.list('a'), params.list('l'), params.get('s')]).toEqual([
      '1',
      ['q', 'b'],
      ['b'],
      'b',
    ]);
    expect([params.inBody('s'), params.inBody('user_id')]).toEqual([true, false]);
  });

  it('phpFox (array_merge of $_GET and $_POST): the body’s array replaces the query’s', async () => {
    const params = await Params.read(post('a[x]=q&a[y]=q&s=q', 'a[y]=b&s=b'), 'phpfox');
    expect([params.list('a'), params.get('s')]).toEqual([['b'], 'b']);
  });
});

describe('the fake reads requests as PHP and the applications do (never kinder)', async () => {
  const fake = await startFakeServer({ hubRewrite: true });
  afterAll(() => fake.close());
  const { token } = await AppClient.fromKey(fake.credentials.appKey, { baseUrl: fake.appBaseUrl });
  const api = (query: string, init?: RequestInit) =>
    fetch(`${fake.appBaseUrl}api.php?token=${encodeURIComponent(token)}&${query}`, init).then(
      async (answer) => JSON.parse(await answer.text()) as { output: unknown },
    );
  const { username, password } = fake.credentials.channel;
  const hub = (path: string) =>
    fetch(`${fake.hubBaseUrl}api/z/1.0/${path}`, {
      headers: { Authorization: `Basic ${btoa(`${username}:${password}`)}` },
    });

  it('phpFox: do= segments set method and token, over the query and the body', async () => {
    const user = await api('method=user.getUser');
    expect(user.output).toMatchObject({ user_id: expect.anything() });
    const count = await api(`method=user.getUser&do=${encodeURIComponent('/api/method_mail.getNewCount/')}`);
    expect(typeof count.output).toBe('number');
    const otherToken = await api(`method=user.getUser&do=${encodeURIComponent('/x/token_nope/')}`);
    expect(otherToken.output).toMatchObject({ error_id: 'api.unable_to_find_api_key' });
  });

  it('phpFox: a body field PHP reads as method wins over the query’s, a NUL ends a name, values are trimmed', async () => {
    const posted = await api('method=user.getUser', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '+method=mail.getNewCount',
    });
    expect(typeof posted.output).toBe('number');
    expect(typeof (await api('method=user.getUser&method%00x=mail.getNewCount')).output).toBe('number');
    expect(typeof (await api('method=%20mail.getNewCount%20')).output).toBe('number');
    expect(typeof (await api('method=user.getUser&method=mail.getNewCount')).output).toBe('number');
  });

  it('phpFox: a dot in a name is PHP’s _', async () => {
    const other = (await api('method=user.getUser&user.id=2')).output as { user_id?: string };
    expect(other.user_id).toBe('2');
  });

  it('Hubzilla: a channel in another spelling switches the channel', async () => {
    const rows = (await (await hub('abook?%20channel=alice2')).json()) as { xchan_name?: string }[];
    const self = rows.find((row) => (row as { abook_self?: unknown }).abook_self === 1);
    expect(self?.xchan_name).toBe('Alice Two');
  });

  it('Hubzilla behind a [QSA] rewrite: the last q routes; an array q fails as PHP 8’s trim does', async () => {
    const exported = await hub('files?q=api/z/1.0/version');
    expect(await exported.text()).toBe('"8.8.7"');
    expect((await hub('files?q[]=x')).status).toBe(500);
    const plain = await startFakeServer();
    try {
      const answer = await fetch(`${plain.hubBaseUrl}api/z/1.0/version?q=api/z/1.0/files`);
      expect(await answer.text()).toBe('"8.8.7"');
    } finally {
      await plain.close();
    }
  });
});
