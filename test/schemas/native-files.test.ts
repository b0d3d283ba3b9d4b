import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { AttachSchema, FileDataAttachSchema, FileExportSchema } from '../../src/schemas/index.js';
import { hubzillaJson, hubzillaJsonFixtures } from '../support/fixtures.js';

const FilesAnswer = z.looseObject({ success: z.literal(true), results: z.array(AttachSchema) });
const AttachAnswer = z.looseObject({ attach: AttachSchema });
const FileDataAnswer = z.looseObject({ attach: FileDataAttachSchema });

function attachOf(name: string): Record<string, unknown> {
  const value = hubzillaJson(name) as { attach: Record<string, unknown> };
  return { ...value.attach };
}

describe('AttachSchema', () => {
  it.each(hubzillaJsonFixtures('files'))('reads every record of %s', (name) => {
    const answer = FilesAnswer.parse(hubzillaJson(name));
    for (const attach of answer.results) {
      expect(typeof attach.is_dir).toBe('boolean');
      expect(attach.created).toBeInstanceOf(Date);
    }
  });

  it('also reads the files answer to a POST (12-method-POST_form_params_files.txt)', () => {
    const [notes] = FilesAnswer.parse(hubzillaJson('12-method-POST_form_params_files.txt')).results;
    expect(notes?.filename).toBe('notes.txt');
  });

  it('normalizes a file and a folder (22-files-no_params.txt)', () => {
    const { results } = FilesAnswer.parse(hubzillaJson('22-files-no_params.txt'));
    const photo = results.find((attach) => attach.filename === 'media-upload.jpg');
    const folder = results.find((attach) => attach.filename === '2026-11');
    expect(photo).toMatchObject({
      id: 2,
      aid: 1,
      uid: 2,
      hash: '83586f0c-5547-48a6-8966-0a1a10ef598d',
      filetype: 'image/jpeg',
      filesize: 6055,
      revision: 0,
      is_dir: false,
      is_photo: true,
      os_storage: true,
      flags: 0,
      display_path: '2026-11/media-upload.jpg',
    });
    expect(photo?.created).toEqual(new Date(Date.UTC(2026, 10, 22, 2, 52, 28)));
    expect(folder).toMatchObject({ is_dir: true, is_photo: false, filetype: 'multipart/mixed', folder: '' });
  });

  it.each([
    '30-filemeta-file_id.txt',
    '30e-filemeta-folder.txt',
    '31-file-file_id_small.txt',
    '31d-file-folder.txt',
  ])('reads the attach of %s', (name) => {
    const { attach } = AttachAnswer.parse(hubzillaJson(name));
    expect(attach.creator).toMatch(/^fmHilc7-/);
  });

  it('carries the whole file as base64 for `file` (31-file-file_id_small.txt, 31f-file-photo.txt)', () => {
    const { attach } = AttachAnswer.parse(hubzillaJson('31-file-file_id_small.txt'));
    expect(attach.filesize).toBe(47);
    expect(Buffer.from(attach.content ?? '', 'base64').byteLength).toBe(47);
    expect(attach.start).toBeUndefined();
    const photo = AttachAnswer.parse(hubzillaJson('31f-file-photo.txt')).attach;
    expect(photo.is_photo).toBe(true);
    expect(Buffer.from(photo.content ?? '', 'base64').byteLength).toBe(photo.filesize);
  });

  it('keeps fields the document does not list', () => {
    const attach = AttachSchema.parse({ ...attachOf('30-filemeta-file_id.txt'), term: [], extra: 'kept' });
    expect(attach.extra).toBe('kept');
    expect(attach.term).toEqual([]);
  });

  it('reads string-encoded values (PHP < 8.1)', () => {
    const attach = AttachSchema.parse({
      ...attachOf('30-filemeta-file_id.txt'),
      id: '4',
      filesize: '47',
      is_dir: '0',
      is_photo: '0',
      os_storage: '1',
    });
    expect(attach).toMatchObject({ id: 4, filesize: 47, is_dir: false, is_photo: false, os_storage: true });
  });

  it('rejects a non-numeric id, a garbage date, a missing hash', () => {
    const attach = attachOf('30-filemeta-file_id.txt');
    expect(AttachSchema.safeParse({ ...attach, id: 'four' }).success).toBe(false);
    expect(AttachSchema.safeParse({ ...attach, created: '22/11/2026' }).success).toBe(false);
    expect(AttachSchema.safeParse({ ...attach, is_dir: 'no' }).success).toBe(false);
    const { hash: _dropped, ...withoutHash } = attach;
    expect(AttachSchema.safeParse(withoutHash).success).toBe(false);
  });
});

