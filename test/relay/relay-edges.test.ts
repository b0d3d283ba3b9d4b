import { describe, expect, it } from 'vitest';
import { ArgumentError } from '../../src/index.js';
import { createRelay, DEFAULT_HUB_ALLOW } from '../../src/relay.js';
import { ask, PASSWORD, refusal, relayOver, TOKEN } from './in-process.js';

const json = () => Response.json({ output: 1, api: {} });
const hub = { baseUrl: 'https://hub.example/', username: 'alice', password: PASSWORD };
const writes = { hub: { ...hub, allow: { ...DEFAULT_HUB_ALLOW, 'item/update': ['POST' as const] } } };
const form = (fields: [string, string | Blob][]) => {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return { method: 'POST', body };
};

describe('the relay at its edges', () => {
  it('reads numbers as the SDK writes them only, and booleans as 1 or 0', async () => {
    const { relay, sent } = relayOver(json, writes);
    for (const path of [
      '/api.php?method=user.getUser&user_id=1e3',
      '/api.php?method=user.getUser&user_id=%201',
      '/api.php?method=friend.getFriends&page=0x10',
      '/api.php?method=friend.getFriends&page=00',
      '/api/z/1.0/network/stream?star=',
    ]) {
      expect([path, (await ask(relay, path)).status]).toEqual([path, 400]);
    }
    expect(sent).toHaveLength(0);
    await ask(
      relay,
      '/api/z/1.0/item/update',
      form([
        ['body', 'b'],
        ['nocomment', '0'],
        ['consensus', '1'],
      ]),
    );
    expect([...(await (sent[0] as Request).formData())]).toEqual([
      ['body', 'b'],
      ['nocomment', '0'],
      ['consensus', '1'],
    ]);
    await ask(relay, '/api.php?method=friend.getFriends&page=0&user_id=10');
    expect(new URL((sent[1] as Request).url).search).toBe(
      `?token=${TOKEN}&method=friend.getFriends&page=0&user_id=10`,
    );
  });

  it('cuts a long name in its message, and shows the array keys PHP would read', async () => {
    const { relay } = relayOver(json);
    const long = 'x'.repeat(60);
    const [, , message] = await refusal(await ask(relay, `/api.php?method=user.getUser&${long}=1`));
    expect(message).toBe(`"${'x'.repeat(40)}…" is not a parameter the SDK sends to user.getUser`);
    const [, , arrays] = await refusal(await ask(relay, '/api.php?method=user.getUser&a[]x=1'));
    expect(arrays).toBe('"a[]x" is not a parameter the SDK sends to user.getUser; PHP reads it as "a[]"');
  });

  it('refuses a file where the SDK sends text in a list, a post without text, and two parents', async () => {
    const { relay, sent } = relayOver(json, writes);
    const cases: [[string, string | Blob][], string][] = [
      [
        [
          ['body', 'x'],
          ['contact_allow[]', new Blob(['a'])],
        ],
        '"contact_allow[]" is not sent that way by the SDK (text-or-list)',
      ],
      [[['title', 't']], 'body is required'],
      [[['body', '  ']], 'body is required'],
      [
        [
          ['body', 'x'],
          ['parent', '3'],
          ['parent_mid', 'm'],
        ],
        'give parent or parent_mid, not both',
      ],
    ];
    for (const [fields, message] of cases) {
      const [status, , said] = await refusal(await ask(relay, '/api/z/1.0/item/update', form(fields)));
      expect([message, status, said]).toEqual([message, 400, expect.stringContaining(message)]);
    }
    expect((await ask(relay, '/api/z/1.0/item/update', form([['media', new Blob(['png'])]]))).status).toBe(
      200,
    );
    expect(sent).toHaveLength(1);
  });

  it('refuses a body that is no form, a broken multipart body and one over the limit however it is sent', async () => {
    const { relay, sent } = relayOver(json, { ...writes, maxRequestBytes: 64 });
    const post = (body: BodyInit, headers: Record<string, string> = {}) =>
      ask(relay, '/api/z/1.0/item/update', { method: 'POST', body, headers });
    expect(await refusal(await post('{"body":"x"}', { 'Content-Type': 'application/json' }))).toEqual([
      400,
      'relay.bad_request',
      'A body must be a form (urlencoded or multipart)',
    ]);
    expect(
      await refusal(await post('--x\r\nbroken', { 'Content-Type': 'multipart/form-data; boundary=x' })),
    ).toEqual([400, 'relay.bad_request', 'The multipart body could not be read']);
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('body=xxxxxxxxxxxx&'));
        controller.close();
      },
    });
    const tooLarge = await ask(relay, '/api/z/1.0/item/update', {
      method: 'POST',
      body: streamed,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      duplex: 'half',
    } as RequestInit);
    expect(await refusal(tooLarge)).toEqual([
      413,
      'relay.request_too_large',
      'The request body passed 64 bytes (maxRequestBytes)',
    ]);
    expect(
      (await post('body=hello', { 'Content-Type': 'Application/X-WWW-Form-Urlencoded; charset=UTF-8' }))
        .status,
    ).toBe(200);
    expect((await post(new Uint8Array(0))).status).toBe(400);
    const exactly = `body=${'x'.repeat(59)}`;
    expect((await post(exactly, { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(200);
    expect(sent).toHaveLength(2);
  });

  it('says why it refused a route, a site it does not have, or a session', async () => {
    const { relay } = relayOver(json);
    expect(await refusal(await ask(relay, '/elsewhere'))).toEqual([
      404,
      'relay.not_found',
      'The relay forwards GET and POST of /api.php and /api/z/1.0/<endpoint>',
    ]);
    expect((await refusal(await ask(relay, '/api/z/1.0/')))[0]).toBe(404);
    expect((await refusal(await ask(relay, '/api/z/1.0/files', { method: 'PUT' })))[2]).toBe(
      'The relay forwards GET and POST of /api.php and /api/z/1.0/<endpoint>',
    );
    for (const basePath of ['/social', 'social/', '/social/']) {
      const mounted = relayOver(json, { basePath });
      expect((await ask(mounted.relay, '/social/api.php?method=user.getUser')).status).toBe(200);
      expect((await ask(mounted.relay, '/abcdefgapi.php?method=user.getUser')).status).toBe(404);
      expect(mounted.sent).toHaveLength(1);
    }
    expect((await refusal(await ask(relay, '/token.php?key=k')))[2]).toContain('token.php is not relayed');
    expect(await refusal(await ask(relay, '/api/z/1.0/Files'))).toEqual([
      403,
      'relay.forbidden',
      'The relay forwards api/z/1.0/<endpoint> calls only',
    ]);
    expect((await refusal(await ask(relay, '/api/z/1.0/verify')))[2]).toBe(
      "GET verify is not in the relay's allow-list (hub.allow)",
    );
    expect((await refusal(await ask(relay, '/api.php?method=mail.get')))[2]).toBe(
      "mail.get is not in the relay's allow-list (app.allow)",
    );
    const hubOnly = createRelay({ authorize: () => false, hub });
    expect(await refusal(await ask(hubOnly, '/api.php?method=user.getUser'))).toEqual([
      404,
      'relay.not_found',
      'This relay has no Application API behind it',
    ]);
    expect(await refusal(await ask(hubOnly, '/api/z/1.0/files'))).toEqual([
      403,
      'relay.forbidden',
      'This session may not make this call (authorize)',
    ]);
    const appOnly = createRelay({
      authorize: () => true,
      app: { baseUrl: 'https://site.example/', token: TOKEN },
    });
    expect((await refusal(await ask(appOnly, '/api/z/1.0/files')))[2]).toBe(
      'This relay has no hub behind it',
    );
  });

  it('checks its own options at creation', () => {
    const make = (options: object) => () => createRelay({ authorize: () => true, hub, ...options });
    expect(make({ maxResponseBytes: 0 })).toThrow(
      'maxResponseBytes must be a positive whole number when given',
    );
    expect(make({ timeout: 1.5 })).toThrow(/timeout/);
    expect(make({ maxRequestBytes: 1 })).not.toThrow();
    expect(make({ cors: { origins: 'https://app.example' } })).toThrow(
      'cors.origins must be a list of origins or a function',
    );
    expect(make({ cors: { origins: () => true } })).not.toThrow();
    expect(make({ app: { baseUrl: 'https://site.example/', token: 42 } })).toThrow(/app.token is required/);
    expect(make({ app: { baseUrl: 'https://site.example/', token: () => 'x' } })).not.toThrow();
    expect(() => createRelay(null as never)).toThrow(ArgumentError);
    expect(() => createRelay({ authorize: true } as never)).toThrow(/authorize is required/);
  });
});
