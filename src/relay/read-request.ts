import { joinBytes } from '../core/body-collector.js';
import type { Fields } from '../core/query.js';

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
export async function readForm(request: Request, bytes: Uint8Array): Promise<URLSearchParams | FormData> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (bytes.byteLength === 0 && type === '') return new URLSearchParams();
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return new URLSearchParams(new TextDecoder().decode(bytes));
  }
  if (type.startsWith('multipart/form-data')) {
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

/** The page's query as fields: repeated `name[]` pairs as an array (sent again as `name[]`), else the last value, as PHP reads it. */
export function fieldsOf(params: URLSearchParams, drop: readonly string[]): Fields {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of params) {
    if (drop.includes(name) || drop.includes(name.replace(/\[\]$/, ''))) continue;
    if (name.endsWith('[]')) {
      const key = name.slice(0, -2);
      const list = fields[key];
      if (Array.isArray(list)) list.push(value);
      else fields[key] = [value];
    } else {
      fields[name] = value;
    }
  }
  return fields;
}

/** A copy of the form without the names in `drop` (credentials and switches the relay sets itself). */
export function formWithout<F extends URLSearchParams | FormData>(form: F, drop: readonly string[]): F {
  const copy = (form instanceof FormData ? new FormData() : new URLSearchParams()) as F;
  for (const [name, value] of form as Iterable<[string, string | File]>) {
    if (drop.includes(name) || drop.includes(name.replace(/\[\]$/, ''))) continue;
    if (copy instanceof FormData) copy.append(name, value);
    else (copy as URLSearchParams).append(name, value as string);
  }
  return copy;
}
