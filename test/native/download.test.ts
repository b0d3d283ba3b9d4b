import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { NotFoundError, SdkError } from '../../src/core/errors/index.js';
import { hubzillaJson } from '../support/fixtures.js';
import { useMswServer } from '../support/msw.js';
import { alice, on, recorded } from './hub.js';

const { server, requests } = useMswServer();

/** notes.txt (31-file-file_id_small) served through `filedata` the way the hub slices it. */
const record = (hubzillaJson('31-file-file_id_small.txt') as { attach: { content: string; hash: string } })
  .attach;
const NOTES = Buffer.from(record.content, 'base64');
const filedataHub = on('filedata', (_request, url) => {
  if (!record.hash.startsWith(url.searchParams.get('file_id') ?? '-')) return new HttpResponse('');
  const start = Number(url.searchParams.get('start') ?? 0);
  const length = Number(url.searchParams.get('length') ?? 0);
  // Hubzilla 8.8.7 fails on a zero-byte read without length (57-filedata-empty_file_no_length).
  if (length <= 0) return recorded('57-filedata-empty_file_no_length.txt');
  const bytes = NOTES.subarray(start, start + length);
  return HttpResponse.json({
    attach: { ...record, content: bytes.toString('base64'), start, length: bytes.length },
  });
});

describe('files.download / files.downloadBlob', () => {
  it('streams a file chunk by chunk through GET filedata with a positive length', async () => {
    server.use(filedataHub);
    const parts: Uint8Array[] = [];
    for await (const part of alice().files.download(record.hash, { chunkSize: 10, concurrency: 1 }))
      parts.push(part);
    expect(Buffer.concat(parts).equals(NOTES)).toBe(true);
    expect(requests.length).toBeGreaterThanOrEqual(5);
    for (const request of requests) {
      const query = new URL(request.url).searchParams;
      expect(request.method).toBe('GET');
      expect(Number(query.get('length'))).toBeGreaterThan(0);
      expect(query.get('file_id')).toBe(record.hash);
    }
  });

  it('collects a byte range into a Blob typed with the filetype', async () => {
    server.use(filedataHub);
    const blob = await alice().files.downloadBlob(record.hash, { start: 5, end: 17, chunkSize: 8 });
    expect(blob.type).toBe('text/plain');
    expect(Buffer.from(await blob.arrayBuffer()).equals(NOTES.subarray(5, 17))).toBe(true);
  });

  it('rejects with NotFoundError for an unknown file', async () => {
    server.use(filedataHub);
    await expect(alice().files.downloadBlob('0000dead')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses a wildcard file_id at the call, before any request', () => {
    expect(() => alice().files.download('24%')).toThrow(SdkError);
    expect(() => alice().files.downloadBlob('_4201231')).toThrow(SdkError);
    expect(requests).toHaveLength(0);
  });
});
