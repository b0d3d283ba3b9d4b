import { describe, expect, it } from 'vitest';
import { ArgumentError } from '../../src/index.js';
import { createRelay, DEFAULT_HUB_ALLOW } from '../../src/relay.js';
import { ask, PASSWORD, refusal, relayOver, TOKEN } from './in-process.js';

const json = () => Response.json({ output: 1, api: {} });
const hub = { baseUrl: 'https://hub.example/', username: 'alice', password: PASSWORD };
const everything = {
  app: {
    baseUrl: 'https://site.example/',
    token: TOKEN,
    allow: ['user.getUser', 'friend.isFriend', 'friend.getFriends', 'photo.addPhoto'],
  },
  hub: {
    ...hub,
    allow: { ...DEFAULT_HUB_ALLOW, 'item/update': ['POST' as const], 'file/export': ['GET' as const] },
  },
};

const upload = (fields: [string, string | Blob, string?][]) => {
  const body = new FormData();
  for (const [name, value, filename] of fields) {
    if (typeof value === 'string') body.append(name, value);
    else body.append(name, value, filename);
  }
  return { method: 'POST', body };
};
const JPEG = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

/** The relay answers `path` with a 400 `relay.bad_request` whose message holds `message`. */
async function expectBadRequest(
  relay: ReturnType<typeof relayOver>['relay'],
  path: string,
  message: string,
  init?: RequestInit,
): Promise<void> {
  const [status, code, said] = await refusal(await ask(relay, path, init));
  expect([path, message, status, code, said]).toEqual([
    path,
    message,
    400,
    'relay.bad_request',
    expect.stringContaining(message),
  ]);
}

