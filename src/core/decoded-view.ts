/**
 * What a text decodes to, with a map back to the text: the redactor looks for secrets in what a
 * server's echo MEANS, not in a list of spellings. A view's character `i` came from the source
 * characters `start[i]` to `end[i]` (exclusive); no arrays means the identity (nothing decoded).
 */
export interface DecodedView {
  readonly text: string;
  readonly start: Int32Array | undefined;
  readonly end: Int32Array | undefined;
}

/**
 * How many times escapes are decoded, innermost last: a secret percent-encoded twice, then JSON
 * `\u`-escaped and HTML-escaped needs four. A bound, so a hostile `%2525…` costs at most this many
 * linear passes.
 */
const MAX_PASSES = 8;

/** Where a decoding pass has anything to do: JSON/JS escapes, percent escapes, HTML entities. */
const ESCAPE = /[\\%&]/;

/** What the secrets are compared without: whitespace (PEM and base64 line breaks) and `+` (form-encoded spaces). */
const DROPPED = /[\s+]/;

/**
 * The text with every escape decoded until nothing changes (bounded): JSON and JavaScript escapes
 * (`\uXXXX` in any letter case, `\/`, `\n`, `\xHH`), percent escapes (UTF-8 sequences, else one
 * Latin-1 byte), HTML entities (decimal, hex, the named ones for ASCII punctuation).
 */
export function decodedView(source: string): DecodedView {
  let view: DecodedView = { text: source, start: undefined, end: undefined };
  for (let pass = 0; pass < MAX_PASSES && ESCAPE.test(view.text); pass++) {
    const next = decodeOnce(view);
    if (next === undefined) break;
    view = next;
  }
  return view;
}

/** The view without whitespace and `+`, where secrets are compared. */
export function canonicalView(view: DecodedView): DecodedView {
  const { text } = view;
  if (!DROPPED.test(text)) return view;
  const start = new Int32Array(text.length);
  const end = new Int32Array(text.length);
  const kept: string[] = [];
  let length = 0;
  let runStart = 0;
  for (let index = 0; index < text.length; index++) {
    if (!isDropped(text.charCodeAt(index))) {
      start[length] = view.start ? view.start[index]! : index;
      end[length] = view.end ? view.end[index]! : index + 1;
      length++;
      continue;
    }
    if (runStart < index) kept.push(text.slice(runStart, index));
    runStart = index + 1;
  }
  if (runStart < text.length) kept.push(text.slice(runStart));
  return { text: kept.join(''), start: start.subarray(0, length), end: end.subarray(0, length) };
}

/** A secret as the redactor compares it: decoded, then without whitespace and `+`. */
export function canonicalText(text: string): string {
  return canonicalView(decodedView(text)).text;
}

/** The source range `[from, to)` that view characters `first` to `last` (inclusive) came from. */
export function sourceRange(view: DecodedView, first: number, last: number): [number, number] {
  return [view.start ? view.start[first]! : first, view.end ? view.end[last]! : last + 1];
}

