import { type DecodedView, sourceRange } from './decoded-view.js';

/*
 * Credentials of any value, found by their form rather than by being known: they change per token
 * or per request (an echoed `Authorization`), or are secret whatever they hold (a password in a
 * URL, a private key's PEM). Each finder adds the source ranges `[from, to)` to hide to `ranges`,
 * shifted by `offset`. Every pattern is linear: no two quantifiers can match the same characters.
 */

/** `Bearer …` / `Basic …` (a form-encoded `+` for the space too), a signature's `signature="…"`. */
const AUTHORIZATION_VALUES = /\b(?:(Bearer|Basic)(\s+|\+)[A-Za-z0-9._~+/=-]{8,}|(signature=")[^"]*")/gi;

/**
 * Whether any finder below can find anything, from the decoded and canonical texts alone (no map):
 * most texts hold nothing, and pay only this.
 */
export function mayHoldCredentialForm(decoded: string, canonical: string): boolean {
  AUTHORIZATION_VALUES.lastIndex = 0;
  return (
    AUTHORIZATION_VALUES.test(decoded) ||
    (decoded.includes('@') && decoded.includes('://')) ||
    canonical.includes('-----BEGIN')
  );
}

/** In the decoded view, with its whitespace: an `Authorization` value a server or proxy echoes. */
export function findAuthorizationValues(view: DecodedView, ranges: number[], offset: number): void {
  const { text } = view;
  AUTHORIZATION_VALUES.lastIndex = 0;
  for (let match = AUTHORIZATION_VALUES.exec(text); match; match = AUTHORIZATION_VALUES.exec(text)) {
    const [whole, scheme, space, opening] = match;
    const from = match.index + (scheme === undefined ? opening!.length : scheme.length + space!.length);
    const to = match.index + whole.length - (scheme === undefined ? 1 : 0);
    if (to > from) push(view, from, to - 1, ranges, offset);
  }
}

/** Ends a URL's authority (`user:password@host:port`). */
const AUTHORITY_END = /[/?#\s"'<>\\]/;

/** In the decoded view: the password of any `scheme://user:password@host` (the user name is kept). */
export function findUserinfoPasswords(view: DecodedView, ranges: number[], offset: number): void {
  const { text } = view;
  for (let at = text.indexOf('://'); at !== -1; at = text.indexOf('://', at + 3)) {
    const authorityStart = at + 3;
    let colon = -1;
    let userinfoEnd = -1;
    let index = authorityStart;
    for (; index < text.length && !AUTHORITY_END.test(text[index]!); index++) {
      if (text[index] === '@') userinfoEnd = index;
      else if (text[index] === ':' && colon === -1) colon = index;
    }
    if (colon !== -1 && userinfoEnd > colon + 1) push(view, colon + 1, userinfoEnd - 1, ranges, offset);
    // The next `://` cannot start inside this authority.
    at = Math.max(at, index - 3);
  }
}

const PEM_HEADER = /-----BEGIN[A-Z0-9]*PRIVATEKEY-----/g;
const PEM_FOOTER = /[A-Za-z0-9/=]*(-----END[A-Z0-9]*PRIVATEKEY-----)?/y;

/**
 * In the canonical view (no whitespace, no `+`): any private key's PEM block, header to footer (or
 * to the end of its base64, when cut short), whatever the line length and escaping.
 */
export function findPrivateKeyBlocks(view: DecodedView, ranges: number[], offset: number): void {
  const { text } = view;
  if (!text.includes('-----BEGIN')) return;
  PEM_HEADER.lastIndex = 0;
  for (let match = PEM_HEADER.exec(text); match; match = PEM_HEADER.exec(text)) {
    PEM_FOOTER.lastIndex = PEM_HEADER.lastIndex;
    const body = PEM_FOOTER.exec(text);
    const end = PEM_HEADER.lastIndex + (body?.[0].length ?? 0);
    push(view, match.index, end - 1, ranges, offset);
    PEM_HEADER.lastIndex = end;
  }
}

/** Every occurrence of `needle` in the view (non-overlapping, so linear in the view's length). */
export function findText(view: DecodedView, needle: string, ranges: number[], offset: number): void {
  const { text } = view;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
    push(view, at, at + needle.length - 1, ranges, offset);
  }
}

function push(view: DecodedView, first: number, last: number, ranges: number[], offset: number): void {
  const [from, to] = sourceRange(view, first, last);
  ranges.push(from + offset, to + offset);
}
