import { setupWorker } from 'msw/browser';
import { afterAll, beforeAll } from 'vitest';
import { fakeHandlers } from '../../src/testing/msw.js';
// What browsers get for `socialsite-sdk/testing`: the fake site without the Node-only server.
import { createFakeSite, type FakeSite } from '../../src/testing/portable.js';

/** Where the mocked site lives: an origin that does not exist, so only the worker can answer. */
export const baseUrl = 'https://social.test/';

/**
 * An in-memory fake site behind msw's Service Worker for one test file: the page's real `fetch`
 * goes out, the worker answers it from the site. `requests` holds copies of what the page sent to
 * the site (readable bodies, for multipart uploads).
 */
export function useFakeSiteWorker(): { site: FakeSite; requests: Request[] } {
  const site = createFakeSite({ siteUrl: baseUrl });
  const requests: Request[] = [];
  const worker = setupWorker(...fakeHandlers(site));
  worker.events.on('request:start', ({ request }) => {
    if (request.url.startsWith(baseUrl)) requests.push(request.clone());
  });
  beforeAll(async () => {
    await worker.start({ quiet: true, onUnhandledFrame: 'bypass' });
  });
  afterAll(() => worker.stop());
  return { site, requests };
}

/** SHA-256 of a Blob as lower-case hex, with the browser's own WebCrypto. */
export async function sha256(blob: Blob): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await blob.arrayBuffer()));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