describe('what the relay refuses, and how it says so', () => {
  it('names the parameter, and how PHP would read it', async () => {
    const { relay, sent } = relayOver(json, everything);
    const cases: [string, string][] = [
      ['/api.php?method=user.getUser&user=1', '"user" is not a parameter the SDK sends to user.getUser'],
      [
        '/api.php?method=user.getUser&+user_id=1',
        '" user_id" is not a parameter the SDK sends to user.getUser; PHP reads it as "user_id"',
      ],
      ['/api.php?method=user.getUser&user_id[]=1', '"user_id[]" is not sent that way by the SDK (id)'],
      [
        '/api.php?method=user.getUser&a[b=1',
        '"a[b" is not a parameter the SDK sends to user.getUser; PHP reads it as "a_b"',
      ],
      ['/api.php?method=user.getUser&x[1]tail=1', 'PHP reads it as "x[1]"'],
      [
        '/api.php?method=user.getUser&=1',
        '"" is not a parameter the SDK sends to user.getUser; PHP drops it',
      ],
      ['/api.php?method=user.getUser&user_id=1&user_id=1', '"user_id" is given more than once'],
      ['/api.php?method=user.getUser&user_id=0', '"user_id" must be a positive integer'],
      ['/api.php?method=user.getUser&user_id=01', '"user_id" must be a positive integer'],
      ['/api.php?method=user.getUser&user_id=9007199254740993', '"user_id" must be a positive integer'],
      ['/api.php?method=friend.getFriends&page=-1', '"page" must be an integer ≥ 0'],
      ['/api.php?method=friend.getFriends&page=1.5', '"page" must be an integer ≥ 0'],
      [
        '/api.php?method=friend.isFriend&user_id=2',
        'friend_user_id must be a positive integer and is required',
      ],
      ['/api/z/1.0/network/stream?star=true', '"star" must be 1 or 0'],
      ['/api/z/1.0/xchan?address=a%25b', 'address must not contain "%"'],
      ['/api/z/1.0/xchan?address=a&hash=b', 'xchan.get needs exactly one of address, hash, guid'],
      ['/api/z/1.0/group_members', 'groups.members needs exactly one of group_id, group_name'],
      ['/api/z/1.0/item/full', 'items.full needs exactly one of item_id, mid'],
      ['/api/z/1.0/photo?scale=1', 'photo_id is required'],
      ['/api/z/1.0/perm_allowed?perm=view_stream', 'abook_id is required'],
      ['/api/z/1.0/filedata?file_id=a_b', 'file_id "a_b" contains "%" or "_"'],
      ['/api/z/1.0/file/export', 'file_id is required'],
      ['/api/z/1.0/abook?channel=alice2', '"channel" is not a parameter the SDK sends to abook'],
    ];
    for (const [path, message] of cases) await expectBadRequest(relay, path, message);
    expect(sent).toHaveLength(0);
  });

  it('refuses a form field in the wrong place, of the wrong kind, or a token or method in the form', async () => {
    const { relay, sent } = relayOver(json, everything);
    const cases: [string, RequestInit, string][] = [
      [
        '/api.php?method=photo.addPhoto&photo_name=a.jpg',
        upload([['photo', JPEG, 'a.jpg']]),
        '"photo_name" belongs in the body of photo.addPhoto, not the query',
      ],
      [
        '/api.php?method=photo.addPhoto',
        upload([
          ['photo', 'text'],
          ['photo_name', 'a.jpg'],
        ]),
        '"photo" is not sent that way by the SDK (file)',
      ],
      [
        '/api.php?method=photo.addPhoto',
        upload([
          ['photo', JPEG, 'a.jpg'],
          ['photo_name', JPEG, 'a.jpg'],
        ]),
        '"photo_name" is not sent that way by the SDK (text)',
      ],
      [
        '/api/z/1.0/item/update',
        upload([
          ['body', 'x'],
          ['contact_allow[]', JPEG, 'a.jpg'],
        ]),
        '"contact_allow[]" is not sent that way by the SDK (text-or-list)',
      ],
      [
        '/api.php?method=photo.addPhoto',
        upload([
          ['photo', JPEG, 'a.jpg'],
          ['photo_name', 'a.exe'],
        ]),
        'photo_name "a.exe" must end in .jpg',
      ],
      [
        '/api.php?method=photo.addPhoto',
        upload([
          ['photo', JPEG, 'a.jpg'],
          ['photo_name', 'a.jpg'],
          ['token', 'x'],
        ]),
        '"token" is not a parameter',
      ],
      [
        '/api.php?method=photo.addPhoto',
        upload([
          ['photo', JPEG, 'a.jpg'],
          ['photo_name', 'a.jpg'],
          ['method', 'mail.get'],
        ]),
        '"method" is not a parameter',
      ],
      [
        '/api/z/1.0/item/update',
        upload([
          ['body', 'x'],
          ['contact_allow', 'a'],
          ['contact_allow[]', 'b'],
        ]),
        '"contact_allow" is given more than once',
      ],
      [
        '/api/z/1.0/item/update',
        upload([
          ['body', 'x'],
          ['contact_allow[]', 'a'],
          ['contact_allow', 'b'],
        ]),
        '"contact_allow" is given more than once',
      ],
      [
        '/api/z/1.0/item/update',
        upload([
          ['body', 'x'],
          ['channel', 'bob'],
        ]),
        '"channel" is not a parameter the SDK sends to item/update',
      ],
    ];
    for (const [path, init, message] of cases) await expectBadRequest(relay, path, message, init);
    expect(sent).toHaveLength(0);
  });

  it('takes each call with the SDK’s HTTP method only', async () => {
    const { relay, sent } = relayOver(json, everything);
    expect(await refusal(await ask(relay, '/api.php?method=user.getUser', { method: 'POST' }))).toEqual([
      405,
      'relay.method_not_allowed',
      'user.getUser is called with GET only',
    ]);
    expect(await refusal(await ask(relay, '/api.php?method=photo.addPhoto'))).toEqual([
      405,
      'relay.method_not_allowed',
      'photo.addPhoto is called with POST only',
    ]);
    const [status, code] = await refusal(await ask(relay, '/api/z/1.0/item/update?body=x'));
    expect([status, code]).toEqual([403, 'relay.forbidden']);
    expect(sent).toHaveLength(0);
  });

  it('sends what the SDK sends: lists as name[], an empty ACL as an empty field, the photo as photoFile names it', async () => {
    const { relay, sent } = relayOver(json, everything);
    const posted = await ask(
      relay,
      '/api/z/1.0/item/update',
      upload([
        ['body', 'hi'],
        ['contact_allow[]', 'a'],
        ['contact_allow[]', 'b'],
        ['group_allow', ''],
        ['consensus', '1'],
      ]),
    );
    expect(posted.status).toBe(200);
    expect([...(await (sent[0] as Request).formData())]).toEqual([
      ['body', 'hi'],
      ['contact_allow[]', 'a'],
      ['contact_allow[]', 'b'],
      ['group_allow', ''],
      ['consensus', '1'],
    ]);
    await ask(
      relay,
      '/api.php?method=photo.addPhoto',
      upload([
        ['photo', JPEG, 'other.png'],
        ['photo_name', 'me.jpg'],
      ]),
    );
    const form = await (sent[1] as Request).formData();
    const photo = form.get('photo') as File;
    expect([form.get('photo_name'), photo.name, photo.type, photo.size]).toEqual([
      'me.jpg',
      'me.jpg',
      'image/jpeg',
      3,
    ]);
    expect(new URL((sent[1] as Request).url).search).toBe(`?token=${TOKEN}&method=photo.addPhoto`);
  });

  it('answers 401 without asking the site when the session has no token', async () => {
    for (const token of [() => undefined, () => '', async () => 42 as unknown as string]) {
      const { relay, sent } = relayOver(json, { app: { baseUrl: 'https://site.example/', token } });
      expect(await refusal(await ask(relay, '/api.php?method=user.getUser'))).toEqual([
        401,
        'relay.unauthenticated',
        'No Application API token for this session',
      ]);
      expect(sent).toHaveLength(0);
    }
  });

  it('redacts a per-session token the site echoes, and uses each session’s own', async () => {
    const tokens = ['sessionTokenNumberOne1234567890abcdef', 'sessionTokenNumberTwo1234567890abcdef'];
    const { relay, sent } = relayOver(
      (request) => new Response(`echo ${new URL(request.url).searchParams.get('token')}`),
      {
        app: {
          baseUrl: 'https://site.example/',
          token: (request) => tokens[Number(request.headers.get('x-user'))],
        },
      },
    );
    for (const user of [0, 1]) {
      const answer = await ask(relay, '/api.php?method=user.getUser', {
        headers: { 'X-User': String(user) },
      });
      expect(await answer.text()).toBe('echo [REDACTED]');
    }
    expect(sent.map((request) => new URL(request.url).searchParams.get('token'))).toEqual(tokens);
  });

  it('relays nothing outside basePath', async () => {
    const { relay, sent } = relayOver(json, { basePath: 'social' });
    for (const path of [
      '/api.php?method=user.getUser',
      '/socialx/api.php?method=user.getUser',
      '/api/z/1.0/files',
      '/social',
    ]) {
      const [status, code] = await refusal(await ask(relay, path));
      expect([path, status, code]).toEqual([path, 404, 'relay.not_found']);
    }
    expect((await ask(relay, '/social/api.php?method=user.getUser')).status).toBe(200);
    expect((await ask(relay, '/social/api/z/1.0/files')).status).toBe(200);
    expect(sent.map((request) => new URL(request.url).pathname)).toEqual(['/api.php', '/api/z/1.0/files']);
  });

  it('refuses allow-lists naming calls the SDK does not make, or with another HTTP method', () => {
    const site = { baseUrl: 'https://site.example/', token: TOKEN };
    const make = (options: object) => () => createRelay({ authorize: () => true, ...options });
    expect(make({ app: { ...site, allow: ['blog.getBlogs'] } })).toThrow(
      /"blog.getBlogs" is not a method the SDK calls/,
    );
    expect(make({ app: { ...site, allow: ['__proto__'] } })).toThrow(ArgumentError);
    expect(make({ hub: { ...hub, allow: { verify: ['GET'] } } })).toThrow(
      /"verify" is not an endpoint the SDK calls/,
    );
    expect(make({ hub: { ...hub, allow: { 'item/update': ['GET'] } } })).toThrow(
      'hub.allow: the SDK calls item/update with POST, never "GET"',
    );
    expect(make({ hub: { ...hub, allow: { files: ['GET', 'POST'] } } })).toThrow(/never "POST"/);
    expect(
      make({
        app: { ...site, allow: ['photo.addPhoto', 'user.getUser'] },
        hub: { ...hub, allow: { files: ['GET'] } },
      }),
    ).not.toThrow();
  });
});