function isDropped(code: number): boolean {
  return (
    code === 0x2b ||
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    code === 0xa0 ||
    code === 0xfeff ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x1680 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/** One decoding pass, or `undefined` when there was nothing to decode. */
function decodeOnce(view: DecodedView): DecodedView | undefined {
  const { text } = view;
  const codes = new Uint16Array(text.length);
  const start = new Int32Array(text.length);
  const end = new Int32Array(text.length);
  let length = 0;
  let changed = false;
  for (let index = 0; index < text.length; ) {
    const code = text.charCodeAt(index);
    const token = code === 0x5c || code === 0x25 || code === 0x26 ? escapeAt(text, index) : undefined;
    if (token === undefined) {
      codes[length] = code;
      start[length] = view.start ? view.start[index]! : index;
      end[length] = view.end ? view.end[index]! : index + 1;
      length++;
      index++;
      continue;
    }
    const from = view.start ? view.start[index]! : index;
    const to = view.end ? view.end[index + token.length - 1]! : index + token.length;
    for (const unit of token.units) {
      codes[length] = unit;
      start[length] = from;
      end[length] = to;
      length++;
    }
    changed = true;
    index += token.length;
  }
  if (!changed) return undefined;
  return { text: fromCodes(codes, length), start: start.subarray(0, length), end: end.subarray(0, length) };
}

interface Escape {
  /** Source characters taken. */
  length: number;
  /** UTF-16 code units it stands for (never more than `length`). */
  units: number[];
}

function escapeAt(text: string, index: number): Escape | undefined {
  const code = text.charCodeAt(index);
  if (code === 0x5c) return backslashEscape(text, index);
  if (code === 0x25) return percentEscape(text, index);
  return htmlEntity(text, index);
}

const SIMPLE_ESCAPES: Record<string, number> = {
  '"': 0x22,
  "'": 0x27,
  '\\': 0x5c,
  '/': 0x2f,
  b: 0x08,
  f: 0x0c,
  n: 0x0a,
  r: 0x0d,
  t: 0x09,
};

function backslashEscape(text: string, index: number): Escape | undefined {
  const next = text[index + 1];
  if (next === 'u') {
    const value = hexValue(text, index + 2, 4);
    return value === undefined ? undefined : { length: 6, units: [value] };
  }
  if (next === 'x') {
    const value = hexValue(text, index + 2, 2);
    return value === undefined ? undefined : { length: 4, units: [value] };
  }
  const simple = next === undefined ? undefined : SIMPLE_ESCAPES[next];
  return simple === undefined ? undefined : { length: 2, units: [simple] };
}

/** `%XX`, a whole UTF-8 sequence of them when they form one, else the byte as Latin-1. */
function percentEscape(text: string, index: number): Escape | undefined {
  const lead = hexValue(text, index + 1, 2);
  if (lead === undefined) return undefined;
  const size = lead >= 0xf0 && lead <= 0xf4 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 && lead < 0xe0 ? 2 : 1;
  if (size > 1) {
    let point = lead & (0xff >> (size + 1));
    for (let byte = 1; byte < size && point !== -1; byte++) {
      const at = index + byte * 3;
      const next = text.charCodeAt(at) === 0x25 ? hexValue(text, at + 1, 2) : undefined;
      point = next !== undefined && next >= 0x80 && next < 0xc0 ? (point << 6) | (next & 0x3f) : -1;
    }
    if (point > 0x7f && point <= 0x10ffff) return { length: size * 3, units: codeUnits(point) };
  }
  return { length: 3, units: [lead] };
}

/** The named entities PHP's `htmlspecialchars`/`htmlentities` write for ASCII, and `&nbsp;`. */
const NAMED_ENTITIES: Record<string, number> = {
  amp: 0x26,
  lt: 0x3c,
  gt: 0x3e,
  quot: 0x22,
  apos: 0x27,
  nbsp: 0xa0,
  plus: 0x2b,
  sol: 0x2f,
  equals: 0x3d,
  colon: 0x3a,
  percnt: 0x25,
  num: 0x23,
  excl: 0x21,
  quest: 0x3f,
  lpar: 0x28,
  rpar: 0x29,
  comma: 0x2c,
  period: 0x2e,
  semi: 0x3b,
  lowbar: 0x5f,
  dollar: 0x24,
  ast: 0x2a,
  commat: 0x40,
  lsqb: 0x5b,
  rsqb: 0x5d,
  lcub: 0x7b,
  rcub: 0x7d,
  bsol: 0x5c,
  Hat: 0x5e,
  grave: 0x60,
  verbar: 0x7c,
  tilde: 0x7e,
  hyphen: 0x2d,
  dash: 0x2d,
  NewLine: 0x0a,
  Tab: 0x09,
};

/** At most this many digits in a numeric entity (`&#x0000002B;` is still a `+`), so a scan stays bounded. */
const MAX_ENTITY_DIGITS = 12;

function htmlEntity(text: string, index: number): Escape | undefined {
  if (text.charCodeAt(index + 1) === 0x23) {
    const hex = text[index + 2] === 'x' || text[index + 2] === 'X';
    const digitsAt = index + (hex ? 3 : 2);
    let at = digitsAt;
    let point = 0;
    while (at - digitsAt < MAX_ENTITY_DIGITS) {
      const digit = hex ? hexDigit(text.charCodeAt(at)) : decimalDigit(text.charCodeAt(at));
      if (digit === -1) break;
      point = point * (hex ? 16 : 10) + digit;
      at++;
    }
    if (at === digitsAt || point > 0x10ffff) return undefined;
    if (text.charCodeAt(at) === 0x3b) at++;
    return { length: at - index, units: codeUnits(point) };
  }
  let at = index + 1;
  while (at - index <= 8 && isLetter(text.charCodeAt(at))) at++;
  if (text.charCodeAt(at) !== 0x3b) return undefined;
  const value = NAMED_ENTITIES[text.slice(index + 1, at)];
  return value === undefined ? undefined : { length: at + 1 - index, units: [value] };
}

function codeUnits(point: number): number[] {
  if (point < 0x10000) return [point];
  const offset = point - 0x10000;
  return [0xd800 + (offset >> 10), 0xdc00 + (offset & 0x3ff)];
}

function hexValue(text: string, index: number, digits: number): number | undefined {
  let value = 0;
  for (let at = index; at < index + digits; at++) {
    const digit = hexDigit(text.charCodeAt(at));
    if (digit === -1) return undefined;
    value = value * 16 + digit;
  }
  return value;
}

function hexDigit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

function decimalDigit(code: number): number {
  return code >= 0x30 && code <= 0x39 ? code - 0x30 : -1;
}

function isLetter(code: number): boolean {
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x7a;
}

/** In slices: `String.fromCharCode(...codes)` of a large array would overflow the stack. */
function fromCodes(codes: Uint16Array, length: number): string {
  const parts: string[] = [];
  for (let at = 0; at < length; at += 8192) {
    parts.push(String.fromCharCode.apply(null, codes.subarray(at, Math.min(length, at + 8192)) as never));
  }
  return parts.join('');
}
