import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArgumentError } from '../../src/core/errors/index.js';
import type { Attach, NativeClient } from '../../src/index.js';
import { downloadToFile } from '../../src/node/index.js';
import { hubzillaJson } from '../support/fixtures.js';
import { useMswServer } from '../support/msw.js';
import { alice, on, recorded } from './hub.js';

/*
 * Files are named one way: every method that reads a file takes its hash, its record, or `{ file_id }`
 * with either, and sends the hash as `file_id`. The row `id` (a number) is refused before any request.
 */

const { server, requests } = useMswServer();
const notes = (hubzillaJson('31-file-file_id_small.txt') as { attach: { content: string; hash: string } })
  .attach;
const NOTES = Buffer.from(notes.content, 'base64');
/** The record as `files.list` gives it: the hash, and the row id the hub never takes for a file. */
const record = { ...(hubzillaJson('30-filemeta-file_id.txt') as { attach: Attach }).attach };

/** The hub's file endpoints, for notes.txt only (anything else answers as an unknown file does). */
const hub = [
  on('filemeta', (_r, url) =>
    url.searchParams.get('file_id') === notes.hash
      ? recorded('30-filemeta-file_id.txt')
      : recorded('30c-filemeta-unknown_file_id.txt'),
  ),
  on('file', () => recorded('31-file-file_id_small.txt')),
  on('file/export', () => recorded('32-file_export-file_id.txt')),
  on('filedata', (_request, url) => {
    const start = Number(url.searchParams.get('start') ?? 0);
    const length = Number(url.searchParams.get('length') ?? NOTES.length);
    const bytes = NOTES.subarray(start, start + length);
    return HttpResponse.json({
      attach: { ...notes, content: bytes.toString('base64'), start, length: bytes.length },
    });
  }),
  on('files', () => recorded('25-files-filehash.txt')),
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'socialsite-file-ref-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Every way to read a file, each a call that resolves once the whole answer is read. */
const METHODS: Record<string, (files: NativeClient['files'], file: never) => Promise<unknown>> = {
  meta: (files, file) => files.meta(file),
  get: (files, file) => files.get(file),
  export: (files, file) => files.export(file),
  data: (files, file) => files.data(file),
  download: (files, file) => new Response(files.download(file)).arrayBuffer(),
  downloadBlob: (files, file) => files.downloadBlob(file),
  downloadToFile: (files, file) => downloadToFile({ files }, file, join(dir, `notes-${Math.random()}.txt`)),
};

const FORMS: Record<string, unknown> = {
  'the hash': notes.hash,
  'the record': record,
  '{ file_id: hash }': { file_id: notes.hash },
  '{ file_id: record }': { file_id: record },
};

describe('files addressed one way', () => {
  for (const [name, call] of Object.entries(METHODS)) {
    it.each(Object.keys(FORMS))(`${name} takes %s and sends its hash as file_id`, async (form) => {
      server.use(...hub);
      await call(alice().files, FORMS[form] as never);
      expect(requests.length).toBeGreaterThan(0);
      for (const request of requests)
        expect(new URL(request.url).searchParams.get('file_id')).toBe(notes.hash);
    });

    it.each([
      ['the row id', record.id],
      ['{ file_id: row id }', { file_id: record.id }],
      ['a record without its hash', { id: record.id, filename: 'notes.txt' }],
    ])(`${name} refuses %s, naming the hash, before any request`, async (_, bad) => {
      let error: unknown;
      try {
        await call(alice().files, bad as never);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ArgumentError);
      expect(String(error)).toMatch(/hash/);
      expect(String(error)).toMatch(/row id/);
      expect(requests).toHaveLength(0);
    });
  }

  it('downloadToFile writes the file named by its record', async () => {
    server.use(...hub);
    const path = join(dir, 'by-record.txt');
    await downloadToFile(alice(), record, path);
    expect(Buffer.from(await readFile(path)).equals(NOTES)).toBe(true);
  });

  it('files.data reads a range of a record given as file_id', async () => {
    server.use(...hub);
    const chunk = await alice().files.data({ file_id: record, start: 2, length: 5 });
    expect(Buffer.from(chunk.bytes).equals(NOTES.subarray(2, 7))).toBe(true);
    const query = new URL(requests[0]!.url).searchParams;
    expect(Object.fromEntries(query)).toEqual({ file_id: notes.hash, start: '2', length: '5' });
  });

  it("files.data refuses a record holding start/length (a chunk's echo), not to read it as a range", async () => {
    server.use(...hub);
    const { attach } = await alice().files.data({ file_id: notes.hash, start: 3, length: 4 });
    requests.length = 0;
    await expect(alice().files.data(attach)).rejects.toThrow(/\{ file_id: record, start, length \}/);
    expect(requests).toHaveLength(0);
  });

  it('files.list takes a record as filehash, and refuses a row id', async () => {
    server.use(...hub);
    await alice().files.list({ filehash: record });
    expect(new URL(requests[0]!.url).searchParams.get('filehash')).toBe(notes.hash);
    expect(() => alice().files.list({ filehash: record.id as never })).toThrow(ArgumentError);
  });

  it('a misspelt file_id is named, with the right spelling', async () => {
    await expect(alice().files.meta({ fileId: notes.hash } as never)).rejects.toThrow(
      '"fileId" is not a parameter of files.meta; did you mean "file_id"?',
    );
    expect(requests).toHaveLength(0);
  });
});
