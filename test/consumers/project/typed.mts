// TypeScript with `moduleResolution: node16`, ESM flavour: the `import` types (`.d.ts`).
import {
  AppClient,
  type Attach,
  type ClientOptions,
  type Friend,
  NativeClient,
  NotFoundError,
  type Page,
  type User,
  UserSchema,
} from 'socialsite-sdk';
import { downloadToFile, fileFromPath } from 'socialsite-sdk/node';
import { type FakeServer, startFakeServer } from 'socialsite-sdk/testing';

export async function tour(server: FakeServer): Promise<{ me: User; first: Page<Friend>; files: Attach[] }> {
  const options: ClientOptions = { baseUrl: server.appBaseUrl, retry: { limit: 1 }, validation: 'strict' };
  const app = await AppClient.fromKey(server.credentials.appKey, options);
  const me = await app.user.getUser();
  // @ts-expect-error user_id is a number (fails the check if the types ever degrade to `any`)
  const wrong: string = me.user_id;
  const first = await app.friend.getFriends();
  const next: Page<Friend> | null = await first.nextPage();
  const hub = new NativeClient({ baseUrl: server.hubBaseUrl, ...server.credentials.channel });
  const files = await hub.files.list({ records: 5 }).toArray({ limit: 10 });
  const stream: ReadableStream<Uint8Array> = hub.files.download(files[0]?.hash ?? '', { concurrency: 2 });
  await downloadToFile(hub, files[0]?.hash ?? '', '/tmp/x.bin', {
    onProgress: ({ loaded, total }) => loaded / total,
  });
  await app.photo.addPhoto({ photo: await fileFromPath('cat.jpg'), photo_name: 'cat.jpg' });
  try {
    await hub.xchan.get({ address: 'nobody@nowhere.example' });
  } catch (error) {
    if (error instanceof NotFoundError) console.log(error.status, error.code, error.url);
  }
  const parsed = UserSchema.safeParse({});
  console.log(wrong, next?.items.length, stream.locked, parsed.success);
  return { me, first, files };
}

export const start: () => Promise<FakeServer> = () => startFakeServer({ envelope: '3.5' });
