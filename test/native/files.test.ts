import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, NotFoundError, SdkError, ValidationError } from '../../src/core/errors/index.js';
import { hubzillaJson } from '../support/fixtures.js';
import { useMswServer } from '../support/msw.js';
import { alice, on, recorded, recordedQuery, replay, sameQuery } from './hub.js';

const { server, requests } = useMswServer();
const BIG = 'a96cb502-8d4a-4d73-8c73-406ee3e0f5e2';
const NOTES = '24201231-e779-4e73-b48c-a20ccad61fe6';
const ALL = (hubzillaJson('22-files-no_params.txt') as { results: unknown[] }).results;

/** `files` as the hub pages it: `start` only applies with `records` > 0. */
const pagingHub = on('files', (_request, url) => {
  const records = Number(url.searchParams.get('records') ?? 0);
  const start = Number(url.searchParams.get('start') ?? 0);
  if (records <= 0) return HttpResponse.json({ success: true, results: ALL });
  const results = ALL.slice(start, start + records);
  return HttpResponse.json({ success: true, results, start, records: results.length });
});

describe('files.list', () => {
  it('lists every file and folder in ONE page without records, normalized', async () => {
    server.use(replay('files', '22-files-no_params.txt'));
    const files = [];
    for await (const file of alice().files.list()) files.push(file);
    expect(files).toHaveLength(11);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('GET');
    expect([...new URL(requests[0]!.url).searchParams.keys()]).toEqual([]);
    expect(files.find((file) => file.filename === 'Documents')).toMatchObject({ is_dir: true, filesize: 0 });
    expect(files[0]?.created).toEqual(new Date(Date.UTC(2026, 10, 22, 2, 52, 28)));
  });

  it('sends the filters as the recorded requests did', async () => {
    server.use(
      on('files', (request) =>
        sameQuery(request, recordedQuery('23-files-filename_substring.txt'))
          ? recorded('23-files-filename_substring.txt')
          : recorded('27c-files-since_future.txt'),
      ),
    );
    const page = await alice().files.list({ filename: 'note' });
    expect(page.items.map((file) => file.filename)).toEqual(['notes.txt']);
    await alice().files.list({ since: new Date(Date.UTC(2030, 0, 1)), filetype: 'image', filehash: 'h' });
    const sent = new URL(requests[1]!.url).searchParams;
    expect(Object.fromEntries(sent)).toEqual({
      since: '2030-01-01 00:00:00',
      filetype: 'image',
      filehash: 'h',
    });
  });

  it('pages on a hub that refuses start/records (7.x on PostgreSQL): one whole list, cut into pages', async () => {
    // Hubzilla 7.8.7 builds the page as MySQL's `LIMIT start, n`; PostgreSQL refuses it (seen live).
    server.use(
      on('files', (_request, url) =>
        url.searchParams.has('records')
          ? HttpResponse.json({ success: false, results: [], start: 0, records: 0 })
          : HttpResponse.json({ success: true, results: ALL }),
      ),
    );
    const pages = [];
    for await (const page of alice().files.list({ records: 4 }).pages())
      pages.push(page.items.map((f) => f.id));
    expect(pages).toEqual([
      [2, 1, 3, 4],
      [5, 6, 7, 8],
      [9, 10, 11],
    ]);
    // The refused page, then the whole list ONCE for every page.
    expect(requests.map((request) => new URL(request.url).search)).toEqual(['?start=0&records=4', '']);
    const from = await alice().files.list({ records: 4, start: 8 }).toArray();
    expect(from.map((f) => f.id)).toEqual([9, 10, 11]);
  });

  it('still fails on success: false without start/records, and on one with a message', async () => {
    server.use(on('files', () => HttpResponse.json({ success: false, results: [] })));
    await expect(alice().files.list()).rejects.toBeInstanceOf(ApiError);
    server.use(on('files', () => HttpResponse.json({ success: false, message: 'no' })));
    await expect(alice().files.list({ records: 2 })).rejects.toThrow(/no/);
  });

  it('pages with start + records and stops on the short page', async () => {
    server.use(pagingHub);
    const files = await alice().files.list({ records: 3 }).toArray();
    expect(files.map((file) => file.id)).toEqual([2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(requests.map((request) => new URL(request.url).search)).toEqual([
      '?start=0&records=3',
      '?start=3&records=3',
      '?start=6&records=3',
      '?start=9&records=3',
    ]);
  });

  it('starts at start (26-files-start2_records3)', async () => {
    server.use(
      on('files', (request) =>
        sameQuery(request, recordedQuery('26-files-start2_records3.txt'))
          ? recorded('26-files-start2_records3.txt')
          : new HttpResponse('', { status: 400 }),
      ),
    );
    const page = await alice().files.list({ start: 2, records: 3 });
    expect(page.items.map((file) => file.filename)).toEqual(['Documents', 'notes.txt', 'big.bin']);
    expect(page.hasNextPage()).toBe(true);
  });

  it('refuses start without records, and negative numbers, before any request', () => {
    expect(() => alice().files.list({ start: 2 })).toThrow(SdkError);
    expect(() => alice().files.list({ records: -1 })).toThrow(SdkError);
    expect(() => alice().files.list({ start: -3, records: 2 })).toThrow(SdkError);
    expect(requests).toHaveLength(0);
  });

  it('turns {success: false, message} into ApiError with the message as code', async () => {
    server.use(on('files', () => HttpResponse.json({ success: false, message: 'permission denied' })));
    const error = await alice()
      .files.list()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'permission denied', status: 200 });
    expect((error as Error).message).toContain('permission denied');
  });
});

