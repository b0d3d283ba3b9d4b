import type { BodyCollector, CollectedBody } from '../body/body-collector.js';
import type { RequestOptions } from '../options/options.js';
import type { Fields } from '../request/query.js';
import type { Repeatable } from './write-outcome.js';

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** Relative to the site root, e.g. `api.php` or `api/z/1.0/files`. */
  path: string;
  query?: Fields;
  body?: URLSearchParams | FormData;
  /** What a repeat of it does, which decides its retries. Default: `'read'` for GET, `'once'` for POST. */
  repeat?: Repeatable | undefined;
  /** This answer's own byte limit (a `filedata` chunk's follows from its `length`). */
  maxResponseBytes?: number | undefined;
  /** A known cause of this endpoint's HTTP 500s, added to the error's message. */
  serverErrorHint?: string | undefined;
  /** Reads a 2xx body as it arrives (a `filedata` chunk's base64 decoded on the way). Default: whole. */
  collect?: (() => BodyCollector) | undefined;
  options?: RequestOptions | undefined;
}

/** What an answer is besides its body: enough to describe it (see `ResponseInfo`). */
export interface ResponseHead {
  status: number;
  headers: Headers;
  method: string;
  /** The URL that answered (after same-origin redirects), redacted. */
  url: string;
}

/** A whole answer, body read, after retries and redirects. Any status: the caller decides what is an error. */
export interface HttpResponse extends ResponseHead {
  /** The body as received (a lifted member's value emptied, see `HttpRequest.collect`). */
  bytes: Uint8Array;
  /** What the request's collector took out of the body. */
  lifted?: Uint8Array | undefined;
  /** An earlier attempt of this write failed in a way that may have applied it (then it was retried). */
  uncertain?: boolean | undefined;
  /** The body as text (UTF-8), decoded on first use: a `filedata` chunk never needs it. */
  readonly text: string;
}

const UTF8 = new TextDecoder();

/** The answer as the transport resolves with it: `call` names the request and the URL that answered. */
export function answered(
  response: Response,
  { bytes, lifted }: CollectedBody,
  call: { method: string; url: string },
): HttpResponse {
  let text: string | undefined;
  return {
    status: response.status,
    headers: response.headers,
    method: call.method,
    url: call.url,
    bytes,
    lifted,
    get text() {
      text ??= UTF8.decode(bytes);
      return text;
    },
  };
}
