import { joinBytes } from '../core/body/body-collector.js';

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
  const type = request.headers.get('content-type') ?? '';
  // Only the media type is compared without case: the boundary is case-sensitive (a browser's
  // `----WebKitFormBoundaryQx7zR2mKpL9vTb4W` lower-cased matches no delimiter of its body).
  const media = (type.split(';')[0] as string).trim().toLowerCase();
  if (bytes.byteLength === 0 && type === '') return new URLSearchParams();
  if (media === 'application/x-www-form-urlencoded') {
    return new URLSearchParams(new TextDecoder().decode(bytes));
  }
  if (media === 'multipart/form-data') {
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

/** One field the page sent, where it sent it: a query field, or a form field (a file part included) of the body. */
export interface PageField {
  where: 'query' | 'body';
  /** The name as sent, decoded (`user_id`, `contact_allow[]`, ` method`). */
  name: string;
  value: string | File;
}

/**
 * Every field of the page's request, in order: the query's, then (for a POST) the body's, read
 * within `maxBytes`. Nothing is dropped or merged here: the relay decides about each one.
 */
export async function readPageFields(request: Request, url: URL, maxBytes: number): Promise<PageField[]> {
  const fields: PageField[] = [...url.searchParams].map(([name, value]) => ({ where: 'query', name, value }));
  if (request.method !== 'POST') return fields;
  const form = await readForm(request, await readLimitedBody(request, maxBytes));
  for (const [name, value] of form as Iterable<[string, string | File]>)
    fields.push({ where: 'body', name, value });
  return fields;
}
