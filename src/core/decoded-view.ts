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

/**
 * The escapes a pass decodes: JSON and JavaScript (`\uXXXX` in any letter case, `\xHH`, `\/`,
 * `\n`...), runs of percent escapes (UTF-8 sequences, else one Latin-1 byte each), HTML entities
 * (decimal, hex, the named ones for ASCII punctuation). No quantifier overlaps another: linear.
 */
const TOKEN =
  /\\(?:u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|["'\\/bfnrt])|(?:%[0-9a-fA-F]{2})+|&(?:#(?:[xX][0-9a-fA-F]{1,12}|[0-9]{1,12});?|[A-Za-z]{1,8};)/g;

/** What the secrets are compared without: whitespace (PEM and base64 line breaks) and `+` (form-encoded spaces). */
const DROPPED = /[\s+]+/g;

/**
 * The decoded text alone (see `decodedView`), through the engine's own `replace`: what every call
 * pays, the map being built only when this text holds something to hide.
 */
export function decodedText(source: string): string {
  let text = source;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = text.replace(TOKEN, decodeToken);
    if (next === text) break;
    text = next;
  }
  return text;
}

/** `decodedText` without whitespace and `+`: where the secrets are compared. */
export function canonicalText(source: string): string {
  return withoutDropped(decodedText(source));
}

/** A decoded text without whitespace and `+`. */
export function withoutDropped(decoded: string): string {
  return decoded.replace(DROPPED, '');
}

/** The same text as `decodedText`, with the map back to `source`. */
export function decodedView(source: string): DecodedView {
  let view: DecodedView = { text: source, start: undefined, end: undefined };
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = decodeOnce(view);
    if (next === undefined) break;
    view = next;
  }
  return view;
}

/** The view without whitespace and `+` (the text of `canonicalText`), with its map. */
export function canonicalView(view: DecodedView): DecodedView {
  const { text } = view;
  DROPPED.lastIndex = 0;
  if (!DROPPED.test(text)) return view;
  const start = new Int32Array(text.length);
  const end = new Int32Array(text.length);
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    if (isDropped(text.charCodeAt(index))) continue;
    start[length] = view.start ? view.start[index]! : index;
    end[length] = view.end ? view.end[index]! : index + 1;
    length++;
  }
  return {
    text: text.replace(DROPPED, ''),
    start: start.subarray(0, length),
    end: end.subarray(0, length),
  };
}

/** The source range `[from, to)` that view characters `first` to `last` (inclusive) came from. */
export function sourceRange(view: DecodedView, first: number, last: number): [number, number] {
  return [view.start ? view.start[first]! : first, view.end ? view.end[last]! : last + 1];
}

/** Exactly the characters of `\s` and `+`. */
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

/** One piece of a token: `length` source characters standing for `units` (the same ones when not an escape). */
interface Piece {
  length: number;
  units: readonly number[];
  decoded: boolean;
}

function decodeToken(token: string): string {
  let text = '';
  for (const piece of pieces(token)) text += String.fromCharCode(...piece.units);
  return text;
}

/** A token as consecutive pieces: one, or one per character of a percent-escaped run. */
function pieces(token: string): Piece[] {
  const first = token.charCodeAt(0);
  if (first === 0x25) {
    const found: Piece[] = [];
    for (let at = 0; at < token.length; ) {
      const piece = percentEscape(token, at);
      found.push(piece);
      at += piece.length;
    }
    return found;
  }
  const units = first === 0x5c ? backslashEscape(token) : htmlEntity(token);
  return [
    units === undefined
      ? { length: token.length, units: Array.from(token, (char) => char.charCodeAt(0)), decoded: false }
      : { length: token.length, units, decoded: true },
  ];
}

/** One decoding pass with its map, or `undefined` when there was nothing to decode. */
function decodeOnce(view: DecodedView): DecodedView | undefined {
  const { text } = view;
  const codes = new Uint16Array(text.length);
  const start = new Int32Array(text.length);
  const end = new Int32Array(text.length);
  let length = 0;
  let changed = false;
  const copy = (from: number, to: number) => {
    for (let index = from; index < to; index++) {
      codes[length] = text.charCodeAt(index);
      start[length] = view.start ? view.start[index]! : index;
      end[length] = view.end ? view.end[index]! : index + 1;
      length++;
    }
  };
  let copied = 0;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match; match = TOKEN.exec(text)) {
    copy(copied, match.index);
    let at = match.index;
    for (const piece of pieces(match[0])) {
      if (!piece.decoded) copy(at, at + piece.length);
      else {
        const from = view.start ? view.start[at]! : at;
        const to = view.end ? view.end[at + piece.length - 1]! : at + piece.length;
        for (const unit of piece.units) {
          codes[length] = unit;
          start[length] = from;
          end[length] = to;
          length++;
        }
        changed = true;
      }
      at += piece.length;
    }
    copied = at;
  }
  if (!changed) return undefined;
  copy(copied, text.length);
  return { text: fromCodes(codes, length), start: start.subarray(0, length), end: end.subarray(0, length) };
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

function backslashEscape(token: string): number[] | undefined {
  const next = token[1]!;
  if (next === 'u' || next === 'x') return [Number.parseInt(token.slice(2), 16)];
  const simple = SIMPLE_ESCAPES[next];
  return simple === undefined ? undefined : [simple];
}

/** `%XX`, a whole UTF-8 sequence of them when they form one, else the byte as Latin-1. */
function percentEscape(text: string, index: number): Piece {
  const lead = hexValue(text, index + 1, 2)!;
  const size = lead >= 0xf0 ? (lead <= 0xf4 ? 4 : 1) : lead >= 0xe0 ? 3 : lead >= 0xc2 ? 2 : 1;
  if (size > 1) {
    let point = lead & (0xff >> (size + 1));
    for (let byte = 1; byte < size && point !== -1; byte++) {
      const at = index + byte * 3;
      const next = text.charCodeAt(at) === 0x25 ? hexValue(text, at + 1, 2) : undefined;
      point = next !== undefined && next >= 0x80 && next < 0xc0 ? (point << 6) | (next & 0x3f) : -1;
    }
    if (point > 0x7f && point <= 0x10ffff)
      return { length: size * 3, units: codeUnits(point), decoded: true };
  }
  return { length: 3, units: [lead], decoded: true };
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

/** A numeric entity (its digits bounded by `TOKEN`) or a named one from the list. */
function htmlEntity(token: string): number[] | undefined {
  if (token[1] !== '#') {
    const value = NAMED_ENTITIES[token.slice(1, -1)];
    return value === undefined ? undefined : [value];
  }
  const hex = token[2] === 'x' || token[2] === 'X';
  const digits = token.slice(hex ? 3 : 2, token.endsWith(';') ? -1 : undefined);
  const point = Number.parseInt(digits, hex ? 16 : 10);
  return point <= 0x10ffff ? codeUnits(point) : undefined;
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

/** In slices: `String.fromCharCode(...codes)` of a large array would overflow the stack. */
function fromCodes(codes: Uint16Array, length: number): string {
  const parts: string[] = [];
  for (let at = 0; at < length; at += 8192) {
    parts.push(String.fromCharCode.apply(null, codes.subarray(at, Math.min(length, at + 8192)) as never));
  }
  return parts.join('');
}
