import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Redactor } from '../../src/core/secrets/redact.js';
import { AppClient, NativeClient, SdkError } from '../../src/index.js';
import { useLoopbackServer } from '../support/loopback.js';

/*
 * A server may echo a secret back in any spelling it has: raw, URL-encoded in either letter case,
 * form-encoded, JSON-escaped the way PHP writes it (`\/`, `\u00e9`), and the Basic credentials as
 * base64 or `user:pass`. None may reach a message, a stack, inspection, serialization, `body`,
 * `rawBody` or a hook.
 */
const TOKEN = 'tok+en/sécret=value 42';
const PASSWORD = 'pä/ss+word secret';
const USER = 'alice';

function phpJson(text: string): string {
  return JSON.stringify(text)
    .slice(1, -1)
    .replaceAll('/', '\\/')
    .replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function spellings(secret: string): Record<string, string> {
  const encoded = encodeURIComponent(secret);
  return {
    raw: secret,
    'URL-encoded': encoded,
    'URL-encoded, lower-case hex': encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    'form-encoded': new URLSearchParams({ s: secret }).toString().slice(2),
    'PHP JSON': phpJson(secret),
    'PHP JSON, upper-case hex': phpJson(secret).replace(
      /\\u([0-9a-f]{4})/g,
      (_, hex: string) => `\\u${hex.toUpperCase()}`,
    ),
  };
}

const basic = Buffer.from(`${USER}:${PASSWORD}`).toString('base64');
const hubSpellings = {
  ...spellings(PASSWORD),
  'Basic base64': basic,
  'Basic base64, URL-encoded': encodeURIComponent(basic),
  'user:pass': `${USER}:${PASSWORD}`,
};

const server = useLoopbackServer();

/** Everything an error and the hooks let a user see. */
function everythingShown(error: unknown, hookEvents: unknown[]): string {
  const failure = error as SdkError & { body?: unknown; rawBody?: unknown };
  return [
    failure.message,
    failure.stack,
    String(failure),
    inspect(failure, { depth: 10, showHidden: true }),
    JSON.stringify(failure),
    JSON.stringify(failure.body ?? null),
    String(failure.rawBody ?? ''),
    inspect(hookEvents, { depth: 10 }),
  ].join('\n');
}

describe.each([401, 404, 500, 200])('a body echoing the token (HTTP %i)', (status) => {
  it.each(Object.entries(spellings(TOKEN)))('%s', async (_, spelling) => {
    const base = await server.serve((_, response) => {
      response.writeHead(status, { 'Content-Type': 'text/html' });
      // Not JSON for 200: the failure quotes the body (a ValidationError with rawBody).
      response.end(`<b>Fatal</b>: token "${spelling}" rejected; {"error_message":"${spelling}"}`);
    });
    const events: unknown[] = [];
    const app = new AppClient({
      baseUrl: base,
      token: TOKEN,
      retry: 0,
      hooks: { onError: (event) => events.push(event) },
    });
    const failure = await app.user.getUser().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SdkError);
    const shown = everythingShown(failure, events);
    expect(shown).not.toContain(spelling);
    expect(shown).not.toContain(TOKEN);
    expect(events).toHaveLength(1);
  });
});

describe.each([401, 500, 200])('a body echoing the password or the Basic credentials (HTTP %i)', (status) => {
  it.each(Object.entries(hubSpellings))('%s', async (_, spelling) => {
    const base = await server.serve((_, response) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(`{"success":false,"message":"login ${spelling} failed"} trailing ${spelling}`);
    });
    const events: unknown[] = [];
    const hub = new NativeClient({
      baseUrl: base,
      username: USER,
      password: PASSWORD,
      retry: 0,
      hooks: { onError: (event) => events.push(event) },
    });
    const failure = await hub.groups.list().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SdkError);
    const shown = everythingShown(failure, events);
    expect(shown).not.toContain(spelling);
    expect(shown).not.toContain(PASSWORD);
    expect(shown).not.toContain(basic);
  });
});

