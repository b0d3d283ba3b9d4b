import { inspect } from 'node:util';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { AppClient, type Hooks } from '../../src/index.js';
import { envelope, phpfox, SITE } from '../app/phpfox.js';
import { useMswServer } from '../support/msw.js';

const { server } = useMswServer();

const SECRET_TOKEN = 'Zebra+Quokka/Narwhal==TOKEN';
const SECRET_KEY = 'Axolotl+Pangolin/KEY=';
const FORMS = [
  SECRET_TOKEN,
  encodeURIComponent(SECRET_TOKEN),
  SECRET_KEY,
  encodeURIComponent(SECRET_KEY),
  'Quokka',
  'Pangolin',
];

function everyRendering(value: unknown): string {
  const error = value as Error;
  return [
    String(error),
    error.message,
    error.stack,
    JSON.stringify(error),
    JSON.stringify({ ...error }),
    inspect(error, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
  ].join('\n');
}

function expectNoSecret(text: string) {
  for (const form of FORMS) expect(text).not.toContain(form);
}

describe('secrets never leak', () => {
  const log: unknown[] = [];
  const hooks: Hooks = {
    onRequest: (e) => log.push(e),
    onResponse: (e) => log.push(e),
    onRetry: (e) => log.push(e),
    onError: (e) => log.push(e, everyRendering(e.error)),
    onValidationWarning: (e) => log.push(e),
  };
  /** A short timeout only where the case is a timeout: elsewhere a loaded machine must not turn the answer into one. */
  const client = (timeout: number) =>
    new AppClient({
      baseUrl: SITE,
      token: SECRET_TOKEN,
      hooks,
      timeout,
      retry: { limit: 1, delay: () => 0 },
    });

  const cases: [string, () => Response | Promise<Response>][] = [
    [
      'a rejected token',
      () =>
        phpfox(envelope({ error_id: 'api.unable_to_find_api_key', error_message: `bad ${SECRET_TOKEN}` })),
    ],
    [
      'a method error echoing the token',
      () => phpfox(envelope({ error: true, error_id: 'x.y', error_message: SECRET_TOKEN })),
    ],
    [
      'a 500 whose body echoes the URL',
      () => new HttpResponse(`Fatal at /api.php?token=${encodeURIComponent(SECRET_TOKEN)}`, { status: 500 }),
    ],
    ['a 401', () => new HttpResponse(`token ${SECRET_TOKEN} refused`, { status: 401 })],
    ['a body that is not JSON and echoes the token', () => phpfox(`<b>Notice</b> token=${SECRET_TOKEN}`)],
    ['a schema mismatch echoing the token', () => phpfox(envelope({ user_id: SECRET_TOKEN }))],
    ['a network error', () => HttpResponse.error()],
    [
      'a timeout',
      async () => {
        await delay(2_000);
        return phpfox('{}');
      },
    ],
  ];

  it.each(cases)('%s', async (name, answer) => {
    server.use(http.all(`${SITE}/api.php`, answer));
    log.length = 0;
    const error = await client(name === 'a timeout' ? 100 : 15_000)
      .user.getUser()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    // The answer of the case, not a timeout on a loaded machine.
    expect((error as Error).name === 'TimeoutError').toBe(name === 'a timeout');
    expectNoSecret(everyRendering(error));
    expectNoSecret(inspect(log, { depth: Number.POSITIVE_INFINITY }));
    expect(log.length).toBeGreaterThan(0);
  });

  it('the key of a failed token exchange', async () => {
    server.use(
      http.all(`${SITE}/token.php`, () =>
        phpfox(envelope({ error_id: 'api.unable_to_find_api_key', error_message: `no ${SECRET_KEY}` })),
      ),
    );
    log.length = 0;
    const error = await AppClient.fromKey(SECRET_KEY, { baseUrl: SITE, hooks }).catch((e: unknown) => e);
    expectNoSecret(everyRendering(error));
    expectNoSecret(inspect(log, { depth: Number.POSITIVE_INFINITY }));
  });

  it('the key in a schema-failed token answer', async () => {
    server.use(http.all(`${SITE}/token.php`, () => phpfox({ token: 42, key: SECRET_KEY })));
    const error = await AppClient.fromKey(SECRET_KEY, { baseUrl: SITE }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('ValidationError');
    expectNoSecret(everyRendering(error));
  });
});
