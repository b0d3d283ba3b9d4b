import { afterAll } from 'vitest';
import {
  type FakeServer,
  type FakeServerOptions,
  type FakeSite,
  startFakeServer,
} from '../../src/testing/index.js';

/** The `Authorization` header of HTTP Basic, with the scheme spelled as given. */
export function basic(user: string, password: string, scheme = 'Basic'): string {
  return `${scheme} ${btoa(`${user}:${password}`)}`;
}

/** alice's header. */
export const ALICE = { Authorization: basic('alice', 'secret-pass') };

/** Sends a request for `path` (below the site root) to the fake site's handler. */
export function call(site: FakeSite, path: string, init: RequestInit = {}): Promise<Response> {
  return site.handler(new Request(new URL(path, site.url), init));
}

/** An api/z/1.0 call as alice (unless other headers are given). */
export function hub(site: FakeSite, path: string, init: RequestInit = {}): Promise<Response> {
  return call(site, `api/z/1.0/${path}`, { ...init, headers: init.headers ?? ALICE });
}

/** An api/z/1.0 call's parsed JSON body. */
export async function hubJson<T = unknown>(site: FakeSite, path: string, init: RequestInit = {}): Promise<T> {
  const response = await hub(site, path, init);
  return (await response.json()) as T;
}

/** A form body (`application/x-www-form-urlencoded`). */
export function form(fields: Record<string, string | string[]>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return body;
}

/** A token for the seeded app user. */
export async function appToken(site: FakeSite): Promise<string> {
  const response = await call(site, `token.php?key=${site.credentials.appKey}`);
  return ((await response.json()) as { token: string }).token;
}

/** An api.php call with the token properly URL-encoded. */
export async function app(site: FakeSite, token: string, method: string, query: Record<string, string> = {}) {
  const params = new URLSearchParams({ token, method, ...query });
  const response = await call(site, `api.php?${params}`);
  return { response, body: (await response.json()) as { api: Record<string, unknown>; output: unknown } };
}

/**
 * The structure of a JSON value: objects as their keys (in order) with the structure of each value,
 * arrays as the structure of their first element, primitives as their `typeof` (`null` for null).
 */
export function shape(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? [] : [shape(value[0])];
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, shape(v)]),
    );
  }
  return typeof value;
}

/** The keys and value types of a record, in order (nested objects by their keys only). */
export function fields(value: unknown): [string, string][] {
  return Object.entries(value as Record<string, unknown>).map(([key, v]) => [
    key,
    v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v,
  ]);
}

/** A `start(options)` for loopback fake servers that the test file closes after its last test. */
export function useFakeServers(): (options?: FakeServerOptions) => Promise<FakeServer> {
  const servers: FakeServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });
  return async (options = {}) => {
    const server = await startFakeServer(options);
    servers.push(server);
    return server;
  };
}
