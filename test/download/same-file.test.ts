import { describe, expect, it } from 'vitest';
import { NativeClient, SdkError } from '../../src/index.js';
import { MAX_SHORT_ANSWERS_IN_A_ROW } from '../../src/native/download/chunked-download.js';
import { downloadStream } from '../../src/native/download/index.js';
import { hubzillaJson } from '../support/fixtures.js';
import { FakeFile, fileBytes, readAll } from './fake-file.js';

/*
 * Hubzilla matches `file_id` as a PREFIX, and a file can be replaced while it is downloaded: every
 * chunk must be of the requested file, in the version the first chunk showed.
 */

const data = fileBytes(10_000);
const small = { chunkSize: 1000, concurrency: 2 };
const ID = 'a96cb502';

describe('every chunk is of the asked file, in one version', () => {
  it('refuses a chunk whose record names another file than the requested file_id', async () => {
    const file = new FakeFile(data, { attach: { hash: 'b0000000-other-file' } });
    await expect(readAll(downloadStream(file.fetch, ID, small))).rejects.toThrow(
      /belongs to another file \("b0000000-other-file"\) than the requested file_id "a96cb502"/,
    );
  });

  it('accepts the full hash of a file asked for by a prefix of it', async () => {
    const file = new FakeFile(data, { attach: { hash: `${ID}-8d4a-4d73-8c73-406ee3e0f5e2` } });
    expect(await readAll(downloadStream(file.fetch, ID, small))).toEqual(data);
  });

  it.each([
    ['hash', (index: number) => ({ hash: index < 3 ? `${ID}-one` : `${ID}-two` })],
    ['revision', (index: number) => ({ revision: index < 3 ? 0 : 1 })],
    ['edited', (index: number) => ({ edited: new Date(index < 3 ? 1_000 : 2_000) })],
  ])(
    'fails when the %s changes mid-download, delivering nothing of the new version',
    async (field, change) => {
      let index = 0;
      const file = new FakeFile(data);
      const fetch: typeof file.fetch = async (params, options) => {
        const chunk = await file.fetch(params, options);
        return { ...chunk, attach: { ...chunk.attach, ...change(index++) } };
      };
      const delivered: number[] = [];
      const reader = downloadStream(fetch, ID, { chunkSize: 1000, concurrency: 1 }).getReader();
      const failure = await (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return undefined;
          delivered.push(value.length);
        }
      })().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SdkError);
      expect(String(failure)).toMatch(new RegExp(`file changed during the download: .* had ${field}`));
      expect(delivered).toEqual([1000, 1000, 1000]);
    },
  );
});

describe('a run of short answers is bounded', () => {
  it('fails after a run of crumbs instead of one request per byte', async () => {
    const crumbs = fileBytes(20_000);
    const file = new FakeFile(crumbs, { serve: () => 1 });
    await expect(readAll(downloadStream(file.fetch, ID, { chunkSize: 20_000 }))).rejects.toThrow(
      /in a row .* a few bytes each/,
    );
    expect(file.calls.length).toBe(MAX_SHORT_ANSWERS_IN_A_ROW);
  });

  it('still downloads from a hub that caps every answer at 64 KiB', async () => {
    const big = fileBytes(512 * 1024);
    const file = new FakeFile(big, { serve: () => 64 * 1024 });
    expect(await readAll(downloadStream(file.fetch, ID, { chunkSize: 256 * 1024 }))).toEqual(big);
  });

  it('lets an occasional short answer through (the rest is asked for)', async () => {
    const file = new FakeFile(data, { serve: (call) => (call.index % 2 === 0 ? 10 : call.length) });
    expect(await readAll(downloadStream(file.fetch, ID, small))).toEqual(data);
  });
});

describe('a failure the download finds is reported once', () => {
  it('tells onError of a chunk of another file, once, naming filedata', async () => {
    const bytes = fileBytes(3000);
    const recorded = (hubzillaJson('50-filedata-start0_length1000.txt') as { attach: object }).attach;
    const onError: { url: string; name: string }[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(new Request(input, init).url);
      const start = Number(url.searchParams.get('start'));
      const length = Number(url.searchParams.get('length'));
      const part = bytes.slice(start, start + length);
      const attach = {
        ...recorded,
        hash: start === 0 ? `${ID}-first` : 'ffff-other',
        filesize: bytes.length,
        start,
        length: part.length,
        content: btoa(String.fromCharCode(...part)),
      };
      return Response.json({ attach });
    };
    const hub = new NativeClient({
      baseUrl: 'https://hub.example/',
      username: 'alice',
      password: 'pw',
      fetch,
      hooks: { onError: ({ url, error }) => onError.push({ url, name: error.name }) },
    });
    await expect(hub.files.downloadBlob(ID, { chunkSize: 1000, concurrency: 1 })).rejects.toThrow(
      /another file/,
    );
    expect(onError).toEqual([
      { url: `https://hub.example/api/z/1.0/filedata?file_id=${ID}`, name: 'SdkError' },
    ]);
  });
});
