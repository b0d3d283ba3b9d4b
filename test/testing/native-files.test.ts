import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFakeSite } from '../../src/testing/index.js';
import { hubzillaJson } from '../support/fixtures.js';
import { fields, hub, hubJson } from './helpers.js';

const site = createFakeSite();
const { notes, big, empty } = site.files;
type Attach = Record<string, unknown>;
type FilesAnswer = { success: boolean; results: Attach[]; start?: number; records?: number };
type Chunk = { attach: Attach & { content: string; start?: number; length?: number } };

const documents = () => site.state.hub.files.find((file) => file.display_path === 'Documents');
const decode = (base64: string) => Buffer.from(base64, 'base64');

describe('files', () => {
  it('lists files and folders, oldest first, with the recorded record shape', async () => {
    const answer = await hubJson<FilesAnswer>(site, 'files');
    expect(answer.success).toBe(true);
    const recorded = hubzillaJson('22-files-no_params') as FilesAnswer;
    expect(fields(answer.results[0])).toEqual(fields(recorded.results[0]));
    expect(Object.keys(answer)).toEqual(['success', 'results']);
    const created = answer.results.map((record) => String(record.created));
    expect(created).toEqual([...created].sort());
    expect(answer.results.some((record) => record.is_dir === 1)).toBe(true);
  });

  it('filters: filename and filetype substrings (case-sensitive), filehash exact, dates', async () => {
    const names = async (query: string) =>
      (await hubJson<FilesAnswer>(site, `files?${query}`)).results.map((record) => record.filename);
    expect(await names('filename=note')).toEqual(['notes.txt']);
    expect(await names('filename=NOTE')).toEqual([]);
    expect(await names('filetype=image')).toEqual(['sunset.png', 'forest.jpg', 'beach.jpg']);
    expect(await names(`filehash=${big.file_id}`)).toEqual(['big.bin']);
    expect(await names('filehash=nope')).toEqual([]);
    expect((await names(`hash=${big.file_id}`)).length).toBeGreaterThan(1);
    expect(await names('since=2030-01-01')).toEqual([]);
    expect(await names('until=2001-01-01')).toEqual([]);
  });

  it('pages with start + records only when records > 0, echoing start and the count returned', async () => {
    const all = (await hubJson<FilesAnswer>(site, 'files')).results;
    const paged = await hubJson<FilesAnswer>(site, 'files?start=2&records=3');
    expect(paged.results).toEqual(all.slice(2, 5));
    expect([paged.start, paged.records]).toEqual([2, 3]);
    const startOnly = await hubJson<FilesAnswer>(site, 'files?start=2');
    expect([startOnly.results.length, startOnly.start, startOnly.records]).toEqual([
      all.length,
      2,
      all.length,
    ]);
    const zero = await hubJson<FilesAnswer>(site, 'files?records=0');
    expect(Object.keys(zero)).toEqual(['success', 'results']);
    expect((await hubJson<FilesAnswer>(site, 'files?start=2&records=0')).results).toHaveLength(all.length);
  });

  it("shows only the logged-in channel's files", async () => {
    const bob = { Authorization: `Basic ${btoa('bob:bob-pass')}` };
    expect(await hubJson(site, 'files', { headers: bob })).toEqual({ success: true, results: [] });
  });
});

