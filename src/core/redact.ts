/** What replaces a secret wherever it would otherwise appear. */
export const REDACTED = '[REDACTED]';

/** Query parameters whose values are secrets on these servers. */
const SECRET_PARAMETERS = ['token', 'key', 'password'];

/**
 * Removes a client's secrets from text, URLs and parsed bodies. Built once per client from the
 * secrets it holds, and applied where errors and hook events are constructed, so no later code path
 * can leak them (the octokit request-error approach).
 */
export class Redactor {
  readonly #needles: string[];

  constructor(secrets: readonly (string | undefined)[]) {
    const needles = new Set<string>();
    for (const secret of secrets) {
      // Short values would redact ordinary words; the servers' secrets are long.
      if (!secret || secret.length < 4) continue;
      needles.add(secret);
      needles.add(encodeURIComponent(secret));
      needles.add(new URLSearchParams({ s: secret }).toString().slice(2));
    }
    // Longest first, so an encoded form is not half-replaced through a shorter one.
    this.#needles = [...needles].sort((a, b) => b.length - a.length);
  }

  /** A copy of `text` with every secret replaced. */
  text(text: string): string {
    let result = text;
    for (const needle of this.#needles) {
      if (result.includes(needle)) result = result.split(needle).join(REDACTED);
    }
    return result;
  }

  /** The URL as a string, with secret query parameters and any secret in it replaced. */
  url(url: string | URL): string {
    const parsed = new URL(url);
    for (const name of SECRET_PARAMETERS) {
      if (parsed.searchParams.has(name)) parsed.searchParams.set(name, REDACTED);
    }
    parsed.username = '';
    parsed.password = '';
    return this.text(parsed.toString().replaceAll(encodeURIComponent(REDACTED), REDACTED));
  }

  /** A deep copy of a parsed body with every string holding a secret redacted, keys included. */
  value(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((entry) => this.value(entry));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([name, entry]) => [this.text(name), this.value(entry)]),
      );
    }
    return value;
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
