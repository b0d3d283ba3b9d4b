/** An HTTP date (IMF-fixdate, RFC 9110): the only date form `Retry-After` is passed on in. */
const HTTP_DATE =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
/** Up to ten digits: seconds (the page's client caps what it waits anyway). */
const SECONDS = /^\d{1,10}$/;
/** JSON as the hub labels it, with at most a UTF-8 charset. */
const JSON_TYPE = /^application\/json\s*(?:;\s*charset="?utf-8"?\s*)?$/i;

/**
 * The `Retry-After` the page gets: seconds or an HTTP date, each written again by the relay from
 * its value (a number, a date), so nothing else an upstream puts in the header passes.
 */
export function retryAfterValue(upstream: string | null): string | undefined {
  const value = upstream?.trim() ?? '';
  if (SECONDS.test(value)) return String(Number(value));
  if (!HTTP_DATE.test(value)) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toUTCString();
}

/**
 * The `Content-Type` the page gets: one of two fixed values. JSON stays JSON; anything else
 * (phpFox labels its JSON `text/html`) is `text/plain`, so the relay's origin never renders a
 * server's text as a page, and no parameter of the upstream's header (a charset holding a secret)
 * passes.
 */
export function contentTypeValue(upstream: string | null): string {
  return JSON_TYPE.test(upstream?.trim() ?? '')
    ? 'application/json; charset=utf-8'
    : 'text/plain; charset=utf-8';
}
