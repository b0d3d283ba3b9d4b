import type * as z from 'zod/mini';
import { decodeBase64 } from '../../core/body/base64.js';
import { liftBase64Member } from '../../core/body/base64-member.js';
import { ApiPromise } from '../../core/client/api-promise.js';
import type { ResponseInfo } from '../../core/client/response-info.js';
import { ApiError } from '../../core/errors/api-error.js';
import { ArgumentError } from '../../core/errors/argument-error.js';
import { ValidationError } from '../../core/errors/validation-error.js';
import type { RequestOptions } from '../../core/options/options.js';
import { pageFingerprint } from '../../core/paging/page-fingerprint.js';
import { PagePromise } from '../../core/paging/page-promise.js';
import { type Attach, type FileExport, FileExportSchema } from '../../schemas/index.js';
import { knownParams, optionalCount } from '../arguments.js';
import { type DownloadOptions, downloadBlob, downloadStream } from '../download/index.js';
import {
  AttachAnswerSchema,
  FileAnswerSchema,
  FileDataAnswerSchema,
  FilesAnswerSchema,
} from '../envelopes.js';
import type { FileChunk } from '../file-chunk.js';
import { fileHash, hasRangeFields, readFileArgument } from '../file-ref.js';
import type { NativeApi } from '../native-api.js';
import {
  FILE_DATA_KEYS,
  FILES_LIST_KEYS,
  type FileArgument,
  type FileDataParams,
  type FileRef,
  type FilesListParams,
} from './files-params.js';

/** Hubzilla 8.8.7 reads "the rest of the file" with `fread(..., 0)` for a zero-byte file, which PHP 8 refuses. */
const EMPTY_FILE_HINT =
  'Hubzilla answers so when a zero-byte file is read without `length`: pass a positive `length` (downloads always do).';

/** The hub's `{"success": false}` without a message, which is how its query failures reach the API. */
function refusedPaging(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 200) return false;
  const body = error.body as { success?: unknown; message?: unknown } | null;
  return typeof body === 'object' && body !== null && body.success === false && body.message === undefined;
}

/**
 * The channel's cloud storage: listing, metadata and (chunked) content.
 *
 * Every method that reads one file takes it the same way ({@link FileRef}): its hash
 * (`Attach.hash`, which the hub calls `file_id`), its record as `files.list` returns it, or
 * `{ file_id }` holding either. The record's numeric `id` is never what the hub wants: a number is
 * refused before any request.
 */
export class FilesResource {
  readonly #api: NativeApi;
  constructor(api: NativeApi) {
    this.#api = api;
  }

  /**
   * `files`: files AND folders (`is_dir`), oldest first. Without `records` one page holds them all;
   * with it, `for await` walks page after page. The hub orders by creation time in whole seconds,
   * and PostgreSQL orders the files of one second anew for each page: a walk that meets a file
   * again (so another was skipped) takes the rest from the whole list, read once, so every file
   * comes exactly once.
   */
  list(params: FilesListParams = {}, options?: RequestOptions): PagePromise<Attach> {
    knownParams('files.list', params, FILES_LIST_KEYS);
    const records = optionalCount('records', params.records) ?? 0;
    const first = optionalCount('start', params.start);
    if (first !== undefined && records === 0) {
      throw new ArgumentError('files.list: start needs records > 0 (the hub ignores start without records)');
    }
    const { filename, filetype, since, until } = params;
    const filehash = params.filehash === undefined ? undefined : fileHash('files.list', params.filehash);
    const filters = { filehash, filename, filetype, since, until };
    const spec = {
      schema: FilesAnswerSchema,
      subject: 'The file list',
      unwrap: (answer: z.output<typeof FilesAnswerSchema>) => answer.results,
      shape: 'array' as const,
    };
    /** The whole list in one answer, once the hub refused `start`/`records` (see below). */
    const readAll = () => this.#api.read('files', filters, spec, options).withLazyResponse();
    let whole: ReturnType<typeof readAll> | undefined;
    return new PagePromise<Attach>(
      async (cursor) => {
        const { start, seen } = cursor as FilesCursor;
        const query = records > 0 ? { ...filters, start, records } : filters;
        // Hubzilla up to 7.x builds the page as MySQL's `LIMIT start, n`, which PostgreSQL refuses:
        // the hub then answers `{"success": false}`. The whole list is read once instead, and the
        // pages are cut from it here.
        const answered = await (whole ??
          this.#api
            .read('files', query, spec, options)
            .withLazyResponse()
            .catch((error: unknown) => {
              if (records === 0 || !refusedPaging(error)) throw error;
              whole = readAll();
              return whole;
            }));
        const results = whole ? answered.data.slice(start, start + records) : answered.data;
        if (!whole && records > 0 && results.some((attach) => seen.has(attach.hash))) {
          // `created asc` in whole seconds: PostgreSQL orders the files of one second differently
          // for each LIMIT/OFFSET (seen on a live 8.8.7), so a page that repeats a file means
          // another was skipped. The rest comes from the whole list, read once.
          const all = await readAll();
          const rest = all.data.slice(first ?? 0).filter((attach) => !seen.has(attach.hash));
          return filesPage(all.response, rest, null);
        }
        const next =
          records > 0
            ? { start: start + records, seen: new Set([...seen, ...results.map((a) => a.hash)]) }
            : null;
        return {
          ...filesPage(answered.response, results, next),
          pageSize: records > 0 ? records : undefined,
        };
      },
      { start: first ?? 0, seen: new Set<string>() } satisfies FilesCursor,
      options?.signal,
    );
  }

