import { detectRuntime, type RuntimeGlobals } from '../base/runtime.js';
import { ConnectionError } from '../errors/connection-error.js';

/** Where the relay is explained (the page's way around servers that send no CORS headers). */
export const RELAY_DOCS = 'docs/browsers.md#relay in socialsite-sdk';

/**
 * A browser's fetch that failed for a URL on another origin than the page's. Browsers give a
 * CORS refusal no message of its own (Chromium: "Failed to fetch"), and phpFox and Hubzilla send
 * no CORS headers at all: this is most likely a refusal, which recurs on every attempt, so it is
 * not retried and says what to do. `undefined` anywhere else (a server runtime, a same-origin URL).
 */
export function crossOriginFailure(
  method: string,
  url: string,
  cause: unknown,
  globals: RuntimeGlobals & { location?: { origin?: string } } = globalThis as never,
): ConnectionError | undefined {
  if (detectRuntime(globals).kind !== 'browser') return undefined;
  const page = globals.location?.origin;
  let target: string;
  try {
    target = new URL(url).origin;
  } catch {
    return undefined;
  }
  if (typeof page !== 'string' || page === target) return undefined;
  return new ConnectionError(
    `${method} ${url} failed in the browser, from a page on ${page}. The server may not allow cross-origin calls (phpFox and Hubzilla send no CORS headers): call it through a relay on your own server (socialsite-sdk/relay, see ${RELAY_DOCS}). Not retried.`,
    url,
    { cause },
  );
}
