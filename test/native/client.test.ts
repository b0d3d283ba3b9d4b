import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, AuthenticationError, NotFoundError, SdkError } from '../../src/core/errors/index.js';
import { NativeClient } from '../../src/native/index.js';
import { useMswServer } from '../support/msw.js';
import { alice, HUB, on, params, recorded, replay } from './hub.js';

const { server, requests } = useMswServer();

/** A hub that checks credentials the way Hubzilla 8.8.7 does (05, 05c, 02 of the recordings). */
const authenticatingHub = on('group', (request) => {
  const header = request.headers.get('authorization') ?? '';
  const [scheme, encoded = ''] = header.split(' ');
  const pair = Buffer.from(encoded, 'base64').toString('utf8');
  const parts =
    scheme === 'Basic'
      ? pair.split(':')
      : [pair.slice(0, pair.indexOf(':')), pair.slice(pair.indexOf(':') + 1)];
  const ok =
    parts.length === 2 &&
    ((parts[0] === 'carol' && parts[1] === 'colon:pass') ||
      (parts[0] === 'alice' && parts[1] === 'secret-pass'));
  return ok ? recorded('70-group-list.txt') : recorded('05-auth-password_with_colon.txt');
});

describe('NativeClient construction', () => {
  it('refuses an empty user name before any request', () => {
    expect(() => new NativeClient({ baseUrl: HUB, username: '', password: 'x' })).toThrow(SdkError);
    expect(() => new NativeClient({ baseUrl: HUB, username: '  ', password: 'x' })).toThrow(/username/);
    expect(requests).toHaveLength(0);
  });

  it('refuses plain http to a non-loopback host unless allowInsecureHttp', () => {
    const insecure = { baseUrl: 'http://hub.example', username: 'alice', password: 'secret-pass' };
    expect(() => new NativeClient(insecure)).toThrow(SdkError);
    expect(() => new NativeClient(insecure)).toThrow(/allowInsecureHttp/);
    expect(() => new NativeClient({ ...insecure, allowInsecureHttp: true })).not.toThrow();
    expect(() => new NativeClient({ ...insecure, baseUrl: 'http://127.0.0.1:8088' })).not.toThrow();
    expect(() => new NativeClient({ ...insecure, baseUrl: 'http://localhost/hub' })).not.toThrow();
    expect(requests).toHaveLength(0);
  });
});

describe('authentication', () => {
  it('sends HTTP Basic with the "Basic" scheme on every request', async () => {
    server.use(authenticatingHub);
    const hub = alice();
    await hub.groups.list();
    await hub.groups.list();
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request.headers.get('authorization')).toBe(`Basic ${btoa('alice:secret-pass')}`);
    }
  });

  it('keeps its own Authorization whatever headers a call or the client add', async () => {
    server.use(authenticatingHub);
    const hub = alice({ headers: { AUTHORIZATION: 'Bearer client-level' } });
    await hub.groups.list({}, { headers: { authorization: 'Basic ZXZpbDpldmls', 'X-Trace': 't1' } });
    expect(requests[0]!.headers.get('authorization')).toBe(`Basic ${btoa('alice:secret-pass')}`);
    expect(requests[0]!.headers.get('x-trace')).toBe('t1');
  });

  it('sends a password containing ":" with the lower-case "basic" scheme, which Hubzilla accepts', async () => {
    server.use(authenticatingHub);
    const hub = new NativeClient({ baseUrl: HUB, username: 'carol', password: 'colon:pass' });
    await expect(hub.groups.list()).resolves.toHaveLength(4);
    expect(requests[0]?.headers.get('authorization')).toBe('basic Y2Fyb2w6Y29sb246cGFzcw==');
  });

  it('turns a 401 into AuthenticationError with the body text and never the password', async () => {
    server.use(replay('group', '02-auth-wrong_password.txt'));
    const error = await alice({ password: 'wrong-secret' })
      .groups.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, method: 'GET' });
    expect((error as Error).message).toContain('This api requires login');
    expect((error as Error).message).not.toMatch(/colon/i);
    expect(String(error)).not.toContain('wrong-secret');
    expect(String(error)).not.toContain(btoa('alice:wrong-secret'));
    expect(requests).toHaveLength(1);
  });

  it('explains the colon limitation when a colon password is refused', async () => {
    server.use(replay('group', '05-auth-password_with_colon.txt'));
    const hub = new NativeClient({ baseUrl: HUB, username: 'carol', password: 'colon:wrong' });
    const error = await hub.groups.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toContain('This api requires login');
    expect((error as Error).message).toMatch(/contains ":"/);
    expect(String(error)).not.toContain('colon:wrong');
  });

  it('never sends cookies, even after the hub set PHPSESSID', async () => {
    server.use(replay('group', '70-group-list.txt'));
    const credentials: (RequestCredentials | undefined)[] = [];
    const spy: typeof fetch = (input, init) => {
      credentials.push(input instanceof Request ? input.credentials : init?.credentials);
      return fetch(input, init);
    };
    const hub = alice({ fetch: spy });
    await hub.groups.list();
    await hub.groups.list();
    expect(recorded('70-group-list.txt').headers.get('set-cookie')).toContain('PHPSESSID');
    expect(requests.map((request) => request.headers.get('cookie'))).toEqual([null, null]);
    expect(credentials).toEqual(['omit', 'omit']);
  });
});

