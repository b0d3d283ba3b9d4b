import type { HttpRequest } from '../core/http/http-exchange.js';
import {
  type FilePart,
  type LimitBreach,
  limitBreach,
  limitMessage,
  type ServerLimits,
} from '../core/request/php-limits.js';
import { requestShape } from '../core/request/request-shape.js';
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
  // Stryker disable next-line StringLiteral: PHP's limits count a field by its name, never its value
  const query: Entry[] = added.query.map((name) => [name, '']);
  // Stryker disable next-line StringLiteral: as above
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
  const breach = limitBreach(requestShape(request), limits);
  if (breach !== undefined) throw refusalOf(breach);
}
