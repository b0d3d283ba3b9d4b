import {
  findAuthorizationValues,
  findPrivateKeyBlocks,
  findText,
  findUserinfoPasswords,
  mayHoldCredentialForm,
} from './credential-forms.js';
import {
  canonicalView,
  type DecodedView,
  decodedTexts,
  decodedViews,
  isDropped,
  sourceRange,
  withoutDropped,
} from './decoded-view.js';

/** What replaces a secret wherever it would otherwise appear. */
export const REDACTED = '[REDACTED]';

/** What an unreadable text or value becomes: the redactor never throws, and never lets one through. */
export const UNCHECKED = '[REDACTED: could not be checked for secrets]';

/**
 * Texts longer than this are searched in overlapping windows, so the decoded views (two offsets a
 * character) stay a few tens of MB whatever a body's size; a spelling of a secret shorter than
 * `WINDOW_OVERLAP` (a 256 KiB token `\u`-escaped whole, 1.5 M characters) is always inside one window.
 */
const WINDOW = 4 * 1024 * 1024;
const WINDOW_OVERLAP = 2 * 1024 * 1024;

/** Shorter secrets (as compared: decoded, no whitespace) would redact ordinary words; the servers' are long. */
const MIN_SECRET_LENGTH = 4;

/** How `redactInSlices` cuts a text: window and overlap in characters, and what to await between two. */
export interface TextSlices {
  window: number;
  overlap: number;
  pause: () => Promise<void>;
}

/**
 * A secret as servers write its bytes rather than its text: hex (PHP's `bin2hex`, lower case, and
 * upper case) of its UTF-8, and UTF-16 (LE or BE) as an answer read as UTF-8 shows it: each
 * character with a NUL between it and the next, raw or `\u0000`-escaped (decoded to the same NUL
 * by the JSON pass), both byte orders having the same inside. Only for a secret whose characters
 * are all ASCII: another character's UTF-16 bytes are no UTF-8 text to find.
 */
export function encodedVariants(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  const found = [hex, hex.toUpperCase()];
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is what the UTF-16 spelling needs
  if (/^[\x00-\x7f]+$/.test(secret)) found.push(withoutDropped([...secret].join('\u0000')));
  return found.filter((text) => text.length >= MIN_SECRET_LENGTH);
}

/** A secret as the redactor compares it: one of its decodings, without whitespace and `+`. */
export interface SecretVariant {
  text: string;
  /** Whether it starts (ends) with whitespace or `+`, which `text` leaves out. */
  lead: boolean;
  trail: boolean;
}

/**
 * The start of an escape at a secret's end (`\`, `%4`, `&#x`): in an echo, it may form an escape
 * with what follows and be decoded away.
 */