describe('files.meta, files.get, files.export', () => {
  it('reads filemeta (30) and maps the empty answer of an unknown id (30c) to NotFoundError', async () => {
    server.use(
      on('filemeta', (_r, url) =>
        recorded(
          url.searchParams.get('file_id') === NOTES
            ? '30-filemeta-file_id.txt'
            : '30c-filemeta-unknown_file_id.txt',
        ),
      ),
    );
    const attach = await alice().files.meta({ file_id: NOTES });
    expect(attach).toMatchObject({
      hash: NOTES,
      filesize: 47,
      is_dir: false,
      display_path: 'Documents/notes.txt',
    });
    const error = await alice()
      .files.meta({ file_id: 'nope' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 200 });
    expect((error as Error).message).toContain('"nope"');
  });

  it('decodes the whole file of `file` (31) and returns the record without content', async () => {
    server.use(replay('file', '31-file-file_id_small.txt'));
    const { attach, bytes } = await alice().files.get({ file_id: NOTES });
    expect(new URL(requests[0]!.url).searchParams.get('file_id')).toBe(NOTES);
    expect(bytes).toHaveLength(47);
    expect(new TextDecoder().decode(bytes)).toMatch(/^Line one of notes\n/);
    expect(attach).not.toHaveProperty('content');
    expect(attach.filename).toBe('notes.txt');
  });

  it('reads an empty file (31e) as zero bytes, and an unknown one (31c) as NotFoundError', async () => {
    server.use(replay('file', '31e-file-empty_file.txt'));
    expect((await alice().files.get({ file_id: '6e310ba8' })).bytes).toHaveLength(0);
    server.use(replay('file', '31c-file-unknown_file_id.txt'));
    await expect(alice().files.get({ file_id: 'nope' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('returns file/export (32) and maps its empty attach list (32d) to NotFoundError', async () => {
    server.use(replay('file/export', '32-file_export-file_id.txt'));
    const exported = await alice().files.export({ file_id: NOTES });
    expect(exported.attach.map((attach) => attach.filename)).toEqual(['Documents', 'notes.txt']);
    server.use(replay('file/export', '32d-file_export-unknown.txt'));
    await expect(alice().files.export({ file_id: 'nope' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses a missing file_id before any request', async () => {
    await expect(alice().files.meta({ file_id: '' })).rejects.toBeInstanceOf(SdkError);
    await expect(alice().files.get({} as { file_id: string })).rejects.toBeInstanceOf(SdkError);
    expect(requests).toHaveLength(0);
  });
});

describe('files.data', () => {
  it('sends file_id, start and length as a GET and decodes the chunk (50)', async () => {
    server.use(replay('filedata', '50-filedata-start0_length1000.txt'));
    const chunk = await alice().files.data({ file_id: BIG, start: 0, length: 1000 });
    expect(sameQuery(requests[0]!, recordedQuery('50-filedata-start0_length1000.txt'))).toBe(true);
    expect(requests[0]?.method).toBe('GET');
    expect(chunk).toMatchObject({ start: 0, length: 1000 });
    expect(chunk.bytes).toHaveLength(1000);
    expect(chunk.attach).not.toHaveProperty('content');
    expect(chunk.attach).toMatchObject({ filesize: 3158073, hash: BIG });
  });

  it.each([
    ['51b-filedata-last_partial_chunk.txt', 3158000, 73],
    ['52-filedata-start_past_end.txt', 4000000, 0],
    ['53-filedata-length_missing_small_file.txt', 5, 42],
    ['57b-filedata-empty_file_length10.txt', 0, 0],
    ['56-filedata-folder.txt', 0, 0],
  ])('reads %s: start %i, %i bytes', async (name, start, length) => {
    server.use(replay('filedata', name));
    const chunk = await alice().files.data({ file_id: BIG, start: 1 });
    expect(chunk).toMatchObject({ start, length });
    expect(chunk.bytes).toHaveLength(length);
  });

  it('maps the empty answer of an unknown id (54) to NotFoundError naming it', async () => {
    server.use(replay('filedata', '54-filedata-unknown_file_id.txt'));
    const error = await alice()
      .files.data({ file_id: 'deadbeef', length: 10 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toContain('"deadbeef"');
  });

  it('refuses LIKE wildcards in file_id and negative numbers before any request (55c, 55d, 53d, 53e)', async () => {
    const files = alice().files;
    await expect(files.data({ file_id: '%' })).rejects.toThrow(/wildcard/);
    await expect(files.data({ file_id: '_4201231' })).rejects.toBeInstanceOf(SdkError);
    await expect(files.data({ file_id: NOTES, start: -1 })).rejects.toBeInstanceOf(SdkError);
    await expect(files.data({ file_id: NOTES, length: -5 })).rejects.toBeInstanceOf(SdkError);
    expect(requests).toHaveLength(0);
  });

  it('fails loudly on corrupted data', async () => {
    const attach = (hubzillaJson('50-filedata-start0_length1000.txt') as { attach: object }).attach;
    server.use(on('filedata', () => HttpResponse.json({ attach: { ...attach, content: 'no*base64' } })));
    await expect(alice().files.data({ file_id: BIG, length: 1000 })).rejects.toBeInstanceOf(ValidationError);
    server.use(on('filedata', () => HttpResponse.json({ attach: { ...attach, content: 'TGluZQ==' } })));
    await expect(alice().files.data({ file_id: BIG, length: 1000 })).rejects.toThrow(/1000 bytes/);
  });

  it('refuses a negative start echoed by the hub (the SDK never sends one), as found by the fuzzer', async () => {
    const attach = (hubzillaJson('50-filedata-start0_length1000.txt') as { attach: object }).attach;
    const content = Buffer.from('Line one of note').toString('base64');
    server.use(
      on('filedata', () => HttpResponse.json({ attach: { ...attach, start: -1, length: 16, content } })),
    );
    const error = await alice()
      .files.data({ file_id: BIG, length: 16 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/offset of 0 or more/);
  });
});
