/**
 * The portable conformance subset: one set of cases that every runtime of the matrix runs against
 * the embedded fake over real HTTP (scripts/test-runtimes.ts). Web APIs only: the file-system cases
 * get their disk helpers from the entry of a runtime that has one.
 */
import { AppClient, NativeClient, SdkError, TimeoutError } from 'socialsite-sdk';
import { downloadToFile, fileFromPath } from 'socialsite-sdk/node';
import { createFakeSite } from 'socialsite-sdk/testing';
import type { ReceivedUpload } from './contract.js';
import {
  type CaseContext,
  type ConformanceCase,
  check,
  checkEqual,
  randomBytes,
  readAll,
  sha256Hex,
} from './harness.js';

const JPEG_MAGIC = [0xff, 0xd8, 0xff, 0xe0];

function hub({ config }: CaseContext, baseUrl = config.baseUrl): NativeClient {
  return new NativeClient({ baseUrl, ...config.hub });
}

/** The uploads the server received since the last ask. */
export async function receivedUploads({ config }: CaseContext): Promise<ReceivedUpload[]> {
  const response = await fetch(`${config.controlUrl}uploads`);
  return (await response.json()) as ReceivedUpload[];
}

/** The one upload since the last ask: sized up front, never chunked, its file byte-exact. */
export async function checkReceived(
  context: CaseContext,
  sent: { size: number; sha256: string },
): Promise<void> {
  const uploads = await receivedUploads(context);
  checkEqual(uploads.length, 1, 'uploads received');
  const [upload] = uploads as [ReceivedUpload];
  check(upload.contentLength !== null, `the upload to ${upload.path} carried no Content-Length`);
  checkEqual(upload.transferEncoding, null, `Transfer-Encoding of the upload to ${upload.path}`);
  checkEqual(upload.files.length, 1, 'files in the upload');
  checkEqual(upload.files[0]?.size, sent.size, 'size of the file received');
  checkEqual(upload.files[0]?.sha256, sent.sha256, 'SHA-256 of the file received');
}

/** Progress reports end at the whole size and never go back. */
function progressRecorder() {
  const seen: { loaded: number; total: number }[] = [];
  return {
    onUploadProgress: (progress: { loaded: number; total: number }) => void seen.push({ ...progress }),
    check() {
      check(seen.length > 0, 'no upload progress reported');
      const last = seen.at(-1);
      check(last !== undefined && last.total > 0, 'no total in the upload progress');
      checkEqual(last.loaded, last.total, 'last progress loaded');
      check(
        seen.every((p, i) => i === 0 || p.loaded >= (seen[i - 1]?.loaded ?? 0)),
        'upload progress went back',
      );
    },
  };
}

