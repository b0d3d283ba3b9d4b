import { FAKE_EVENT_NAMES, type FakeEventName } from './events/event-names.js';
import type { FakeSite } from './site-types.js';

/** Where the fake server takes events from shells, below its site root. */
export const ADMIN_EVENTS_PATH = '_fake/events';
/** The header that carries the admin token (`Authorization: Bearer <token>` works too). */
export const ADMIN_TOKEN_HEADER = 'x-fake-admin-token';

/**
 * The fake server's admin endpoint, `POST <site root>_fake/events/<name>` with the event's input
 * as a JSON object (`{"as":"bob","body":"hi"}`): runs `site.events.<name>` and answers
 * `{"event": name, "result": …}`; `GET <site root>_fake/events` lists the names. Only for a
 * caller on loopback or carrying the admin token (403 otherwise), so a fake listening on a LAN
 * interface cannot be driven by its neighbours. `undefined` for any other path: the site's.
 */
export async function adminAnswer(
  site: FakeSite,
  request: Request,
  root: string,
  caller: { address: string | undefined; token: string },
): Promise<Response | undefined> {
  const url = new URL(request.url);
  const base = new URL(root).pathname;
  if (!url.pathname.startsWith(`${base}${ADMIN_EVENTS_PATH}`)) return undefined;
  const rest = url.pathname.slice(base.length + ADMIN_EVENTS_PATH.length);
  if (rest !== '' && !rest.startsWith('/')) return undefined;
  if (!isLoopback(caller.address) && tokenOf(request) !== caller.token)
    return answer(403, {
      error: `the fake's admin endpoint takes requests from loopback, or with its admin token (${ADMIN_TOKEN_HEADER} header)`,
    });
  const name = rest.replace(/^\/+|\/+$/g, '');
  if (name === '') return answer(200, { events: FAKE_EVENT_NAMES });
  if (!(FAKE_EVENT_NAMES as readonly string[]).includes(name))
    return answer(404, { error: `no event ${JSON.stringify(name)}`, events: FAKE_EVENT_NAMES });
  if (request.method !== 'POST')
    return answer(405, { error: `POST the event's input as JSON to ${url.pathname}` });
  let input: unknown = {};
  const text = await request.text();
  if (text.trim() !== '') {
    try {
      input = JSON.parse(text);
    } catch {
      return answer(400, { error: 'the body is not JSON: send the event input as a JSON object' });
    }
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return answer(400, { error: 'the body must be a JSON object (the event input)' });
  try {
    const run = site.events[name as FakeEventName] as (input: object) => Promise<unknown>;
    return answer(200, { event: name, result: await run(input) });
  } catch (error) {
    return answer(400, { error: error instanceof Error ? error.message : String(error) });
  }
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

function tokenOf(request: Request): string | undefined {
  const header = request.headers.get(ADMIN_TOKEN_HEADER);
  if (header) return header;
  const auth = request.headers.get('authorization') ?? '';
  return /^bearer\s+(.+)$/i.exec(auth)?.[1];
}

function answer(status: number, body: unknown): Response {
  return new Response(`${JSON.stringify(body)}\n`, {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
