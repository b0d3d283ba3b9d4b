import { ValidationError } from '../errors/validation-error.js';
import type { Redactor } from '../secrets/redact.js';
import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './json-codes.js';

/** The body held nothing but white space. Hubzilla's way of saying "not found" or "missing parameter". */
export const EMPTY_BODY: unique symbol = Symbol('empty body');
export type JsonBody = unknown | typeof EMPTY_BODY;

const BOM = '\uFEFF';
const TRUNCATE_AT = 200;

/**
 * Parses a body as JSON whatever its Content-Type (phpFox answers `text/html`), skipping what real
 * PHP deployments put in front of the document: a UTF-8 BOM, blank lines, notice/warning HTML.
 * Throws `ValidationError` (never a raw `SyntaxError`) when no JSON document can be found.
 */
export function parseJsonBody(text: string, redactor: Redactor, url?: string): JsonBody {
  const trimmed = (text.startsWith(BOM) ? text.slice(1) : text).trim();
  if (trimmed === '') return EMPTY_BODY;
  try {
    return JSON.parse(trimmed);
  } catch {
    const found = parseAfterJunk(trimmed);
    if (found.ok) return found.value;
    // No `cause`: JSON.parse's SyntaxError quotes the body's first characters, which the redactor
    // cannot recognise as (part of) a secret; the message below says the same, redacted.
    throw new ValidationError(
      // Redact, then cut: a cut first could keep the first half of a secret the body quotes.
      `Expected a JSON answer${url ? ` from ${url}` : ''} but got ${describe(redactor.text(trimmed), trimmed.length)}`,
      { rawBody: redactor.text(text), url },
    );
  }
}

/**
 * Finds the JSON document that ends the text after junk (a notice, HTML): ONE backward pass from
 * the last character to the `{` or `[` that opens it, then one `JSON.parse`. A document that ends
 * the text has exactly one such start, so this accepts what trying every candidate start did, in
 * time linear in the body. Trying candidates cost a `JSON.parse` of the rest of the body each (a
 * body whose every line opened an array blocked the event loop about 3 s per MiB, 64 candidates),
 * and the regular expression that found them backtracked over every run of white space (192 KiB
 * of blank lines: 43 s). The start must open a line or follow markup (`>`), after optional white
 * space, as a notice leaves it.
 */
function parseAfterJunk(text: string): { ok: true; value: unknown } | { ok: false } {
  const at = documentStart(text);
  // The whole text already failed to parse, so a document starting at 0 is not worth a second try.
  if (at <= 0 || !followsJunk(text, at)) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text.slice(at)) };
  } catch {
    return { ok: false };
  }
}

/**
 * Where the object or array that closes `text` (trimmed at its end) opens, scanning backwards:
 * brackets are counted outside strings; going backwards, a `"` preceded by an odd number of `\` is
 * an escaped one (JSON has no `\` outside strings). -1 when the text does not end with a bracket or
 * it never closes.
 */
export function documentStart(text: string): number {
  const last = text.charCodeAt(text.length - 1);
  if (last !== CLOSE_OBJECT && last !== CLOSE_ARRAY) return -1;
  let depth = 0;
  for (let at = text.length - 1; at >= 0; at--) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      // Nothing inside a string counts: on to the quote that opens it (natively, not char by char).
      let open = text.lastIndexOf('"', at - 1);
      while (open > 0 && backslashesBefore(text, open) % 2 === 1) open = text.lastIndexOf('"', open - 1);
      if (open < 0) return -1;
      at = open;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) depth++;
    else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      depth--;
      if (depth === 0) return at;
    }
  }
  return -1;
}

function backslashesBefore(text: string, at: number): number {
  let count = 0;
  while (at - count - 1 >= 0 && text.charCodeAt(at - count - 1) === BACKSLASH) count++;
  return count;
}

/** The document opens a line, or follows markup, after optional white space. */
function followsJunk(text: string, at: number): boolean {
  let before = at - 1;
  while (before >= 0 && /\s/.test(text[before]!)) {
    if (text[before] === '\n') return true;
    before--;
  }
  return before < 0 || text[before] === '>';
}

function describe(text: string, length: number): string {
  const start = text.slice(0, TRUNCATE_AT).replace(/\s+/g, ' ');
  return `${length} characters of non-JSON text: "${start}${text.length > TRUNCATE_AT ? '…' : ''}"`;
}