describe('the redactor', () => {
  it('redacts every spelling in text, and a 50,000-deep value without a RangeError', () => {
    const redactor = new Redactor([TOKEN]);
    for (const spelling of Object.values(spellings(TOKEN))) {
      expect(redactor.text(`a ${spelling} b`)).toBe('a [REDACTED] b');
    }
    let deep: unknown = TOKEN;
    for (let level = 0; level < 50_000; level++) deep = [deep];
    let copy = redactor.value(deep);
    for (let level = 0; level < 50_000; level++) copy = (copy as unknown[])[0];
    expect(copy).toBe('[REDACTED]');
  });
});

/** The secrets of the other strategies, echoed by the hub in every spelling. */
describe('the secrets of every NativeClient strategy', () => {
  const ACCESS = 'acc/ess+tok=en-0123456789';
  const CLIENT_SECRET = 'cli/ent+sec=ret-987';
  const cases = [
    ['a fixed access token', { accessToken: ACCESS }, [ACCESS]],
    ['a provided access token', { accessToken: async () => ACCESS }, [ACCESS]],
    [
      'client credentials and the token they got',
      { clientCredentials: { clientId: 'bot', clientSecret: CLIENT_SECRET } },
      [CLIENT_SECRET, ACCESS, btoa(`bot:${CLIENT_SECRET}`)],
    ],
  ] as const;

  it.each(cases)('%s: never shown, in any spelling', async (_, auth, secrets) => {
    const echo = secrets.flatMap((secret) => Object.values(spellings(secret))).join(' ~ ');
    const base = await server.serve((request, response) => {
      if (request.url?.startsWith('/token')) {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ access_token: ACCESS, expires_in: 3600, token_type: 'Bearer' }));
        return;
      }
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(`{"message":"${echo}","auth":"${request.headers.authorization}"} ${echo}`);
    });
    const events: unknown[] = [];
    const hub = new NativeClient({
      baseUrl: base,
      ...auth,
      retry: 0,
      hooks: { onError: (event) => events.push(event) },
    });
    const failure = await hub.groups.list().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SdkError);
    const shown = everythingShown(failure, events);
    for (const secret of secrets)
      for (const spelling of Object.values(spellings(secret))) expect(shown).not.toContain(spelling);
    expect(shown).not.toMatch(/Bearer (?!\[REDACTED\])/);
  });

  it('a signature echoed back is redacted, and the key’s PEM never shows', async () => {
    const keys = await crypto.subtle.generateKey(
      {
        name: 'RSASSA-PKCS1-v1_5',
        modulusLength: 1024,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: 'SHA-256',
      },
      true,
      ['sign'],
    );
    const der = new Uint8Array(await crypto.subtle.exportKey('pkcs8', keys.privateKey));
    const body = btoa(String.fromCharCode(...der));
    const pem = `-----BEGIN PRIVATE KEY-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END PRIVATE KEY-----`;
    let sent = '';
    const base = await server.serve((request, response) => {
      sent = String(request.headers.authorization);
      response.writeHead(401, { 'Content-Type': 'text/plain' });
      response.end(`refused ${sent} key ${body}`);
    });
    const events: unknown[] = [];
    const hub = new NativeClient({
      baseUrl: base,
      signature: { keyId: 'acct:alice@hub', privateKey: pem },
      retry: 0,
      hooks: { onError: (event) => events.push(event) },
    });
    const failure = await hub.groups.list().catch((error: unknown) => error);
    const shown = everythingShown(failure, events);
    const signature = /signature="([^"]+)"/.exec(sent)![1]!;
    expect(shown).not.toContain(signature);
    expect(shown).not.toContain(body.slice(0, 40));
    expect(inspect(hub)).not.toContain(body.slice(0, 40));
  });
});