  /**
   * `filedata`: one chunk of a file, decoded. `length` is what the hub returned (0 past the end).
   * Given the file alone (a hash or a record), the rest of the file from its first byte; a range is
   * `{ file_id, start, length }`.
   */
  data(file: FileRef | FileDataParams, options?: RequestOptions): ApiPromise<FileChunk> {
    return ApiPromise.attempt(() => {
      const { fileId: file_id, params } = readFileArgument('files.data', file, FILE_DATA_KEYS);
      if (params === undefined && hasRangeFields(file)) {
        // A record from `files.data` carries the hub's echo of ITS start and length: not a range to read.
        throw new ArgumentError(
          'files.data: a record names the file only (its start and length are what the hub echoed): pass { file_id: record, start, length } to read a range',
        );
      }
      const query = {
        file_id,
        start: optionalCount('start', params?.start),
        length: optionalCount('length', params?.length),
      };
      const mark = liftedMark();
      const spec = {
        schema: FileDataAnswerSchema,
        subject: `File "${file_id}"`,
        serverErrorHint: query.length === undefined ? EMPTY_FILE_HINT : undefined,
        // The base64 is decoded as the body arrives: no whole body, no 1.4 MB string per chunk.
        collect: () => liftBase64Member('content', query.length, mark),
        unwrap: (
          { attach }: z.output<typeof FileDataAnswerSchema>,
          _screened: unknown,
          lifted?: Uint8Array,
        ): FileChunk => {
          const { content, ...record } = attach;
          // What was lifted is `attach.content` only if that holds the mark put in its place: a
          // hostile body could nest another `"content"` first (`{"x":{"content":…},"attach":…}`).
          const raw = lifted !== undefined && content === mark ? lifted : decodeBase64(content);
          const bytes = checkedLength(raw, record.length, file_id);
          // The hub echoes the start it was sent (a negative one too: the schema reads what it says),
          // and the SDK never sends a negative one: such an echo is a broken answer, not an offset.
          if (Number(record.start) < 0)
            throw new ValidationError(
              `filedata of "${file_id}" answered for offset ${String(record.start)}, not an offset of 0 or more`,
              {},
            );
          return { attach: record, start: record.start, length: bytes.length, bytes };
        },
      };
      return this.#api.read('filedata', query, spec, options, chunkAnswerLimit(query.length));
    });
  }

  /** `filemeta`: a file's or folder's record. */
  meta(file: FileArgument, options?: RequestOptions): ApiPromise<Attach> {
    return ApiPromise.attempt(() => {
      const file_id = readFileArgument('files.meta', file).fileId;
      const spec = {
        schema: AttachAnswerSchema,
        subject: `File "${file_id}"`,
        unwrap: (answer: z.output<typeof AttachAnswerSchema>) => answer.attach,
        shape: 'object' as const,
      };
      return this.#api.read('filemeta', { file_id }, spec, options);
    });
  }

