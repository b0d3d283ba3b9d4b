// A Node app that `import`s the installed package by name. Prints a JSON report for the test.
import { createHash } from 'node:crypto';
import { AppClient, AuthenticationError, NativeClient, NotFoundError, SdkError } from 'socialsite-sdk';
import { fileFromPath } from 'socialsite-sdk/node';
import { startFakeServer } from 'socialsite-sdk/testing';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const server = await startFakeServer();
try {
  const app = await AppClient.fromKey(server.credentials.appKey, { baseUrl: server.appBaseUrl });
  const me = await app.user.getUser();
  const friends = [];
  for await (const friend of app.friend.getFriends()) friends.push(friend.user_id);
  const photo = await app.photo.addPhoto({ photo: new Blob([PNG]), photo_name: 'me.png' });
  const wrongKey = await AppClient.fromKey('wrong', { baseUrl: server.appBaseUrl }).catch((e) => e);
  const missing = await app.user.getUser({ user_id: 987654 }).catch((e) => e);

  const hub = new NativeClient({ baseUrl: server.hubBaseUrl, ...server.credentials.channel });
  const big = server.site.files.big;
  const blob = await hub.files.downloadBlob(big.file_id, { concurrency: 3 });
  const sha256 = createHash('sha256')
    .update(new Uint8Array(await blob.arrayBuffer()))
    .digest('hex');
  const notAFile = await fileFromPath(import.meta.dirname).catch((e) => e);

  console.log(
    JSON.stringify({
      userIdType: typeof me.user_id,
      friends: friends.length,
      uploaded: typeof photo.photo_original === 'string',
      wrongKey: wrongKey instanceof AuthenticationError && wrongKey instanceof SdkError,
      missing: missing instanceof NotFoundError ? missing.code : String(missing),
      downloadExact: blob.size === big.filesize && sha256 === big.sha256,
      nodeHelperError: notAFile instanceof SdkError,
    }),
  );
} finally {
  await server.close();
}