describe('filemeta, file, file/export', () => {
  it('filemeta: the record without content; an exact id only', async () => {
    const answer = await hubJson<{ attach: Attach }>(site, `filemeta?file_id=${notes.file_id}`);
    expect(fields(answer.attach)).toEqual(
      fields((hubzillaJson('30-filemeta-file_id') as { attach: Attach }).attach),
    );
    for (const query of ['', `?file_id=${notes.file_id.slice(0, 8)}`, '?file_id=nope']) {
      const response = await hub(site, `filemeta${query}`);
      expect([response.status, response.headers.get('content-type'), await response.text()]).toEqual([
        200,
        'text/html; charset=UTF-8',
        '',
      ]);
    }
  });

  it('file: the whole content base64; folders and empty files give ""', async () => {
    const answer = await hubJson<{ attach: Attach }>(site, `file?file_id=${notes.file_id}`);
    expect(fields(answer.attach)).toEqual(
      fields((hubzillaJson('31-file-file_id_small') as { attach: Attach }).attach),
    );
    expect(decode(String(answer.attach.content)).toString()).toBe(
      'Line one of notes\nLine two: Hubzilla test file\n',
    );
    expect((await hubJson<{ attach: Attach }>(site, `file?file_id=${empty.file_id}`)).attach.content).toBe(
      '',
    );
    expect(
      (await hubJson<{ attach: Attach }>(site, `file?file_id=${documents()?.hash}`)).attach.content,
    ).toBe('');
    expect(await (await hub(site, 'file?file_id=nope')).text()).toBe('');
  });

  it('file/export: the folder chain and the file, server paths in content', async () => {
    const answer = await hubJson<{ attach: Attach[]; fetch_url: string; original_channel: string }>(
      site,
      `file/export?file_id=${notes.file_id}`,
    );
    const recorded = hubzillaJson('32-file_export-file_id') as { attach: Attach[] };
    expect(Object.keys(answer)).toEqual(Object.keys(recorded));
    expect(answer.attach.map((record) => record.filename)).toEqual(['Documents', 'notes.txt']);
    expect(fields(answer.attach[1])).toEqual(fields(recorded.attach[1]));
    expect(answer.attach[1]?.content).toMatch(/^store\/alice\//);
    expect((await hubJson<{ attach: Attach[] }>(site, 'file/export?file_id=nope')).attach).toEqual([]);
    expect(await (await hub(site, 'file/export')).text()).toBe('');
    const photo = site.files.get('Vacation/beach.jpg');
    expect(await hubJson(site, `file/export?file_id=${photo?.file_id}`)).toHaveProperty('photo');
  });
});

describe('filedata', () => {
  const chunk = (query: string) => hubJson<Chunk>(site, `filedata?${query}`);

  it('answers {attach: {...record, content, start, length}} with the recorded shape', async () => {
    const answer = await chunk(`file_id=${notes.file_id}&start=0&length=10`);
    const recorded = hubzillaJson('55-filedata-file_id_prefix') as Chunk;
    expect(fields(answer.attach)).toEqual(fields(recorded.attach));
    expect(decode(answer.attach.content).toString()).toBe('Line one o');
    expect([answer.attach.start, answer.attach.length]).toEqual([0, 10]);
  });

  it('matches file_id as a prefix, with % and _ as SQL LIKE wildcards', async () => {
    expect((await chunk(`file_id=${notes.file_id.slice(0, 8)}&length=10`)).attach.hash).toBe(notes.file_id);
    const wildcard = await chunk(`file_id=_${notes.file_id.slice(1, 8)}&length=10`);
    expect(wildcard.attach.hash).toBe(notes.file_id);
    const percent = await chunk('file_id=%25&start=0&length=10');
    expect(percent.attach).toMatchObject({ hash: documents()?.hash, is_dir: 1, content: '' });
    expect(percent.attach).not.toHaveProperty('start');
  });

  it('reads the rest without length (or length 0), from a start', async () => {
    const rest = await chunk(`file_id=${notes.file_id}&start=5`);
    expect([rest.attach.start, rest.attach.length]).toEqual([5, 42]);
    expect((await chunk(`file_id=${notes.file_id}&start=0&length=0`)).attach.length).toBe(47);
  });

  it('returns short, empty and past-the-end chunks as the server does', async () => {
    const tail = await chunk(`file_id=${big.file_id}&start=${big.filesize - 73}&length=1000`);
    expect(tail.attach.length).toBe(73);
    for (const start of [big.filesize, big.filesize + 10_000]) {
      const past = await chunk(`file_id=${big.file_id}&start=${start}&length=1000`);
      expect([past.attach.content, past.attach.start, past.attach.length]).toEqual(['', start, 0]);
    }
    const negative = await chunk(`file_id=${notes.file_id}&start=-10&length=5`);
    expect([
      negative.attach.start,
      negative.attach.length,
      decode(negative.attach.content).toString(),
    ]).toEqual([-10, 5, 'Line ']);
    const zero = await chunk(`file_id=${empty.file_id}&start=0&length=10`);
    expect([zero.attach.content, zero.attach.length]).toEqual(['', 0]);
  });

  it.each([
    ['a zero-byte file without length', () => `file_id=${empty.file_id}`],
    ['a negative length', () => `file_id=${notes.file_id}&start=0&length=-5`],
  ])('answers %s with HTTP 500 and an empty body', async (_, query) => {
    const response = await hub(site, `filedata?${query()}`);
    expect([response.status, await response.text()]).toEqual([500, '']);
  });

  it('answers an unknown or missing file_id with an empty 200', async () => {
    for (const query of ['file_id=nope&start=0&length=10', 'start=0&length=10']) {
      const response = await hub(site, `filedata?${query}`);
      expect([response.status, await response.text()]).toEqual([200, '']);
    }
  });

  it('serves the multi-MB file in chunks that reassemble to its sha256', async () => {
    const size = 1024 * 1024;
    const hash = createHash('sha256');
    let total = 0;
    for (let start = 0; start < big.filesize; start += size) {
      const answer = await chunk(`file_id=${big.file_id}&start=${start}&length=${size}`);
      const bytes = decode(answer.attach.content);
      expect(bytes.length).toBe(answer.attach.length);
      hash.update(bytes);
      total += bytes.length;
    }
    expect(total).toBe(3_158_073);
    expect(hash.digest('hex')).toBe(big.sha256);
  });

  it('accepts its parameters as POST form fields', async () => {
    const body = new URLSearchParams({ file_id: notes.file_id, start: '0', length: '4' });
    const answer = await hubJson<Chunk>(site, 'filedata', { method: 'POST', body });
    expect(decode(answer.attach.content).toString()).toBe('Line');
  });
});
