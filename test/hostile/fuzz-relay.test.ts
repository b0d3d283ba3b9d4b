import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppClient, NativeClient } from '../../src/index.js';
import { APP_CALLS } from '../../src/relay/app-calls.js';
import { HUB_CALLS } from '../../src/relay/hub-calls.js';
import { createRelay } from '../../src/relay.js';
import { FUZZ_TIMEOUT_MS, fuzzOptions } from './fuzz/settings.js';
import { attack, attacked, pageRequest, toRequest } from './relay/page-request.js';
import { phpView } from './relay/php-view.js';
import { FUZZED_CALLS, type FuzzedCall } from './relay/sdk-calls.js';

/*
 * Differential: for every call the relay may forward, what the relay sends upstream for a page's
 * request is exactly what a server-side client sends for the same typed parameters (method, path,
 * and the fields as PHP reads them), whatever harmless spelling the page used; and whatever a
 * hostile page does to the request (PHP's other spellings of a name, duplicates, arrays, a field
 * moved between query and body, routing and credential fields added), the relay refuses it and
 * sends nothing.
 */

const SITE = 'https://site.example/';
const HUB = 'https://hub.example/';
const PAGE = 'https://app.example';
const TOKEN = 'fuzzTok3nAbcdefghijklmnopqrstuvwxyz0123456789';
const login = { username: 'alice', password: 'fuzz-pass-word', channel: 'alice' };

/** A fetch that keeps every API request and answers `{}`. */
function recorder() {
  const seen: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (/api\.php|api\/z\/1\.0\//.test(request.url)) seen.push(request);
    return Response.json({});
  };
  return { seen, fetch };
}

const server = recorder();
const page = recorder();
const upstream = recorder();
const options = { retry: 0, validation: 'off' as const };
const servers = {
  app: new AppClient({ baseUrl: SITE, token: TOKEN, fetch: server.fetch, ...options }),
  hub: new NativeClient({ baseUrl: HUB, ...login, fetch: server.fetch, ...options }),
};
const pages = {
  app: new AppClient({ relay: `${PAGE}/`, fetch: page.fetch, ...options }),
  hub: new NativeClient({ relay: `${PAGE}/`, fetch: page.fetch, ...options }),
};
const relay = createRelay({
  authorize: () => true,
  app: { baseUrl: SITE, token: TOKEN, allow: Object.keys(APP_CALLS) },
  hub: {
    baseUrl: HUB,
    ...login,
    allow: Object.fromEntries(
      Object.entries(HUB_CALLS).map(([endpoint, call]) => [endpoint, [call.httpMethod]]),
    ),
  },
  fetch: upstream.fetch,
});

/** The one API request `send` makes through `clients`, or `undefined` when the SDK refused the parameters. */
async function sent(
  log: { seen: Request[] },
  clients: typeof servers,
  call: FuzzedCall,
  typed: Record<string, unknown>,
): Promise<Request | undefined> {
  log.seen.length = 0;
  try {
    await call.send(clients, typed);
  } catch {
    // The answer `{}` fails most calls; what was sent is what counts.
  }
  // A client pinning a channel reads its own address-book entry once before its first item write
  // (the channel's id, to check where the item was stored): not the call under test.
  const calls = log.seen.filter(
    (request) => call.name === 'abook' || !new URL(request.url).pathname.endsWith('/abook'),
  );
  expect(calls.length).toBeLessThanOrEqual(1);
  return calls[0];
}

/** Whether `name` is exactly a field the SDK sends for `call`: adding one is a request of other parameters, not an attack. */
function sdkName(call: FuzzedCall, name: string): boolean {
  const fields =
    (call.api === 'app' ? APP_CALLS[call.name as keyof typeof APP_CALLS] : HUB_CALLS[call.name])?.fields ??
    {};
  return Object.hasOwn(fields, name.endsWith('[]') ? name.slice(0, -2) : name);
}

describe('the relay against a server-side client, for every call it forwards (differential)', () => {
  it('knows every call the relay forwards', () => {
    expect(FUZZED_CALLS.map((call) => call.name).sort()).toEqual(
      [...Object.keys(APP_CALLS), ...Object.keys(HUB_CALLS)].sort(),
    );
  });

  for (const call of FUZZED_CALLS) {
    it(
      `${call.name}: a page's request, spelt any harmless way, goes upstream exactly as the server-side call`,
      async () => {
        await fc.assert(
          fc.asyncProperty(call.params, fc.nat(), async (typed, encode) => {
            const direct = await sent(server, servers, call, typed);
            fc.pre(direct !== undefined);
            const asked = await sent(page, pages, call, typed);
            const fields = await pageRequest(asked as Request);
            const encodable =
              fields.query.length + (fields.body.kind === 'form' ? fields.body.fields.length : 0);
            upstream.seen.length = 0;
            const answer = await relay(
              toRequest(fields, PAGE, encodable === 0 ? undefined : encode % encodable),
            );
            expect([answer.status, await answer.text()]).toEqual([200, '{}']);
            expect(upstream.seen).toHaveLength(1);
            expect(await phpView(upstream.seen[0] as Request)).toEqual(await phpView(direct as Request));
          }),
          fuzzOptions(),
        );
      },
      FUZZ_TIMEOUT_MS,
    );

    it(
      `${call.name}: a page's request with any field respelt, repeated, moved, made an array or added is refused`,
      async () => {
        await fc.assert(
          fc.asyncProperty(call.params, attack, async (typed, hostile) => {
            fc.pre(!(hostile.kind === 'extra' && sdkName(call, hostile.name)));
            const asked = await sent(page, pages, call, typed);
            fc.pre(asked !== undefined);
            const changed = attacked(await pageRequest(asked as Request), hostile);
            fc.pre(changed !== undefined);
            upstream.seen.length = 0;
            const answer = await relay(toRequest(changed as NonNullable<typeof changed>, PAGE));
            expect([400, 403, 405]).toContain(answer.status);
            expect(upstream.seen).toHaveLength(0);
          }),
          fuzzOptions(),
        );
      },
      FUZZ_TIMEOUT_MS,
    );
  }
});
