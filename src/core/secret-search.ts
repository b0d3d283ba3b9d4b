import { type DecodedView, decodedTexts, isDropped, sourceRange, withoutDropped } from './decoded-view.js';

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
