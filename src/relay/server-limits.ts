import type { HttpRequest } from '../core/http/http-exchange.js';
import { encodeMultipart } from '../core/request/multipart.js';
import {
  type FilePart,
  type LimitBreach,
  limitBreach,
  limitMessage,
  type PhpRequestShape,
  type ServerLimits,
} from '../core/request/php-limits.js';
import { type Fields, fieldEntries } from '../core/request/query.js';
import { type PageField, RequestRefusal } from './read-request.js';

/**
 * PHP's silent request limits (`serverLimits`) applied by the relay, twice and never after sending:
 * to the page's fields as they arrive (cheap: a 16,000-field form is refused before it is rebuilt),
 * and to the exact request the relay would send, its own fields and the body's size included.
 */

/** The fields the relay adds to a call, by where it sends them (`channel`, `token`). */
export interface RelayAdded {
  query: readonly string[];
  body: readonly string[];
}

type Entry = readonly [name: string, value: string];

/** A breach as the page hears it: 413 for a body or a file too large, 400 for counts and nesting. */
function refusalOf(breach: LimitBreach): RequestRefusal {
  const tooLarge = breach.limit === 'postMaxSize' || breach.limit === 'uploadMaxFilesize';
  return new RequestRefusal(tooLarge ? 'too_large' : 'bad_request', limitMessage(breach));
}

/**
 * Refuses the page's fields when PHP would cut them once the relay's own (`added`) join them:
 * counted per superglobal, each `name[]` entry one, names checked for nesting, files by number
 * and size. The body's size is left to {@link refuseUpstreamBreach}: only the rebuilt body's counts.
 */
export function refusePageBreach(
  page: readonly PageField[],
  added: RelayAdded,
  limits: Required<ServerLimits>,
): void {
  const query: Entry[] = added.query.map((name) => [name, '']);
  const fields: Entry[] = added.body.map((name) => [name, '']);
  const files: FilePart[] = [];
  for (const { where, name, value } of page) {
    if (typeof value !== 'string') files.push({ field: name, fileName: value.name, size: value.size });
    else (where === 'query' ? query : fields).push([name, value]);
  }
  const breach = limitBreach({ query, body: { fields, files, size: 0 } }, limits);
  if (breach !== undefined) throw refusalOf(breach);
}

/** Refuses the request the relay is about to send when PHP would cut any of it. */
export function refuseUpstreamBreach(request: HttpRequest, limits: Required<ServerLimits>): void {
  const breach = limitBreach(phpShape(request), limits);
  if (breach !== undefined) throw refusalOf(breach);
}

/** What PHP's limits see of a request: the query's fields, the body's fields, files and bytes. */
export function phpShape(request: HttpRequest): PhpRequestShape {
  const query = fieldEntries(request.query);
  const { body } = request;
  if (body === undefined) return { query };
  // Form-encoded, `toString()` is what fetch sends: all ASCII, one byte a character.
  if (!(body instanceof FormData))
    return { query, body: { fields: [...body], files: [], size: body.toString().length } };
  const fields: Entry[] = [];
  const files: FilePart[] = [];
  for (const [name, value] of body as Iterable<[string, string | File]>) {
    if (typeof value === 'string') fields.push([name, value]);
    else files.push({ field: name, fileName: value.name, size: value.size });
  }
  // The SDK's own encoding, as the transport sends it (its boundary is always as long).
  return { query, body: { fields, files, size: encodeMultipart(body).body.size } };
}

/**
 * `fields` with the relay's own (`own`) first and their values kept: PHP cuts from the end, so no
 * number of the page's fields can push `channel`, `token` or `method` off (defence in depth: the
 * limits refuse such a call anyway). A page's field of the same name never replaces one of them.
 */
export function ownFieldsFirst(fields: Fields, own: Fields): Fields {
  return { ...own, ...fields, ...own };
}