describe('the headers the page gets, by value', () => {
  const answered = async (headers: Record<string, string>, status = 200) => {
    const { relay } = relayOver(() => new Response(status === 204 ? null : '{"a":1}', { status, headers }));
    return ask(relay, '/api/z/1.0/files');
  };

  it('Content-Type: JSON as JSON (UTF-8 at most), anything else as plain text', async () => {
    for (const [given, expected] of [
      ['application/json', 'application/json; charset=utf-8'],
      ['Application/JSON;charset=UTF-8', 'application/json; charset=utf-8'],
      ['application/json; charset="utf-8"', 'application/json; charset=utf-8'],
      [`application/json; charset=${TOKEN}`, 'text/plain; charset=utf-8'],
      ['application/json; x=1', 'text/plain; charset=utf-8'],
      ['application/evil+json', 'text/plain; charset=utf-8'],
      ['text/html; charset=UTF-8', 'text/plain; charset=utf-8'],
      ['text/application/json', 'text/plain; charset=utf-8'],
      ['application/jsonp', 'text/plain; charset=utf-8'],
      ['application/json; charset=utf-8x', 'text/plain; charset=utf-8'],
      ['', 'text/plain; charset=utf-8'],
    ]) {
      expect([
        given,
        (await answered({ 'Content-Type': given as string })).headers.get('content-type'),
      ]).toEqual([given, expected]);
    }
  });

  it('Retry-After: seconds or an HTTP date, written again; nothing else', async () => {
    for (const [given, expected] of [
      ['120', '120'],
      [' 7 ', '7'],
      ['007', '7'],
      ['Wed, 21 Oct 2026 07:28:00 GMT', 'Wed, 21 Oct 2026 07:28:00 GMT'],
      ['12345678901', null],
      ['-1', null],
      ['1.5', null],
      [`120, ${TOKEN}`, null],
      ['Wed, 21 Oct 2026 07:28:00 GMT x', null],
      ['Wed, 99 Oct 2026 07:28:00 GMT', null],
      ['soon', null],
    ]) {
      const answer = await answered(
        { 'Retry-After': given as string, 'Content-Type': 'application/json' },
        503,
      );
      expect([given, answer.status, answer.headers.get('retry-after')]).toEqual([given, 503, expected]);
    }
  });

  it('keeps the relay’s own headers and drops the rest; 204 has no body', async () => {
    const answer = await answered({
      'Content-Type': 'application/json',
      'Content-Disposition': `attachment; filename="${TOKEN}"`,
      'X-Powered-By': 'PHP',
      Link: '<https://evil.example>',
    });
    expect(Object.fromEntries(answer.headers)).toEqual({
      'cache-control': 'private, no-cache',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-type': 'application/json; charset=utf-8',
      'x-content-type-options': 'nosniff',
    });
    expect(await answer.json()).toEqual({ a: 1 });
    const empty = await answered({}, 204);
    expect([empty.status, await empty.text()]).toEqual([204, '']);
  });
});
