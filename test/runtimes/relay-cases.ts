/**
 * The relay (`socialsite-sdk/relay`) on every runtime of the matrix: mounted as the runtime's own
 * fetch handler would call it (a `Request` in, a `Response` out), in front of the fake over real
 * HTTP, with clients that hold no credentials.
 */
import { ApiError, AppClient, NativeClient } from 'socialsite-sdk';
import { createRelay, DEFAULT_APP_ALLOW } from 'socialsite-sdk/relay';
import { checkReceived, receivedUploads } from './cases.js';
import {
  type CaseContext,
  type ConformanceCase,
  check,
  checkEqual,
  randomBytes,
  readAll,
  sha256Hex,
} from './harness.js';

/** Where the clients think the relay is; their `fetch` hands each request to the handler. */
const RELAY_URL = 'http://relay.invalid/social/';

async function relayed({ config }: CaseContext) {
  const { token } = await AppClient.fromKey(config.appKey, { baseUrl: config.baseUrl });
  const relay = createRelay({
    basePath: '/social/',
    authorize: (request) => request.headers.get('x-session') === 'ok',
    app: { baseUrl: config.baseUrl, token, allow: [...DEFAULT_APP_ALLOW, 'photo.addPhoto'] },
    hub: { baseUrl: config.baseUrl, ...config.hub },
  });
  const options = {
    relay: RELAY_URL,
    headers: { 'X-Session': 'ok' },
    fetch: (input: RequestInfo | URL, init?: RequestInit) => relay(new Request(input, init)),
  };
  return { app: new AppClient(options), hub: new NativeClient(options), token };
}

export const relayCases: ConformanceCase[] = [
  {
    name: 'relay: both clients through it, no credentials in the client, an upload byte-exact',
    async run(context) {
      const { app, hub } = await relayed(context);
      checkEqual((await app.user.getUser()).user_id, context.config.appUserId, 'user_id');
      checkEqual(
        (await app.friend.getFriends().toArray()).length,
        context.config.expected.friends,
        'friends',
      );
      await receivedUploads(context);
      const bytes = randomBytes(100_000, [0xff, 0xd8, 0xff, 0xe0]);
      await app.photo.addPhoto({ photo: new Blob([bytes], { type: 'image/jpeg' }), photo_name: 'relay.jpg' });
      await checkReceived(context, { size: bytes.byteLength, sha256: await sha256Hex(bytes) });
      const { big } = context.config.expected;
      const downloaded = await readAll(
        hub.files.download(big.hash, { chunkSize: 256 * 1024, concurrency: 2 }),
      );
      checkEqual(await sha256Hex(downloaded), big.sha256, 'SHA-256 of the download through the relay');
    },
  },
  {
    name: 'relay: a call outside the allow-list refused (403, relay.forbidden), no secret answered',
    async run(context) {
      const { hub, token } = await relayed(context);
      const refused = await hub.channel.exportBasic().then(
        () => undefined,
        (error: unknown) => error,
      );
      check(refused instanceof ApiError, `not refused: ${String(refused)}`);
      checkEqual((refused as ApiError).code, 'relay.forbidden', 'code');
      const relay = createRelay({
        authorize: () => true,
        app: { baseUrl: context.config.baseUrl, token },
      });
      const answer = await relay(
        new Request(`${RELAY_URL.replace('/social/', '/')}api.php?method=user.getUser`),
      );
      const text = await answer.text();
      check(!text.includes(token), 'the token came back in the answer');
      checkEqual(answer.headers.get('set-cookie'), null, 'Set-Cookie');
    },
  },
];