describe('FileDataAttachSchema', () => {
  it.each(hubzillaJsonFixtures('filedata'))('reads the chunk of %s', (name) => {
    const { attach } = FileDataAnswer.parse(hubzillaJson(name));
    expect(Buffer.from(attach.content, 'base64').byteLength).toBe(attach.length);
  });

  it('reads the GET-vs-POST filedata answer (12b-method-GET_vs_POST_filedata_POST.txt)', () => {
    const { attach } = FileDataAnswer.parse(hubzillaJson('12b-method-GET_vs_POST_filedata_POST.txt'));
    expect(attach.filename).toBe('notes.txt');
  });

  it('normalizes start and length (51-filedata-start_middle.txt, 52-filedata-start_past_end.txt)', () => {
    const middle = FileDataAnswer.parse(hubzillaJson('51-filedata-start_middle.txt')).attach;
    expect(middle).toMatchObject({ start: 1579000, length: 1000, filesize: 3158073, is_dir: false });
    const past = FileDataAnswer.parse(hubzillaJson('52-filedata-start_past_end.txt')).attach;
    expect(past).toMatchObject({ start: 4000000, length: 0, content: '' });
  });

  it('echoes a negative start (53e-filedata-start_negative.txt)', () => {
    expect(FileDataAnswer.parse(hubzillaJson('53e-filedata-start_negative.txt')).attach.start).toBe(-10);
  });

  it('reads a folder, which comes without start and length, as an empty chunk (56-filedata-folder.txt)', () => {
    const { attach } = FileDataAnswer.parse(hubzillaJson('56-filedata-folder.txt'));
    expect(attach).toMatchObject({ is_dir: true, content: '', start: 0, length: 0, filesize: 0 });
  });

  it('requires the content; rejects a non-numeric length', () => {
    const chunk = attachOf('50-filedata-start0_length1000.txt');
    const { content: _dropped, ...withoutContent } = chunk;
    expect(FileDataAttachSchema.safeParse(withoutContent).success).toBe(false);
    expect(FileDataAttachSchema.safeParse({ ...chunk, length: '1k' }).success).toBe(false);
    expect(FileDataAttachSchema.safeParse({ ...chunk, start: null }).success).toBe(false);
    // A filemeta record has no chunk: not a filedata answer.
    expect(FileDataAttachSchema.safeParse(attachOf('30-filemeta-file_id.txt')).success).toBe(false);
  });
});

describe('FileExportSchema', () => {
  it('reads a plain file export (32-file_export-file_id.txt)', () => {
    const exported = FileExportSchema.parse(hubzillaJson('32-file_export-file_id.txt'));
    expect(exported.fetch_url).toBe('http://127.0.0.1:8088/getfile');
    expect(exported.original_channel).toBe('alice');
    expect(exported.attach.map((attach) => [attach.filename, attach.is_dir])).toEqual([
      ['Documents', true],
      ['notes.txt', false],
    ]);
    expect(exported.photo).toBeUndefined();
  });

  it('reads a photo export with its photo rows and item (32c-file_export-photo.txt)', () => {
    const exported = FileExportSchema.parse(hubzillaJson('32c-file_export-photo.txt'));
    expect(exported.photo?.map((photo) => photo.imgscale)).toEqual([0, 1, 2, 3]);
    expect(exported.photo?.[0]).toMatchObject({
      id: 5,
      height: 600,
      width: 800,
      profile: false,
      is_nsfw: false,
    });
    expect(exported.item?.[0]).toMatchObject({
      id: 22,
      item_hidden: true,
      item_wall: false,
      resource_type: 'photo',
    });
  });

  it('reads the unknown-id export (32d-file_export-unknown.txt)', () => {
    expect(FileExportSchema.parse(hubzillaJson('32d-file_export-unknown.txt')).attach).toEqual([]);
  });

  it('reads each export of file/export_page (94-file_export_page-default.txt)', () => {
    const page = z
      .looseObject({ results: z.array(FileExportSchema) })
      .parse(hubzillaJson('94-file_export_page-default.txt'));
    expect(page.results.length).toBeGreaterThan(0);
  });

  it('rejects an export without its attach list', () => {
    const { attach: _dropped, ...without } = hubzillaJson('32-file_export-file_id.txt') as Record<
      string,
      unknown
    >;
    expect(FileExportSchema.safeParse(without).success).toBe(false);
  });
});
