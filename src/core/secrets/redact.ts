import { REDACTED, SecretSearch, type TextSlices, UNCHECKED } from './secret-search.js';

export { REDACTED, type TextSlices, UNCHECKED };

/** Query parameters whose values are secrets on these servers (Hubzilla puts `client_secret` in redirects). */
const SECRET_PARAMETERS = [
  'token',
  'key',
  'password',
  'access_token',
  'client_secret',
  'code',
  'code_verifier',
];

/**
 * A query string with the value of every secret parameter replaced, the other pairs as they were.
 * Names are compared as `URLSearchParams` decodes them (`+` a space, percent escapes), so
 * `%74oken=…` is a `token` too; a name that cannot be decoded is none of them (it would keep a `%`).
 */
function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {}
      return SECRET_PARAMETERS.includes(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * Removes a client's secrets from text, URLs, parsed bodies and errors. Built once per client from
 * the secrets it holds, and applied where errors and hook events are constructed, so no later code
 * path can leak them (the octokit request-error approach).
 *
 * A secret is found in what a text DECODES to, not in a list of spellings: JSON and JavaScript
 * escapes of any character (`\u002b`, `\/`), HTML entities, percent escapes repeated, line breaks
 * and spaces inside base64 or a PEM, a form-encoded `+`, and any mix of these (see `SecretSearch`).
 * The search is linear in the text for any secret length (`indexOf`, no pattern built from the
 * secrets), and found regions are mapped back to the text and replaced whole.
 */
export class Redactor {
  readonly #search = new SecretSearch();

  constructor(secrets: readonly (string | undefined)[]) {
    this.add(...secrets);
  }

  /**
   * Adds secrets learnt after construction (an OAuth access token, a key's material), at once
   * usable: nothing is compiled.
   */
  add(...secrets: readonly (string | undefined)[]): void {
    for (const secret of secrets) this.#search.add(secret);
  }

  /** A copy of `text` with every secret replaced, in every spelling a server can produce. Never throws. */
  text(text: string): string {
    return this.#search.redact(text);
  }

  /**
   * As `text`, window by window, awaiting `slices.pause()` between two (see `SecretSearch.redactInSlices`):
   * a server scrubbing a large answer does not hold its other requests meanwhile. Never rejects.
   */
  textInSlices(text: string, slices: TextSlices): Promise<string> {
    return this.#search.redactInSlices(text, slices);
  }

  /**
   * The URL as a string, with secret query parameters, user info and any secret in it replaced.
   * Runs on every call: the query is rewritten as text, pair by pair, rather than through a copy of
   * the URL and its `searchParams` (each change of which re-serializes the URL): 1 µs instead of 3
   * in isolation, and far more between requests, when none of that code is hot.
   */
  url(url: string | URL): string {
    try {
      return this.#url(url);
    } catch {
      return typeof url === 'string' ? this.text(url) : UNCHECKED;
    }
  }

  #url(url: string | URL): string {
    const parsed = typeof url === 'string' ? new URL(url) : url;
    if (parsed.username !== '' || parsed.password !== '') {
      const copy = new URL(parsed);
      copy.username = '';
      copy.password = '';
      return this.#url(copy);
    }
    const { href, search, hash } = parsed;
    // `search` is `''` or `?` and a non-empty query; whatever precedes it in `href` is kept.
    const before = href.slice(0, href.length - search.length - hash.length);
    return this.text(`${before}${search === '' ? '' : `?${redactQuery(search.slice(1))}`}${hash}`);
  }

  /**
   * A deep copy of a parsed body with every string holding a secret redacted, keys included.
   * Iterative, so a 50,000-deep value costs memory, never a `RangeError`.
   */
  value(value: unknown): unknown {
    try {
      return this.#value(value);
    } catch {
      return UNCHECKED;
    }
  }

  #value(value: unknown): unknown {
    const root: { value: unknown } = { value: undefined };
    const work: { source: unknown; assign: (copy: unknown) => void }[] = [
      { source: value, assign: (copy) => (root.value = copy) },
    ];
    for (let item = work.pop(); item !== undefined; item = work.pop()) {
      const { source, assign } = item;
      if (typeof source === 'string') assign(this.text(source));
      else if (Array.isArray(source)) {
        const copy: unknown[] = new Array(source.length);
        assign(copy);
        source.forEach((entry, index) => {
          work.push({ source: entry, assign: (inner) => (copy[index] = inner) });
        });
      } else if (source !== null && typeof source === 'object') {
        const copy: Record<string, unknown> = {};
        assign(copy);
        for (const [name, entry] of Object.entries(source)) {
          const key = this.text(name);
          work.push({ source: entry, assign: (inner) => (copy[key] = inner) });
        }
      } else assign(source);
    }
    return root.value;
  }

  /**
   * Scrubs an error built from server text (an `error_message`, a zod issue quoting a value) in
   * place, before anyone can see it: message and stack, every field (an `ApiError`'s `code` is the
   * server's own words), and the `cause` chain (a fetch failure quoting a header). Never throws.
   */
  error<E extends Error>(error: E): E {
    try {
      this.#scrub(error, new Set());
    } catch {
      try {
        error.message = UNCHECKED;
        error.stack = UNCHECKED;
      } catch {}
    }
    return error;
  }

  #scrub(error: Error, seen: Set<Error>): void {
    seen.add(error);
    const message = this.text(error.message);
    if (message !== error.message) define(error, 'message', message);
    if (typeof error.stack === 'string') {
      const stack = this.text(error.stack);
      if (stack !== error.stack) define(error, 'stack', stack);
    }
    const fields = error as unknown as Record<string, unknown>;
    for (const [name, field] of Object.entries(error)) fields[name] = this.value(field);
    const cause = (error as { cause?: unknown }).cause;
    if (cause === undefined || (cause instanceof Error && seen.has(cause))) return;
    if (!(cause instanceof Error)) define(error, 'cause', this.value(cause));
    else if (seen.size < MAX_CAUSE_DEPTH) this.#scrub(cause, seen);
    else define(error, 'cause', UNCHECKED);
  }
}

/** How deep a `cause` chain is followed; deeper causes are replaced. */
const MAX_CAUSE_DEPTH = 8;

/** An own, non-enumerable property (as `message`, `stack` and `cause` are): also over a getter (DOMException). */
function define(target: object, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable: false });
}
