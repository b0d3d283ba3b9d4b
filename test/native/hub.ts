import { http } from 'msw';
import { NativeClient, type NativeClientBaseOptions } from '../../src/native/index.js';
import { hubzillaResponse, loadHubzillaFixture } from '../support/fixtures.js';

export const HUB = 'https://hub.example';
export const API = `${HUB}/api/z/1.0`;

/** alice's client, with instant retries. */
export function alice(
  options: Partial<NativeClientBaseOptions & { username: string; password: string }> = {},
): NativeClient {
  return new NativeClient({
    baseUrl: HUB,
    username: 'alice',
    password: 'secret-pass',
    retry: { limit: 2, delay: () => 0 },
    ...options,
  });
}

/** The recorded answer of the real hub, headers (two Set-Cookie, `Content-type`) included. */
export function recorded(name: string): Response {
  return hubzillaResponse(name);
}

/** The query of the recorded request (`curl ... url?a=b`), to compare with what the SDK sends. */
export function recordedQuery(name: string): Record<string, string> {
  const url = /https?:\/\/\S+/.exec(loadHubzillaFixture(name).request)?.[0] ?? '';
  return Object.fromEntries(new URL(url.replaceAll('\\', '')).searchParams);
}

/** A handler for `api/z/1.0/<path>`, any method (the hub does not check it: tests assert it). */
export function on(path: string, answer: (request: Request, url: URL) => Response | Promise<Response>) {
  return http.all(`${API}/${path}`, ({ request }) => answer(request, new URL(request.url)));
}

/** Answers `path` with a recorded exchange. */
export function replay(path: string, name: string) {
  return on(path, () => recorded(name));
}

/** The parameters a request carried: its query, or its form (urlencoded or multipart). */
export async function params(request: Request): Promise<URLSearchParams> {
  if (request.method === 'GET') return new URL(request.url).searchParams;
  const form = await request.clone().formData();
  const result = new URLSearchParams();
  for (const [name, value] of form)
    result.append(name, typeof value === 'string' ? value : `<file ${value.name}>`);
  return result;
}

/** The recorded request's query equals what the SDK sent (same names and values, any order). */
export function sameQuery(request: Request, expected: Record<string, string>): boolean {
  const sent = Object.fromEntries(new URL(request.url).searchParams);
  return JSON.stringify(Object.entries(sent).sort()) === JSON.stringify(Object.entries(expected).sort());
}
