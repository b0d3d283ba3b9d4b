import { describe, expect, it } from 'vitest';
import { AuthenticationError, NativeClient, NotFoundError } from '../../src/index.js';
import { baseUrl, sha256, useFakeSiteWorker } from './worker.js';

describe('NativeClient in Chromium (fake site behind the msw Service Worker)', () => {
  const { site, requests } = useFakeSiteWorker();
  const hub = () => new NativeClient({ baseUrl, ...site.credentials.channel });
  const filedataCalls = () => requests.filter((r) => new URL(r.url).pathname.endsWith('/filedata')).length;

  it('pages the file list with for await, every file once', async () => {
    const all = await hub().files.list().toArray();
    const paged: string[] = [];
    for await (const file of hub().files.list({ records: 3 })) paged.push(file.hash);
    expect(all.length).toBeGreaterThan(3);
    expect(paged).toEqual(all.map((file) => file.hash));
  });

  it('downloads a 3 MB file as a Blob, byte-exact (WebCrypto sha256 = the site’s)', async () => {
    const big = site.files.big;
    let progress = 0;
    const blob = await hub().files.downloadBlob(big.file_id, {
      chunkSize: 512 * 1024,
      concurrency: 3,
      onProgress: ({ loaded }) => {
        progress = loaded;
      },
    });
    expect(blob.size).toBe(big.filesize);
    expect(progress).toBe(big.filesize);
    expect(await sha256(blob)).toBe(big.sha256);
  });

  it('stops requesting chunks when the download is aborted', async () => {
    const big = site.files.big;
    const controller = new AbortController();
    // Counted as the client sends them: the worker may see one sent before the abort a moment after.
    let sent = 0;
    const client = new NativeClient({
      baseUrl,
      ...site.credentials.channel,
      fetch: (input, init) => {
        sent++;
        return fetch(input, init);
      },
    });
    const stream = client.files.download(big.file_id, {
      chunkSize: 256 * 1024,
      concurrency: 1,
      signal: controller.signal,
    });
    const reader = stream.getReader();
    const first = await reader.read();
    expect(first.value?.byteLength).toBe(256 * 1024);
    controller.abort();
    const error = await reader.read().catch((reason: unknown) => reason);
    expect((error as DOMException).name).toBe('AbortError');
    // Time for a request the engine would still send (the next chunk) to show: none may follow.
    const atAbort = sent;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent).toBe(atAbort);
    expect(filedataCalls()).toBeLessThan(Math.ceil(big.filesize / (256 * 1024)));
  });

  it('rejects a wrong password and an unknown file with typed errors', async () => {
    const wrong = new NativeClient({ baseUrl, username: 'alice', password: 'wrong password' });
    await expect(wrong.files.list()).rejects.toBeInstanceOf(AuthenticationError);
    await expect(hub().files.meta({ file_id: 'f00dfeed0000' })).rejects.toBeInstanceOf(NotFoundError);
  });
});
