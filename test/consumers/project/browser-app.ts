// A browser app (TypeScript, `moduleResolution: bundler`, DOM types only), bundled with esbuild and
// loaded in Chromium. It calls the fake server named in `?site=` and reports what happened.
// First, so that it also sees anything refused while the SDK's modules load:
import './csp-violations.js';
import { AppClient, AuthenticationError, NativeClient, NotFoundError, SdkError } from 'socialsite-sdk';
import { createFakeSite } from 'socialsite-sdk/testing';
import { refused } from './csp-violations.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

async function sha256(blob: Blob): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await blob.arrayBuffer()));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function run(params: URLSearchParams) {
  const baseUrl = params.get('site') ?? '';
  const app = await AppClient.fromKey(params.get('key') ?? '', { baseUrl });
  const me = await app.user.getUser();
  const friends = await app.friend.getFriends().toArray();
  const photo = await app.photo.addPhoto({ photo: new File([PNG], 'me.png'), photo_name: 'me.png' });
  const missing = await app.user.getUser({ user_id: 987654 }).catch((error: unknown) => error);

  const hub = new NativeClient({ baseUrl, username: 'alice', password: params.get('password') ?? '' });
  const files = await hub.files.list().toArray();
  const biggest = files.filter((file) => !file.is_dir).sort((a, b) => b.filesize - a.filesize)[0];
  const blob = await hub.files.downloadBlob(biggest?.hash ?? '', { concurrency: 3 });
  const intruder = new NativeClient({ baseUrl, username: 'alice', password: 'wrong' });
  const denied = await intruder.groups.list().catch((error: unknown) => error);
  const controller = new AbortController();
  controller.abort();
  const aborted = await hub.albums.list({}, { signal: controller.signal }).catch((error: unknown) => error);
  // `socialsite-sdk/testing` in a browser bundle (its `browser` build): the fake site in the page.
  const site = createFakeSite();
  const fetchFromSite = (input: RequestInfo | URL, init?: RequestInit) =>
    site.handler(new Request(input, init));
  const inPage = await AppClient.fromKey(site.credentials.appKey, {
    baseUrl: site.url,
    fetch: fetchFromSite,
  });
  return {
    inPageFake: (await inPage.user.getUser()).full_name,
    userIdType: typeof me.user_id,
    friends: friends.length,
    uploaded: typeof photo.photo_original === 'string',
    missing: missing instanceof NotFoundError ? missing.code : String(missing),
    download: { size: blob.size, sha256: await sha256(blob) },
    denied: denied instanceof AuthenticationError && denied instanceof SdkError,
    aborted: (aborted as DOMException).name,
    refused,
  };
}

const report = document.querySelector<HTMLElement>('#report');
run(new URLSearchParams(location.search)).then(
  (result) => {
    if (report) report.textContent = JSON.stringify(result);
    document.body.dataset.status = 'done';
  },
  (error: unknown) => {
    if (report) report.textContent = String(error);
    document.body.dataset.status = 'failed';
  },
);
