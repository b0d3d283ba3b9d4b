import { joinBytes } from '../core/body/body-collector.js';
import { PHP_INI_NAME, type ServerLimits } from '../core/request/php-limits.js';

/** Why the page's request cannot be forwarded. */
export class RequestRefusal extends Error {
  readonly kind: 'too_large' | 'bad_request';
  constructor(kind: 'too_large' | 'bad_request', message: string) {
    super(message);
    this.kind = kind;
  }
}

/**
 * The page's request body, at most `maxBytes`: a declared `Content-Length` past the limit is refused
 * before reading, and a body that grows past it (chunked, or lying about its length) stops there.
 */
export async function readLimitedBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () =>
    new RequestRefusal('too_large', `The request body passed ${maxBytes} bytes (maxRequestBytes)`);
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) throw tooLarge();
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const pieces: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    pieces.push(value);
  }
  return joinBytes(pieces);
}

/**
 * The page's form, parsed and re-encoded by the relay (never passed through as bytes): urlencoded
 * fields, or a multipart form with its files. Anything else is refused.
 */
export async function readForm(
  request: Request,
  bytes: Uint8Array,
  limits?: Required<ServerLimits>,
): Promise<URLSearchParams | FormData> {
  const type = request.headers.get('content-type') ?? '';
  // Only the media type is compared without case: the boundary is case-sensitive (a browser's
  // `----WebKitFormBoundaryQx7zR2mKpL9vTb4W` lower-cased matches no delimiter of its body).
  const media = (type.split(';')[0] as string).trim().toLowerCase();
  if (bytes.byteLength === 0 && type === '') return new URLSearchParams();
  if (media === 'application/x-www-form-urlencoded') {
    return new URLSearchParams(new TextDecoder().decode(bytes));
  }
  if (media === 'multipart/form-data') {
    if (limits !== undefined) refuseManyParts(bytes, type, limits);
    try {
      return await new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: { 'Content-Type': type },
      }).formData();
    } catch {
      throw new RequestRefusal('bad_request', 'The multipart body could not be read');
    }
  }
  throw new RequestRefusal('bad_request', 'A body must be a form (urlencoded or multipart)');
}

/** A multipart body's boundary, as its `Content-Type` gives it (quoted or not). */
function boundaryOf(type: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  return match?.[1] ?? match?.[2];
}

/** How often `needle` occurs in `bytes`, without overlaps: one native `indexOf` per candidate byte. */
function occurrences(bytes: Uint8Array, needle: Uint8Array): number {
  const first = needle[0] as number;
  let count = 0;
  let at = bytes.indexOf(first);
  // A candidate too close to the end fails the comparison below (`bytes[at + k]` is undefined).
  while (at !== -1) {
    let k = 1;
    while (k < needle.length && bytes[at + k] === needle[k]) k++;
    if (k === needle.length) count++;
    at = bytes.indexOf(first, k === needle.length ? at + needle.length : at + 1);
  }
  return count;
}

/**
 * Refuses a multipart body of more parts than PHP keeps fields and files together, counted by their
 * delimiters before it is parsed: the parser costs ~10 µs a part (a 10 MiB body of tiny parts would
 * hold the relay for seconds), the count ~0.1 µs. The exact count per limit comes after parsing.
 * PHP itself (8.1.17+, CVE-2023-0662) stops reading a body past the same count of parts
 * (`max_multipart_body_parts`, by default `max_input_vars` + `max_file_uploads`).
 */
function refuseManyParts(bytes: Uint8Array, type: string, limits: Required<ServerLimits>): void {
  const boundary = boundaryOf(type);
  if (boundary === undefined) return;
  // Every part opens with `--boundary`; so does the closing `--boundary--`.
  const parts = occurrences(bytes, new TextEncoder().encode(`--${boundary}`)) - 1;
  const most = limits.maxInputVars + limits.maxFileUploads;
  if (parts <= most) return;
  throw new RequestRefusal(
    'bad_request',
    `PHP on the server would silently cut this request: ${parts} parts in the body, over ` +
      `${PHP_INI_NAME.maxInputVars} = ${limits.maxInputVars} fields and ${PHP_INI_NAME.maxFileUploads} = ` +
      `${limits.maxFileUploads} files together. Nothing was sent. Fix: send fewer list entries or split the call ` +
      `into several, or, if the site's php.ini allows more, pass its real limits as serverLimits.maxInputVars ` +
      `and serverLimits.maxFileUploads.`,
  );
}

/** One field the page sent, where it sent it: a query field, or a form field (a file part included) of the body. */
export interface PageField {
  where: 'query' | 'body';
  /** The name as sent, decoded (`user_id`, `contact_allow[]`, ` method`). */
  name: string;
  value: string | File;
}

/**
 * Every field of the page's request, in order: the query's, then (for a POST) the body's, read
 * within `maxBytes` (a multipart body of more parts than `limits` keep is refused unparsed).
 * Nothing is dropped or merged here: the relay decides about each one.
 */
export async function readPageFields(
  request: Request,
  url: URL,
  maxBytes: number,
  limits?: Required<ServerLimits>,
): Promise<PageField[]> {
  const fields: PageField[] = [...url.searchParams].map(([name, value]) => ({ where: 'query', name, value }));
  if (request.method !== 'POST') return fields;
  const form = await readForm(request, await readLimitedBody(request, maxBytes), limits);
  for (const [name, value] of form as Iterable<[string, string | File]>)
    fields.push({ where: 'body', name, value });
  return fields;
}
