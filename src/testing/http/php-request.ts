import type { ServerLimits } from '../../core/request/php-limits.js';
import { type MultipartPart, multipartBoundary, multipartParts } from './php-multipart.js';
import { type PhpArray, phpFields, registerPhpVariable } from './php-vars.js';

/**
 * What PHP (8.2) makes of one request before the application runs: `$_GET`, `$_POST` and `$_FILES`,
 * cut **silently** where PHP's limits cut, exactly as recorded from a real PHP in
 * `test/fixtures/php-limits` (see "PHP's silent limits" in docs/server-behaviour.md):
 *
 * - `max_input_vars`: the query keeps that many pairs, a urlencoded body one more, a multipart body
 *   that many text fields (files do not count); a dropped name counts, and so do a body's empty pairs;
 * - `max_input_nesting_level`: a deeper name deletes the whole variable (a file's `[name]` is a level);
 * - `post_max_size`: a longer body leaves `$_POST` and `$_FILES` empty (`$_GET` stays);
 * - `upload_max_filesize`: the file arrives as `error` 1, `size` 0, no `tmp_name`, no `type`;
 * - `max_file_uploads`: later files are dropped; the body stops at `max_input_vars + max_file_uploads`
 *   parts (`max_multipart_body_parts`);
 * - a file's `name` is what follows the last `/` or `\` of its file name, up to a NUL.
 */
export interface PhpRequest {
  get: PhpArray;
  post: PhpArray;
  /** `$_FILES` in PHP's layout: `f` → `{name, full_path, type, tmp_name, error, size}`, `f[]` lists inside each. */
  files: PhpArray;
  /** The uploaded files by their `tmp_name`. */
  tmpFiles: Map<string, File>;
}

/** PHP's `UPLOAD_ERR_*` codes. */
export const UPLOAD_ERR = { OK: 0, INI_SIZE: 1, FORM_SIZE: 2, NO_FILE: 4 } as const;

/** Reads `request` (its body too) as PHP does under `limits`. */
export async function readPhpRequest(request: Request, limits: Required<ServerLimits>): Promise<PhpRequest> {
  const read: PhpRequest = {
    get: phpFields(new URL(request.url).search.slice(1), limits, 'query'),
    post: new Map(),
    files: new Map(),
    tmpFiles: new Map(),
  };
  // PHP reads a body into $_POST and $_FILES for a POST only (a PUT's or DELETE's is left unread).
  if (request.method !== 'POST' || request.body === null) return read;
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const form = type.startsWith('application/x-www-form-urlencoded');
  const boundary = type.startsWith('multipart/form-data')
    ? multipartBoundary(request.headers.get('content-type') ?? '')
    : undefined;
  if (!form && boundary === undefined) return read;
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await request.arrayBuffer());
  } catch {
    return read; // A body that breaks off reads as none.
  }
  if (bytes.length > limits.postMaxSize) return read;
  if (form) read.post = phpFields(new TextDecoder().decode(bytes), limits, 'body');
  else if (boundary !== undefined) readMultipart(read, bytes, multipartParts(bytes, boundary), limits);
  return read;
}

function readMultipart(
  read: PhpRequest,
  bytes: Uint8Array,
  parts: readonly MultipartPart[],
  limits: Required<ServerLimits>,
): void {
  const maxParts = limits.maxInputVars + limits.maxFileUploads;
  let fields = 0;
  let uploadsLeft = limits.maxFileUploads;
  let maxFileSize = 0;
  let anonymous = 0;
  for (const [index, part] of parts.entries()) {
    // `max_multipart_body_parts` (-1, its default, means this sum): PHP stops reading there.
    if (index >= maxParts) return;
    const content = bytes.subarray(part.start, part.end);
    if (part.filename === undefined) {
      // A part with neither name nor file name: "File Upload Mime headers garbled", the end.
      if (part.name === undefined) return;
      const value = new TextDecoder().decode(content);
      if (++fields <= limits.maxInputVars)
        registerPhpVariable(read.post, part.name, value, limits.maxNesting);
      if (part.name.toUpperCase() === 'MAX_FILE_SIZE') maxFileSize = Number.parseInt(value, 10) || 0;
      continue;
    }
    if (uploadsLeft <= 0) continue;
    const field = part.name ?? String(anonymous++);
    if (!balancedFileField(field)) continue;
    let error: number = UPLOAD_ERR.OK;
    if (part.filename === '') error = UPLOAD_ERR.NO_FILE;
    else {
      uploadsLeft--;
      if (content.length > limits.uploadMaxFilesize) error = UPLOAD_ERR.INI_SIZE;
      else if (maxFileSize !== 0 && content.length > maxFileSize) error = UPLOAD_ERR.FORM_SIZE;
    }
    const name = basename(part.filename);
    // A failed upload has no type, no content and no temporary file.
    const type = error === UPLOAD_ERR.OK ? (part.contentType?.split(';')[0] ?? '') : '';
    const tmpName = error === UPLOAD_ERR.OK ? `/tmp/php${read.tmpFiles.size + 1}` : '';
    if (tmpName !== '') read.tmpFiles.set(tmpName, new File([content.slice()], name, { type }));
    registerUpload(read.files, field, limits.maxNesting, {
      name,
      full_path: part.filename,
      type,
      tmp_name: tmpName,
      error: String(error),
      size: error === UPLOAD_ERR.OK ? String(content.length) : '0',
    });
  }
}

/**
 * PHP skips a file part whose field name has unbalanced brackets or text after a `]` (`f[x]tail`,
 * `f[x`, `f]`): "never repair potential malicious user input".
 */
function balancedFileField(field: string): boolean {
  let depth = 0;
  for (let at = 0; at < field.length; at++) {
    if (field[at] === '[') depth++;
    else if (field[at] === ']') {
      depth--;
      const next = field[at + 1];
      if (next !== undefined && next !== '[') return false;
    }
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** What follows the last `/` or `\` (PHP's `php_ap_basename`, both on every system). */
function basename(filename: string): string {
  return filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
}

/** `f[a][]` registers `f[name][a][]`, `f[type][a][]`, ... one by one, as `rfc1867.c` does. */
function registerUpload(
  files: PhpArray,
  field: string,
  maxNesting: number,
  entry: Record<'name' | 'full_path' | 'type' | 'tmp_name' | 'error' | 'size', string>,
): void {
  const open = field.indexOf('[');
  const isList = open >= 0 && field.endsWith(']');
  for (const [key, value] of Object.entries(entry)) {
    const name = isList ? `${field.slice(0, open)}[${key}]${field.slice(open)}` : `${field}[${key}]`;
    registerPhpVariable(files, name, value, maxNesting);
  }
}
