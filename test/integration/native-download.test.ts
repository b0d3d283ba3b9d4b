import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  NativeClient,
  type NativeClientBaseOptions,
  TimeoutError,
} from '../../src/index.js';
import { downloadToFile } from '../../src/node/index.js';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';

/** The whole download path over real loopback HTTP against the fake hub, faults included. */
let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
});
afterEach(() => server.site.reset());
afterAll(() => server.close());

const MIB = 1024 * 1024;
const hub = (options: Partial<NativeClientBaseOptions & { username: string; password: string }> = {}) =>
  new NativeClient({
    baseUrl: server.hubBaseUrl,
    ...server.credentials.channel,
    retry: { limit: 2, delay: () => 0 },
    ...options,
  });
const big = () => server.site.files.big;
/** The global fetch, calling `onSend` for every request the client sends. */
const counting =
  (onSend: () => void): typeof fetch =>
  (input, init) => {
    onSend();
    return fetch(input, init);
  };
const filedataRequests = () => server.site.requests.filter((r) => r.url.includes('/filedata')).length;

async function sha256(stream: ReadableStream<Uint8Array>): Promise<{ digest: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    bytes += chunk.byteLength;
  }
  return { digest: hash.digest('hex'), bytes };
}

describe('chunked download over HTTP', () => {
  it.each([1, 4])('downloads the multi-MB file byte-exact with concurrency %i', async (concurrency) => {
    const result = await sha256(hub().files.download(big().file_id, { concurrency, chunkSize: 512 * 1024 }));
    expect(result).toEqual({ digest: big().sha256, bytes: big().filesize });
    expect(filedataRequests()).toBe(Math.ceil(big().filesize / (512 * 1024)));
  });

  it('recovers from a connection reset in the middle of a chunk, byte-exact', async () => {
    server.site.faults = { filedata: [{ offset: MIB, fault: 'reset' }] };
    const result = await sha256(hub().files.download(big().file_id, { chunkSize: MIB, concurrency: 2 }));
    expect(result.digest).toBe(big().sha256);
    expect(filedataRequests()).toBe(Math.ceil(big().filesize / MIB) + 1);
  });

  it('recovers from a 503 on one chunk', async () => {
    server.site.faults = { filedata: [{ offset: 2 * MIB, fault: 'error', status: 503 }] };
    expect((await sha256(hub().files.download(big().file_id, { chunkSize: MIB }))).digest).toBe(big().sha256);
  });

  it('continues after a short chunk from where it stopped', async () => {
    server.site.faults = { filedata: [{ offset: MIB, fault: 'short', bytes: 1000 }] };
    const progress: number[] = [];
    const stream = hub().files.download(big().file_id, {
      chunkSize: MIB,
      onProgress: (p) => progress.push(p.loaded),
    });
    expect((await sha256(stream)).digest).toBe(big().sha256);
    expect(progress).toContain(MIB + 1000);
  });

  it('gives up on a chunk that keeps failing with the SdkError, after the retries', async () => {
    server.site.faults = {
      filedata: [{ offset: MIB, fault: 'error', status: 503, times: Number.POSITIVE_INFINITY }],
    };
    await expect(sha256(hub().files.download(big().file_id, { chunkSize: MIB }))).rejects.toMatchObject({
      name: 'ApiError',
      status: 503,
    });
  });

  it('a slow hub ends in TimeoutError within a bounded time', async () => {
    // Slower than the test's own timeout: a download that waited for the answer would fail it.
    server.site.faults = { latencyMs: 60_000 };
    let sent = 0;
    const client = hub({ timeout: 100, retry: { limit: 1, delay: () => 0 }, fetch: counting(() => sent++) });
    await expect(sha256(client.files.download(big().file_id))).rejects.toBeInstanceOf(TimeoutError);
    // The first request, timed out, then its one retry: nothing waits longer than the timeout.
    expect(sent).toBe(2);
  });

  it('an abort mid-download stops every further request', async () => {
    server.site.faults = { latencyMs: 50 };
    const controller = new AbortController();
    const reason = new Error('cancelled by the user');
    // Counted as the client sends them (the server may see one sent before the abort a moment after).
    let sent = 0;
    const stream = hub({ fetch: counting(() => sent++) }).files.download(big().file_id, {
      chunkSize: 256 * 1024,
      concurrency: 2,
      signal: controller.signal,
      onProgress: ({ loaded }) => {
        if (loaded >= MIB) controller.abort(reason);
      },
    });
    await expect(sha256(stream)).rejects.toBe(reason);
    const atAbort = sent;
    // Time for a request the engine would still send (a retry, the next chunk) to show.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(sent).toBe(atAbort);
    expect(atAbort).toBeLessThan(Math.ceil(big().filesize / (256 * 1024)));
  });

  it.each([
    [0, 10],
    [MIB - 5, MIB + 5],
    [3_000_000, undefined],
  ])('downloads the byte range [%i, %s) exactly', async (start, end) => {
    const blob = await hub().files.downloadBlob(big().file_id, {
      start,
      ...(end === undefined ? {} : { end }),
      chunkSize: MIB,
    });
    const expected = big().bytes().slice(start, end);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(expected);
  });

  it('a zero-byte file downloads as zero bytes', async () => {
    const blob = await hub().files.downloadBlob(server.site.files.empty.file_id);
    expect(blob.size).toBe(0);
  });
});

describe('downloadToFile over HTTP', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'socialsite-it-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes the file byte-exact', async () => {
    const target = join(dir, 'big.bin');
    const result = await downloadToFile(hub(), big().file_id, target, { concurrency: 4 });
    expect(result.bytes).toBe(big().filesize);
    expect(
      createHash('sha256')
        .update(await readFile(target))
        .digest('hex'),
    ).toBe(big().sha256);
    await rm(target);
  });

  it('leaves nothing behind when the download fails half-way', async () => {
    server.site.faults = { filedata: [{ offset: 2 * MIB, fault: 'reset', times: Number.POSITIVE_INFINITY }] };
    const target = join(dir, 'never.bin');
    await expect(downloadToFile(hub(), big().file_id, target, { chunkSize: MIB })).rejects.toMatchObject({
      name: 'ConnectionError',
    });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('the 401 of the real hub', () => {
  it('becomes AuthenticationError with the plain-text body', async () => {
    const error = await hub({ password: 'wrong' })
      .files.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toContain('This api requires login');
    expect((error as Error).message).not.toContain('wrong');
  });

  it('explains the colon rule for a colon password that is refused, and accepts carol with lower-case basic', async () => {
    const { username, password } = server.credentials.carol;
    await expect(hub({ username, password }).groups.list()).resolves.toBeInstanceOf(Array);
    const error = await hub({ username, password: `${password}x:y` })
      .groups.list()
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/colon|":"/);
  });
});
