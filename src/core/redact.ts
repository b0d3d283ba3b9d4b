import { secretPattern } from './secret-spellings.js';

/** What replaces a secret wherever it would otherwise appear. */
export const REDACTED = '[REDACTED]';

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
 * Credentials of any value, found by their form: an `Authorization` value a server or proxy echoes
 * (`Bearer …`, `Basic …`, a signature's `signature="…"`), which change per token or per request and
 * so cannot all be listed as secrets.
 */
const CREDENTIAL_FORMS = /\b(Bearer|Basic)(\s+)[A-Za-z0-9._~+/=-]{8,}|\b(signature=")[^"]*(")/gi;

/**
 * Removes a client's secrets from text, URLs and parsed bodies. Built once per client from the
 * secrets it holds, and applied where errors and hook events are constructed, so no later code path
 * can leak them (the octokit request-error approach).
 */
export class Redactor {
  /** Every spelling of every secret (see `secretPattern`), compiled once per set of secrets. */
  #pattern: RegExp | undefined;
  readonly #secrets: string[] = [];

  constructor(secrets: readonly (string | undefined)[]) {
    this.add(...secrets);
  }

  /**
   * Adds secrets learnt after construction (an OAuth access token, a key's material). Short values
   * would redact ordinary words; the servers' secrets are long.
   */
  add(...secrets: readonly (string | undefined)[]): void {
    const fresh = secrets.filter(
      (secret): secret is string =>
        typeof secret === 'string' && secret.length >= 4 && !this.#secrets.includes(secret),
    );
    if (fresh.length === 0) return;
    this.#secrets.push(...fresh);
    const source = secretPattern(this.#secrets);
    this.#pattern = source === undefined ? undefined : new RegExp(source, 'g');
  }

  /** A copy of `text` with every secret replaced, in every spelling a server can produce. */
  text(text: string): string {
    const scrubbed = text.replace(CREDENTIAL_FORMS, (_, scheme, space, opening, closing) =>
      scheme === undefined ? `${opening}${REDACTED}${closing}` : `${scheme}${space}${REDACTED}`,
    );
    if (this.#pattern === undefined) return scrubbed;
    this.#pattern.lastIndex = 0;
    return scrubbed.replace(this.#pattern, REDACTED);
  }

  /**
   * The URL as a string, with secret query parameters, user info and any secret in it replaced.
   * Runs on every call: the query is rewritten as text, pair by pair, rather than through a copy of
   * the URL and its `searchParams` (each change of which re-serializes the URL): 1 µs instead of 3
   * in isolation, and far more between requests, when none of that code is hot.
   */
  url(url: string | URL): string {
    const parsed = typeof url === 'string' ? new URL(url) : url;
    if (parsed.username !== '' || parsed.password !== '') {
      const copy = new URL(parsed);
      copy.username = '';
      copy.password = '';
      return this.url(copy);
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
   * place, before anyone can see it: message and stack, and every field (an `ApiError`'s `code` is
   * the server's own words).
   */
  error<E extends Error>(error: E): E {
    const message = this.text(error.message);
    if (message !== error.message) {
      const stack = error.stack;
      error.message = message;
      if (stack !== undefined) error.stack = this.text(stack);
    }
    const fields = error as unknown as Record<string, unknown>;
    for (const [name, field] of Object.entries(error)) fields[name] = this.value(field);
    return error;
  }
}
