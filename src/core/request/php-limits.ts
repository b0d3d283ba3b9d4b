/**
 * PHP's request limits, which both servers' PHP enforces **silently**: fields past
 * `max_input_vars` are dropped, a variable nested deeper than `max_input_nesting_level` is dropped,
 * a file over `upload_max_filesize` arrives as an upload error, a body over `post_max_size` leaves
 * `$_POST` and `$_FILES` empty, files past `max_file_uploads` are dropped. The SDK refuses before
 * sending a request PHP would cut (see {@link limitBreach}); the relay refuses one before forwarding;
 * the fake site cuts as PHP does.
 */
import type { ServerLimits } from '../options/server-limits.js';

// The type lives with the options (a room below this one), which declare `serverLimits`.
export type { ServerLimits } from '../options/server-limits.js';

/** PHP's defaults (php.ini-production and the built-in ones agree on these). */
export const PHP_DEFAULT_LIMITS: Readonly<Required<ServerLimits>> = Object.freeze({
  maxInputVars: 1000,
  maxNesting: 64,
  postMaxSize: 8 * 1024 * 1024,
  uploadMaxFilesize: 2 * 1024 * 1024,
  maxFileUploads: 20,
});

/** The php.ini name of each limit, for messages. */
export const PHP_INI_NAME: Readonly<Record<keyof ServerLimits, string>> = Object.freeze({
  maxInputVars: 'max_input_vars',
  maxNesting: 'max_input_nesting_level',
  postMaxSize: 'post_max_size',
  uploadMaxFilesize: 'upload_max_filesize',
  maxFileUploads: 'max_file_uploads',
});

/** One file part of a request, as PHP's limits see it. */
export interface FilePart {
  /** The form field's name (`photo`, `media`). */
  field: string;
  /** The file name sent in the part's `Content-Disposition`. */
  fileName: string;
  /** The file's size in bytes. */
  size: number;
}

/** What PHP's limits look at in one request: field names as sent, before PHP reads them. */
export interface PhpRequestShape {
  /** The query string's fields, `name[]` entries one by one (names as sent, not as PHP reads them). */
  query: readonly (readonly [name: string, value: string])[];
  /** The body, if any: its text fields, its files, and its size in bytes (`Content-Length`). */
  body?: {
    fields: readonly (readonly [name: string, value: string])[];
    files: readonly FilePart[];
    size: number;
  };
}

/** A limit a request goes past, and by how much. */
export interface LimitBreach {
  /** Which limit (the `serverLimits` key). */
  limit: keyof ServerLimits;
  /** Where: the query string, the body, or one file of the body. */
  where: 'query' | 'body' | 'file';
  /** The count or size the request has. */
  actual: number;
  /** The limit in force. */
  allowed: number;
  /** The field in question, where there is one (the deepest-nested name, the file's field). */
  field?: string;
}

/** The limits in force: the site's where given, PHP's defaults for the rest. */
export function serverLimitsWithDefaults(limits: ServerLimits | undefined): Required<ServerLimits> {
  return { ...PHP_DEFAULT_LIMITS, ...limits };
}

/**
 * How many `[...]` groups PHP reads after the variable's name (`a[x][]` has 2). A name without a
 * closing `]` has none: PHP reads the `[` as part of the name.
 */
function nestingOf(name: string): number {
  const open = name.indexOf('[');
  if (open < 0) return 0;
  let depth = 0;
  let at = open;
  while (name[at] === '[') {
    const close = name.indexOf(']', at + 1);
    if (close < 0) break;
    depth++;
    at = close + 1;
  }
  return depth;
}

function fieldBreach(
  fields: readonly (readonly [string, string])[],
  where: 'query' | 'body',
  limits: Required<ServerLimits>,
): LimitBreach | undefined {
  if (fields.length > limits.maxInputVars)
    return { limit: 'maxInputVars', where, actual: fields.length, allowed: limits.maxInputVars };
  for (const [name] of fields) {
    const depth = nestingOf(name);
    if (depth > limits.maxNesting)
      return { limit: 'maxNesting', where, actual: depth, allowed: limits.maxNesting, field: name };
  }
  return undefined;
}

/**
 * The first of PHP's limits that `request` goes past, or `undefined` when PHP keeps all of it.
 * Counting is PHP's: every field and every `name[]` entry counts, the query and the body apart; a
 * body counts by its bytes, each file by its own size, files by their number.
 */
export function limitBreach(
  request: PhpRequestShape,
  limits: Required<ServerLimits>,
): LimitBreach | undefined {
  const inQuery = fieldBreach(request.query, 'query', limits);
  if (inQuery !== undefined || request.body === undefined) return inQuery;
  const { fields, files, size } = request.body;
  if (size > limits.postMaxSize)
    return { limit: 'postMaxSize', where: 'body', actual: size, allowed: limits.postMaxSize };
  const inBody = fieldBreach(fields, 'body', limits);
  if (inBody !== undefined) return inBody;
  if (files.length > limits.maxFileUploads)
    return { limit: 'maxFileUploads', where: 'body', actual: files.length, allowed: limits.maxFileUploads };
  for (const file of files)
    if (file.size > limits.uploadMaxFilesize)
      return {
        limit: 'uploadMaxFilesize',
        where: 'file',
        actual: file.size,
        allowed: limits.uploadMaxFilesize,
        field: file.field,
      };
  return undefined;
}

/** What to do about each limit, for the message. */
const FIX: Readonly<Record<keyof ServerLimits, string>> = Object.freeze({
  maxInputVars: 'send fewer list entries or split the call into several',
  maxNesting: 'send flatter field names',
  postMaxSize: 'send a smaller body (a smaller file)',
  uploadMaxFilesize: 'send a smaller file',
  maxFileUploads: 'send fewer files per call',
});

/**
 * The message of a refused request: which limit, the count or size against it, and the fix (fewer
 * entries, a split call, or the site's real limit in `serverLimits`).
 */
export function limitMessage(breach: LimitBreach): string {
  const unit = breach.limit === 'postMaxSize' || breach.limit === 'uploadMaxFilesize' ? ' bytes' : '';
  const what: Record<keyof ServerLimits, string> = {
    maxInputVars: `${breach.actual} fields in the ${breach.where}`,
    maxNesting: `field '${breach.field}' nested ${breach.actual} levels deep`,
    postMaxSize: `a body of ${breach.actual} bytes`,
    uploadMaxFilesize: `file '${breach.field}' of ${breach.actual} bytes`,
    maxFileUploads: `${breach.actual} files`,
  };
  return (
    `PHP on the server would silently cut this request: ${what[breach.limit]}, over ` +
    `${PHP_INI_NAME[breach.limit]} = ${breach.allowed}${unit}. Nothing was sent. Fix: ${FIX[breach.limit]}, ` +
    `or, if the site's php.ini allows more, pass its real limit as serverLimits.${breach.limit}.`
  );
}