  /** `file`: a whole file in one answer (base64 in JSON: prefer `download` for large files). */
  get(
    file: FileArgument,
    options?: RequestOptions,
  ): ApiPromise<{
    /** The file's record (its base64 `content` left out). */
    attach: Attach;
    /** The whole file, decoded. */
    bytes: Uint8Array;
  }> {
    return ApiPromise.attempt(() => {
      const file_id = readFileArgument('files.get', file).fileId;
      const spec = {
        schema: FileAnswerSchema,
        subject: `File "${file_id}"`,
        unwrap: ({ attach: { content, ...attach } }: z.output<typeof FileAnswerSchema>) => ({
          attach,
          bytes: decodeBase64(content),
        }),
      };
      return this.#api.read('file', { file_id }, spec, options);
    });
  }

  /**
   * `file/export`: the file's record after its parent folders, plus its photo rows and item when it
   * is a photo. The `content` fields hold server paths, not data.
   */
  export(file: FileArgument, options?: RequestOptions): ApiPromise<FileExport> {
    return ApiPromise.attempt(() => {
      const file_id = readFileArgument('files.export', file).fileId;
      const found = (body: unknown) => (body as { attach?: unknown[] } | null)?.attach?.length !== 0;
      const spec = {
        schema: FileExportSchema,
        subject: `File "${file_id}"`,
        found,
        shape: 'object' as const,
      };
      return this.#api.read('file/export', { file_id }, spec, options);
    });
  }

  /**
   * A file (or a byte range of it) as a stream, fetched chunk by chunk; nothing is sent until it is
   * read. The file is its hash, its record or `{ file_id }` ({@link FileRef}).
   * @example hub.files.download(file, { concurrency: 4, onProgress: ({ loaded, total }) => {} })
   */
  download(file: FileArgument, options?: DownloadOptions): ReadableStream<Uint8Array> {
    const { fileId } = readFileArgument('files.download', file);
    return downloadStream(this.#fetchChunk, fileId, options, this.#reporter(fileId));
  }

  /** A file (or a byte range of it) as a `Blob` typed with its `filetype`; the file as in `download`. */
  downloadBlob(file: FileArgument, options?: DownloadOptions): Promise<Blob> {
    const { fileId } = readFileArgument('files.downloadBlob', file);
    return downloadBlob(this.#fetchChunk, fileId, options, this.#reporter(fileId));
  }

  #reporter(fileId: string) {
    return (error: unknown) => this.#api.reportDownloadFailure(error, fileId);
  }

  readonly #fetchChunk = (
    params: { file_id: string; start: number; length: number },
    options: RequestOptions,
  ) => this.data(params, options);
}

/**
 * The most bytes a `filedata` answer for `length` bytes can hold: the base64 of the bytes with every
 * character JSON-escaped at worst (PHP writes `/` as `\/`), plus the record (a few KB; 64 KiB of
 * room). Without a length the hub sends the rest of the file: the client's own limit applies.
 */
function chunkAnswerLimit(length: number | undefined): number | undefined {
  return length === undefined || length === 0 ? undefined : Math.ceil(length / 3) * 4 * 2 + 64 * 1024;
}

/** The chunk's bytes; a count that differs from the hub's `length` means corrupted data. */
function checkedLength(bytes: Uint8Array, declared: unknown, fileId: string): Uint8Array {
  if (declared !== undefined && Number(declared) !== bytes.length) {
    throw new ValidationError(
      `filedata of "${fileId}" announced ${String(declared)} bytes but its content decodes to ${bytes.length}`,
      {},
    );
  }
  return bytes;
}

/**
 * What replaces the lifted `content` in the rest of a `filedata` answer: random per call, so no
 * hub can write it where the SDK looks for it, and only `attach.content` holding it proves the
 * lifted bytes are that member's.
 */
function liftedMark(): string {
  const random = crypto.getRandomValues(new Uint32Array(2));
  return `lifted:${random[0]!.toString(36)}${random[1]!.toString(36)}`;
}

/** Where a walk of `files.list` stands: the next `start`, and the files it has yielded. */
interface FilesCursor {
  start: number;
  seen: ReadonlySet<string>;
}

/** One page of `files.list`. */
function filesPage(response: () => ResponseInfo, items: Attach[], next: FilesCursor | null) {
  return {
    response,
    items,
    total: 0,
    fingerprint: pageFingerprint(items, (attach: Attach) => attach.hash),
    next,
  };
}
