import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  AppClient,
  AuthenticationError,
  NativeClient,
  SdkError,
  ValidationError,
} from '../../src/index.js';
import { useLoopbackServer } from '../support/loopback.js';
import { compose, leakMarkers } from '../support/secret-encoders.js';
import { PKCS1_PEM, PKCS8_PEM, recordingOptions } from './support/secret-kinds.js';

/*
 * Regression tests for the findings of issue 20 (a hostile hub, the SDK used as an installed
 * consumer would), over real HTTP: each failed on the code before the fix.
 */

const server = useLoopbackServer();

const pemLines = (pem: string) => pem.split('\n').filter((line) => line.length >= 40);

describe('an echoed private key', () => {
  it.each([
    ['PKCS#8', PKCS8_PEM],
    ['PKCS#1', PKCS1_PEM],
  ])('its %s PEM, with its line breaks, shows nowhere', async (_, echoed) => {
    const base = await server.serve((_, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      response.end(`Notice: key ${echoed} was not accepted`);
    });
    const recording = recordingOptions();
    const hub = new NativeClient({
      ...recording.options,
      baseUrl: base,
      signature: { keyId: 'acct:alice@hub', privateKey: PKCS8_PEM },
    });
    const failure = await hub.groups.list().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ValidationError);
    const shown = recording.shown(failure);
    for (const line of [...pemLines(PKCS8_PEM), ...pemLines(PKCS1_PEM)]) expect(shown).not.toContain(line);
    expect((failure as ValidationError).rawBody).toContain('[REDACTED]');
  });
});

describe('a token answer that fails its schema', () => {
  const TOKEN = 'fresh-token-0123456789abcdef-QWERTY';
  it.each([['"3600"'], ['"abc"'], ['true'], ['{}']])(
    'expires_in %s: a ValidationError without the new token',
    async (expiresIn) => {
      const base = await server.serve((_, response) => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(`{"access_token":"${TOKEN}","expires_in":${expiresIn},"token_type":"Bearer"}`);
      });
      const recording = recordingOptions();
      const hub = new NativeClient({
        ...recording.options,
        baseUrl: base,
        clientCredentials: { clientId: 'bot', clientSecret: 'bot-secret-123' },
      });
      const failure = await hub.groups.list().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ValidationError);
      expect((failure as ValidationError).rawBody).toContain('"access_token":"[REDACTED]"');
      expect(recording.shown(failure)).not.toContain(TOKEN);
    },
  );
});

