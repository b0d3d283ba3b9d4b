import type { ResponseHead } from '../http/transport.js';
import type { Redactor } from '../secrets/redact.js';

/**
 * The HTTP answer behind a call's value, as `.withResponse()` and `.asResponse()` give it: safe to log.
 * The body is not here (the value is what it said); `Set-Cookie` is left out (Hubzilla's
 * `PHPSESSID` alone is a logged-in session) and every header value and the URL are redacted.
 */
export interface ResponseInfo {
  /** The HTTP status of the answer the value came from (after retries). */
  status: number;
  /** Its headers, without `Set-Cookie`, values redacted. */
  headers: Headers;
  /** The URL that answered, after any same-origin redirect, with secrets replaced by `[REDACTED]`. */
  url: string;
  /** `GET` or `POST`. */
  method: string;
}

/** Built only when asked for: a call that never asks pays nothing for the copy of its headers. */
export function responseInfo(response: ResponseHead, redactor: Redactor): ResponseInfo {
  const headers = new Headers();
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers.append(name, redactor.text(value));
  });
  return { status: response.status, headers, url: response.url, method: response.method };
}
