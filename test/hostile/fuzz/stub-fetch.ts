import type { FuzzResponse } from './bodies.js';

/**
 * A `fetch` that answers every request with the same response, at once: no sockets, so thousands
 * of runs take seconds. Counts its calls, so a run can be checked for sending too much.
 *
 * It reads the request body first, as a server does. A fetch that ignores a multipart body leaves
 * it to ky, which cancels it, and Node's undici (7.20+) then throws ERR_INVALID_STATE from the
 * un-awaited writer of FormData parts as an unhandled rejection (nodejs/undici#5835, fix in
 * review as #5836). A real fetch locks the body while sending it, so only doubles like this one
 * can trigger it.
 */
export function stubFetch(response: FuzzResponse): typeof globalThis.fetch & { calls: number } {
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    fetch.calls++;
    await new Request(input, init).arrayBuffer();
    return new Response(response.body, {
      status: response.status,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    });
  };
  fetch.calls = 0;
  return fetch;
}