const OPEN_ESCAPE = /(?:\\[0-9A-Za-z]{0,4}|%[0-9A-Fa-f]?|&#?[0-9A-Za-z]{0,8})$/;

/**
 * Each decoding of a secret (itself first), as compared; and, for one ending in the start of an
 * escape, the same without that end (which then stays visible: a character or two).
 */
export function secretVariants(secret: string): SecretVariant[] {
  const variants = new Map<string, SecretVariant>();
  for (const decoded of decodedTexts(secret)) {
    const text = withoutDropped(decoded);
    const lead = isDropped(decoded[0] ?? '');
    variants.set(text, { text, lead, trail: isDropped(decoded.at(-1) ?? '') });
    const stem = text.replace(OPEN_ESCAPE, '');
    if (stem !== text) variants.set(stem, { text: stem, lead, trail: false });
  }
  return [...variants.values()];
}

/**
 * Every occurrence of `secret` in `canonical` (a canonical view of `base`), non-overlapping (so
 * linear), widened over the whitespace and `+` next to it when the secret starts or ends with some:
 * a token's leading `+` is part of it, in any spelling (and however a server spaced it).
 */
export function findSecret(
  canonical: DecodedView,
  base: DecodedView,
  secret: SecretVariant,
  ranges: number[],
  offset: number,
): void {
  const { text } = canonical;
  const length = secret.text.length;
  for (let at = text.indexOf(secret.text); at !== -1; at = text.indexOf(secret.text, at + length)) {
    let [from, to] = sourceRange(canonical, at, at + length - 1);
    if (secret.lead) {
      let first = canonical.origin ? canonical.origin[at]! : at;
      while (first > 0 && isDropped(base.text[first - 1]!)) first--;
      from = sourceRange(base, first, first)[0];
    }
    if (secret.trail) {
      let last = canonical.origin ? canonical.origin[at + length - 1]! : at + length - 1;
      while (last + 1 < base.text.length && isDropped(base.text[last + 1]!)) last++;
      to = sourceRange(base, last, last)[1];
    }
    ranges.push(from + offset, to + offset);
  }
}

/**
 * The secrets a client holds, found in a text by what the text decodes to (see `decodedTexts`):
 * first without the maps back to the source, which only a text holding something to hide pays for.
 */
export class SecretSearch {
  readonly #given = new Set<string>();
  /** The secrets as compared (see `secretVariants`: each decoding of each), longest first. */
  #canonical: SecretVariant[] = [];
  /** Secrets with fewer than `MIN_SECRET_LENGTH` characters once canonical (`"a b c d"`): matched as given. */
  readonly #exact: string[] = [];

  /** Adds a secret: at once usable, nothing is compiled. */
  add(secret: string | undefined): void {
    if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH || this.#given.has(secret)) return;
    this.#given.add(secret);
    let variants: SecretVariant[] = [];
    try {
      variants = secretVariants(secret).filter((variant) => variant.text.length >= MIN_SECRET_LENGTH);
    } catch {}
    if (variants.length === 0) this.#exact.push(secret);
    const encoded = encodedVariants(secret).filter((text) => !variants.some((known) => known.text === text));
    this.#canonical = [
      ...this.#canonical,
      ...variants,
      ...encoded.map((text) => ({ text, lead: false, trail: false })),
    ].sort((a, b) => b.text.length - a.text.length);
  }

  /** A copy of `text` with every secret replaced, in every spelling a server can produce. Never throws. */
  redact(text: string): string {
    try {
      if (typeof text !== 'string') return UNCHECKED;
      const ranges: number[] = [];
      for (const _ of this.#windows(text, ranges, WINDOW, WINDOW_OVERLAP));
      return ranges.length === 0 ? text : replaceRanges(text, ranges);
    } catch {
      return UNCHECKED;
    }
  }

  /**
   * As `redact`, in windows of `slices.window` characters overlapping by `slices.overlap` (which
   * must exceed the longest spelling of a secret looked for), awaiting `slices.pause()` between
   * two: a server (the relay) scrubbing a large answer lets its other requests run meanwhile.
   */
  async redactInSlices(text: string, slices: TextSlices): Promise<string> {
    try {
      if (typeof text !== 'string') return UNCHECKED;
      const ranges: number[] = [];
      for (const _ of this.#windows(text, ranges, slices.window, slices.overlap)) await slices.pause();
      return ranges.length === 0 ? text : replaceRanges(text, ranges);
    } catch {
      return UNCHECKED;
    }
  }

  /** Searches `text` window by window (one window when it fits), yielding between two. */
  *#windows(text: string, ranges: number[], window: number, overlap: number): Generator<void> {
    if (text.length <= window) {
      this.#find(text, ranges, 0);
      return;
    }
    for (let from = 0; from < text.length; from += window - overlap) {
      this.#find(text.slice(from, from + window), ranges, from);
      if (from + window >= text.length) break;
      yield;
    }
  }

  #find(source: string, ranges: number[], offset: number): void {
    const plain: DecodedView = { text: source, start: undefined, end: undefined };
    for (const secret of this.#exact) findText(plain, secret, ranges, offset);
    // First without the maps back to the source (the engine's own `replace` and `indexOf`): only a
    // text that holds something to hide pays for them.
    const texts = decodedTexts(source);
    const canonicalTextsOnly = texts.map(withoutDropped);
    const holdsSecret = canonicalTextsOnly.some((text) =>
      this.#canonical.some((secret) => text.includes(secret.text)),
    );
    if (!holdsSecret && !mayHoldCredentialForm(texts.at(-1)!, canonicalTextsOnly.at(-1)!)) return;
    const views = decodedViews(source);
    const decoded = views.at(-1)!;
    findAuthorizationValues(decoded, ranges, offset);
    findUserinfoPasswords(decoded, ranges, offset);
    const canonicals = views.map(canonicalView);
    findPrivateKeyBlocks(canonicals.at(-1)!, ranges, offset);
    canonicals.forEach((canonical, pass) => {
      for (const secret of this.#canonical) findSecret(canonical, views[pass]!, secret, ranges, offset);
    });
  }
}

/** `text` with each range `[from, to)` (pairs, any order, overlapping or not) replaced by `REDACTED`. */
function replaceRanges(text: string, ranges: number[]): string {
  const pairs: [number, number][] = [];
  for (let index = 0; index < ranges.length; index += 2) pairs.push([ranges[index]!, ranges[index + 1]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  const parts: string[] = [];
  // `kept`: where the text after the last hidden range resumes; `-1` before the first.
  let kept = -1;
  for (const [from, to] of pairs) {
    if (from > kept) {
      parts.push(text.slice(Math.max(0, kept), from), REDACTED);
      kept = to;
    } else kept = Math.max(kept, to);
  }
  parts.push(text.slice(Math.max(0, kept)));
  return parts.join('');
}