describe('a 256 KiB token', () => {
  const HUGE = `Hg${'x7Y+/='.repeat((256 * 1024) / 6)}`;
  const piece = HUGE.slice(0, 40);

  it('from /token: typed errors without it, for this call and the next', async () => {
    const base = await server.serve((request, response) => {
      if (request.url?.startsWith('/token')) {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ access_token: HUGE, expires_in: 'soon' }));
        return;
      }
      response.writeHead(500).end(`refused ${HUGE}`);
    });
    const recording = recordingOptions();
    const hub = new NativeClient({
      ...recording.options,
      baseUrl: base,
      clientCredentials: { clientId: 'bot', clientSecret: 'bot-secret-123' },
    });
    for (let call = 0; call < 2; call++) {
      const failure = await hub.groups.list().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ValidationError);
      expect(recording.shown(failure)).not.toContain(piece);
    }
  });

  it('from token.php: typed errors without it', async () => {
    const base = await server.serve((_, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end(`Notice: {"token":"${HUGE}","extra":`);
    });
    const recording = recordingOptions();
    const failure = await AppClient.fromKey('the-app-key-0123', {
      ...recording.options,
      baseUrl: base,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SdkError);
    expect(recording.shown(failure)).not.toContain(piece);
  });

  it.each([
    ['password', { username: 'alice', password: HUGE }],
    ['access token', { accessToken: HUGE }],
  ])('given as the %s: typed errors without it, for this call and the next', async (_, auth) => {
    const base = await server.serve((_, response) => {
      response.writeHead(500).end(`refused ${HUGE}`);
    });
    const recording = recordingOptions();
    const hub = new NativeClient({ ...recording.options, baseUrl: base, ...auth });
    for (let call = 0; call < 2; call++) {
      const failure = await hub.groups.list().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      expect(recording.shown(failure)).not.toContain(piece);
    }
  });

  it.each([['token', () => ({ token: HUGE }), (app: AppClient) => app.user.getUser()]])(
    'given as the AppClient %s: a typed error without it',
    async (_, auth, call) => {
      const base = await server.serve((_, response) => {
        response.writeHead(500).end(`refused ${HUGE}`);
      });
      const recording = recordingOptions();
      const failure = await call(new AppClient({ ...recording.options, baseUrl: base, ...auth() })).catch(
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(ApiError);
      expect(recording.shown(failure)).not.toContain(piece);
    },
  );

  it('given as the AppClient key: a typed error without it', async () => {
    const base = await server.serve((_, response) => {
      response.writeHead(500).end(`refused ${HUGE}`);
    });
    const recording = recordingOptions();
    const failure = await AppClient.fromKey(HUGE, { ...recording.options, baseUrl: base }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(recording.shown(failure)).not.toContain(piece);
  });
});

describe('a token no header can carry', () => {
  const BROKEN = ['line\r\nbreak-token-0123', 'nul\0-token-0123456', 'non-latin1-token-\u0100-0123'];

  it.each(BROKEN.map((token) => [JSON.stringify(token), token]))(
    'accessToken %s: an AuthenticationError before sending, not retried, not quoted',
    async (_, token) => {
      const base = await server.serve((_, response) => {
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"success":true,"results":[]}');
      });
      const recording = recordingOptions();
      const hub = new NativeClient({ ...recording.options, retry: 2, baseUrl: base, accessToken: token });
      const failure = await hub.groups.list().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AuthenticationError);
      expect(server.state.hits).toBe(0);
      const shown = recording.shown(failure);
      expect(shown).not.toContain(token);
      expect(shown).not.toContain('retrying');
    },
  );

  it('from /token: an AuthenticationError, the API never called', async () => {
    const paths: string[] = [];
    const base = await server.serve((request, response) => {
      paths.push(request.url ?? '');
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ access_token: 'issued\r\ntoken-0123456', expires_in: 3600 }));
    });
    const recording = recordingOptions();
    const hub = new NativeClient({
      ...recording.options,
      baseUrl: base,
      clientCredentials: { clientId: 'bot', clientSecret: 'bot-secret-123' },
    });
    const failure = await hub.groups.list().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AuthenticationError);
    expect(paths).toEqual(['/token']);
    expect(recording.shown(failure)).not.toContain('token-0123456');
  });
});

describe('a same-origin redirect whose Location carries user:password@', () => {
  const PASSWORD = 'Pw+Fjord/Glockenspiel=Yurt:3=';

  it('is not followed nor retried: a typed error that never quotes the password', async () => {
    const base = await server.serve((_, response) => {
      const location = new URL('/elsewhere', server.state.url);
      location.username = 'alice';
      location.password = PASSWORD;
      response.writeHead(302, { Location: location.href }).end();
    });
    const recording = recordingOptions();
    const hub = new NativeClient({
      ...recording.options,
      retry: 2,
      baseUrl: base,
      username: 'alice',
      password: PASSWORD,
    });
    const failure = await hub.groups.list().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('redirect_refused');
    expect(server.state.hits).toBe(1);
    const shown = recording.shown(failure);
    expect(shown).not.toContain(encodeURIComponent(PASSWORD));
    expect(shown).not.toContain('Glockenspiel');
  });
});

describe('SOCIALSITE_LOG=debug', () => {
  it('the console never shows a secret echoed with every character \\u-escaped', async () => {
    const password = 'Pw+Fjord/Glockenspiel=Yurt:3=';
    const encoder = compose('as is', ['\\u every character, upper hex']);
    const base = await server.serve((_, response) => {
      response.writeHead(500, { 'Content-Type': 'text/html' }).end(`login ${encoder(password)} failed`);
    });
    vi.stubEnv('SOCIALSITE_LOG', 'debug');
    const lines: string[] = [];
    const spies = (['error', 'warn', 'info', 'debug', 'log'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(' '));
      }),
    );
    try {
      const hub = new NativeClient({ baseUrl: base, username: 'alice', password, retry: 0 });
      await expect(hub.groups.list()).rejects.toBeInstanceOf(ApiError);
    } finally {
      for (const spy of spies) spy.mockRestore();
      vi.unstubAllEnvs();
    }
    const printed = lines.join('\n');
    expect(printed).toContain('[REDACTED]');
    for (const marker of leakMarkers(encoder, password)) expect(printed).not.toContain(marker);
  });
});
