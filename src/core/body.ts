import { ValidationError } from './errors/validation-error.js';
import type { Redactor } from './redact.js';

/** The body held nothing but white space. Hubzilla's way of saying "not found" or "missing parameter". */
export const EMPTY_BODY: unique symbol = Symbol('empty body');
export type JsonBody = unknown | typeof EMPTY_BODY;

const BOM = '\uFEFF';
/** How many candidate starts to try after junk before giving up (PHP notices are short). */
const MAX_CANDIDATES = 64;
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

/** Tries each `{` or `[` that starts a line or follows markup, so HTML before the JSON is skipped. */
function parseAfterJunk(text: string): { ok: true; value: unknown } | { ok: false } {
  const starts = /(?:^|[\n>])\s*([[{])/g;
  // The whole text already failed to parse, so a document starting at 0 is not worth a second try.
  starts.lastIndex = text.startsWith('{') || text.startsWith('[') ? 1 : 0;
  let candidates = 0;
  for (
    let match = starts.exec(text);
    match !== null && candidates < MAX_CANDIDATES;
    match = starts.exec(text)
  ) {
    candidates++;
    const at = match.index + match[0].length - 1;
    try {
      return { ok: true, value: JSON.parse(text.slice(at)) };
    } catch {
      starts.lastIndex = at + 1;
    }
  }
  return { ok: false };
}

function describe(text: string, length: number): string {
  const start = text.slice(0, TRUNCATE_AT).replace(/\s+/g, ' ');
  return `${length} characters of non-JSON text: "${start}${text.length > TRUNCATE_AT ? '…' : ''}"`;
}