describe('the channel switch', () => {
  it('sends channel on every read (query) and write (form)', async () => {
    server.use(replay('group', '70-group-list.txt'), replay('item/update', '40-item_update-new_post.txt'));
    const hub = alice({ channel: 'alice2' });
    await hub.groups.list();
    await hub.items.update({ body: 'hi' });
    expect(new URL(requests[0]!.url).searchParams.get('channel')).toBe('alice2');
    expect((await params(requests[1]!)).get('channel')).toBe('alice2');
  });

  it('reads the empty answer to an unknown channel as NotFoundError naming the channel', async () => {
    server.use(replay('group', '06e-auth-channel_param_unknown.txt'));
    const error = await alice({ channel: 'nobody' })
      .groups.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toContain('"nobody"');
    expect(error).toMatchObject({ status: 200 });
  });
});

describe('transport behaviour', () => {
  it('maps the 404 {"error":"not implemented"} of an unknown endpoint to NotFoundError', async () => {
    server.use(replay('abconfig', '10b-unknown-endpoint_with_auth.txt'));
    const error = await alice()
      .abconfig.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, body: { error: 'not implemented' } });
  });

  it('does not retry an HTTP 500 (a PHP crash recurs) and says why', async () => {
    server.use(on('xchan', () => recorded('80d-xchan-percent_in_value.txt')));
    const error = await alice()
      .xchan.get({ address: 'bob@hub.example' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500 });
    expect((error as Error).message).toMatch(/not retried/);
    expect(requests).toHaveLength(1);
  });

  it('retries an HTTP 500 when the client asks for it', async () => {
    server.use(on('xchan', () => recorded('80d-xchan-percent_in_value.txt')));
    const hub = alice({ retry: { limit: 2, delay: () => 0, statusCodes: [500] } });
    await expect(hub.xchan.get({ address: 'bob@hub.example' })).rejects.toMatchObject({ status: 500 });
    expect(requests).toHaveLength(3);
  });

  it('recovers when a retried read succeeds', async () => {
    let calls = 0;
    server.use(
      on('group', () =>
        ++calls === 1 ? new HttpResponse('', { status: 503 }) : recorded('70-group-list.txt'),
      ),
    );
    await expect(alice().groups.list()).resolves.toHaveLength(4);
    expect(requests).toHaveLength(2);
  });

  it('never retries a write (POST item/update)', async () => {
    server.use(on('item/update', () => new HttpResponse('', { status: 500 })));
    await expect(alice().items.update({ body: 'once' })).rejects.toMatchObject({
      name: 'ApiError',
      status: 500,
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('POST');
  });

  it('reports the NotFoundError of an empty 200 to hooks.onError', async () => {
    server.use(replay('group_members', '73-group_members-unknown_group_id.txt'));
    const errors: unknown[] = [];
    const hub = alice({ hooks: { onError: ({ error }) => errors.push(error) } });
    const error = await hub.groups.members({ group_id: 999 }).catch((e: unknown) => e);
    expect(errors).toEqual([error]);
    expect(error).toBeInstanceOf(NotFoundError);
  });

  it('reads version(), a bare JSON string', async () => {
    server.use(replay('version', '00-version-get.txt'));
    await expect(alice().version()).resolves.toBe('8.8.7');
    expect(requests[0]?.method).toBe('GET');
  });
});