export const conformanceCases: ConformanceCase[] = [
  {
    name: 'app: key exchanged for a token, the user read',
    async run({ config }) {
      const app = await AppClient.fromKey(config.appKey, { baseUrl: config.baseUrl });
      check(app.token.length > 0, 'empty token');
      const me = await app.user.getUser();
      checkEqual(me.user_id, config.appUserId, 'user_id');
    },
  },
  {
    name: 'app: for await walks every friend once',
    async run({ config }) {
      const app = await AppClient.fromKey(config.appKey, { baseUrl: config.baseUrl });
      const ids: number[] = [];
      for await (const friend of app.friend.getFriends()) ids.push(friend.user_id);
      checkEqual(ids.length, config.expected.friends, 'friends walked');
      checkEqual(new Set(ids).size, ids.length, 'distinct friends');
    },
  },
  {
    name: 'app: photo upload received byte-exact, with Content-Length and progress',
    async run(context) {
      const app = await AppClient.fromKey(context.config.appKey, { baseUrl: context.config.baseUrl });
      await receivedUploads(context);
      const bytes = randomBytes(200_000, JPEG_MAGIC);
      const progress = progressRecorder();
      const photo = new Blob([bytes], { type: 'image/jpeg' });
      await app.photo.addPhoto(
        { photo, photo_name: 'conformance.jpg' },
        { onUploadProgress: progress.onUploadProgress },
      );
      await checkReceived(context, { size: bytes.byteLength, sha256: await sha256Hex(bytes) });
      progress.check();
    },
  },
  {
    name: 'native: groups and every file listed',
    async run(context) {
      const groups = await hub(context).groups.list();
      check(groups.length > 0, 'no groups');
      const hashes = new Set<string>();
      for await (const file of hub(context).files.list()) hashes.add(file.hash);
      for (const hash of context.config.expected.knownFiles)
        check(hashes.has(hash), `file ${hash} not listed`);
    },
  },
  {
    name: 'native: media upload received byte-exact, with Content-Length, with and without progress',
    async run(context) {
      const client = hub(context);
      await receivedUploads(context);
      for (const withProgress of [false, true]) {
        const bytes = randomBytes(300_001);
        const progress = progressRecorder();
        const media = new File([bytes], 'conformance.bin', { type: 'application/octet-stream' });
        await client.items.update(
          { body: 'conformance upload', media },
          withProgress ? { onUploadProgress: progress.onUploadProgress } : {},
        );
        await checkReceived(context, { size: bytes.byteLength, sha256: await sha256Hex(bytes) });
        if (withProgress) progress.check();
      }
    },
  },
  {
    name: 'native: chunked download byte-exact (SHA-256)',
    async run(context) {
      const { big } = context.config.expected;
      const stream = hub(context).files.download(big.hash, { chunkSize: 1024 * 1024, concurrency: 2 });
      const bytes = await readAll(stream);
      checkEqual(bytes.byteLength, big.size, 'bytes downloaded');
      checkEqual(await sha256Hex(bytes), big.sha256, 'SHA-256 of the download');
    },
  },
  {
    name: 'abort: the call rejects with the signal’s reason',
    async run(context) {
      const client = new NativeClient({
        baseUrl: `${context.config.controlUrl}hang/`,
        ...context.config.hub,
      });
      const controller = new AbortController();
      const reason = new Error('stopped by the test');
      const call = client.groups.list({}, { signal: controller.signal });
      setTimeout(() => controller.abort(reason), 100);
      const outcome = await call.then(
        () => 'resolved',
        (error: unknown) => error,
      );
      check(outcome === reason, `rejected with ${String(outcome)}, not the signal's reason`);
    },
  },
  {
    name: 'timeout: a silent server ends in TimeoutError',
    async run(context) {
      const client = new NativeClient({
        baseUrl: `${context.config.controlUrl}hang/`,
        ...context.config.hub,
        retry: 0,
      });
      const outcome = await client.groups.list({}, { timeout: 300 }).then(
        () => 'resolved',
        (error: unknown) => error,
      );
      check(outcome instanceof TimeoutError, `rejected with ${String(outcome)}, not a TimeoutError`);
    },
  },
  {
    // Under PHP's default upload_max_filesize (2 MiB), which the client refuses past (issue 38).
    name: 'fs: fileFromPath upload of 2 MB received byte-exact, with Content-Length and progress',
    needsFileSystem: true,
    async run(context) {
      const fs = context.fs!;
      const made = await fs.makeFile('upload.bin', 2_000_017);
      await receivedUploads(context);
      const progress = progressRecorder();
      const media = await fileFromPath(made.path, { type: 'application/octet-stream' });
      await hub(context).items.update(
        { body: 'from disk', media },
        { onUploadProgress: progress.onUploadProgress },
      );
      await checkReceived(context, { size: 2_000_017, sha256: made.sha256 });
      progress.check();
    },
  },
  {
    name: 'fs: downloadToFile byte-exact on disk',
    needsFileSystem: true,
    async run(context) {
      const fs = context.fs!;
      const { big } = context.config.expected;
      const path = fs.scratchPath('big.bin');
      await downloadToFile(hub(context), big.hash, path);
      checkEqual(await fs.sha256(path), big.sha256, 'SHA-256 of the file on disk');
    },
  },
  {
    name: 'no file system: the disk helpers reject with UnsupportedRuntimeError',
    needsNoFileSystem: true,
    async run(context) {
      for (const call of [() => fileFromPath('a.bin'), () => downloadToFile(hub(context), 'x', 'a.bin')]) {
        const outcome = await call().then(
          () => 'resolved',
          (error: unknown) => error,
        );
        check(
          outcome instanceof SdkError &&
            (outcome as SdkError & { code?: string }).code === 'unsupported_runtime',
          `rejected with ${String(outcome)}, not an UnsupportedRuntimeError`,
        );
      }
    },
  },
  {
    name: 'testing: the embedded fake answers in-process (socialsite-sdk/testing)',
    async run() {
      const site = createFakeSite();
      const client = new NativeClient({
        baseUrl: site.url,
        ...site.credentials.channel,
        fetch: (input, init) => site.handler(new Request(input, init)),
      });
      const groups = await client.groups.list();
      check(groups.length > 0, 'the in-process fake listed no groups');
    },
  },
];
