/**
 * What a text decodes to, with a map back to the text: the redactor looks for secrets in what a
 * server's echo MEANS, not in a list of spellings. A view's character `i` came from the source
 * characters `start[i]` to `end[i]` (exclusive); no arrays means the identity (nothing decoded).
 */
export interface DecodedView {
  readonly text: string;
  readonly start: Int32Array | undefined;
  readonly end: Int32Array | undefined;
  /** For a canonical view: each character's index in the view it was made from (none: the same). */
  readonly origin?: Int32Array | undefined;
}

/** What every escape of every family starts with: a text without any is its own decoding. */
const ESCAPE_START = /[&\\%]/;

/** The character each family's escapes start with: a pass over a text without it is skipped. */
const FAMILY_STARTS = ['&', '\\', '%'];

/**
 * The escapes decoded, one family a pass, in turn: HTML entities (decimal, hex, the named ones for
 * ASCII punctuation), JSON and JavaScript escapes (`\uXXXX` in any letter case, `\xHH`, `\/`,
 * `\n`...), runs of percent escapes (UTF-8 sequences, else one Latin-1 byte each). One family at a
 * time, so a layer of one is peeled without touching the others: a secret ending in `\` inside
 * HTML, followed by `x22`, is still whole once its `&quot;` are decoded. No quantifier overlaps
 * another: linear.
 */
const FAMILIES = [
  /&(?:#(?:[xX][0-9a-fA-F]{1,12}|[0-9]{1,12});?|[A-Za-z]{1,8};)/g,
  /\\(?:u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|["'\\/bfnrt])/g,
  /(?:%[0-9a-fA-F]{2})+/g,
];

/**
 * At most this many passes: eight rounds of the three families (a text holding no escape costs one
 * test, no pass), enough for a secret percent-encoded eight times, or `\u`-escaped and HTML-escaped as
 * often. A bound, so a hostile `%2525…` costs at most this many linear passes.
 */
const MAX_PASSES = 24;

/** What the secrets are compared without: whitespace (PEM and base64 line breaks) and `+` (form-encoded spaces). */
const DROPPED = /[\s+]+/g;

/**
 * The text after each decoding pass, the source first, until nothing changes (bounded): what every
 * call pays, the maps (`decodedViews`) being built only when a text holds something to hide. Every
 * pass is searched, not only the last: a secret's last escape, once decoded, may form a new one with
 * what follows it (`&amp;` then `#x0B;`).
 */
export function decodedTexts(source: string): string[] {
  return decodedViews(source, false).map((view) => view.text);
}

/** A decoded text without whitespace and `+`. */
export function withoutDropped(decoded: string): string {
  return decoded.replace(DROPPED, '');
}

/** The same texts as `decodedTexts`, each with its map back to `source` (unless `maps` is false). */
export function decodedViews(source: string, maps = true): DecodedView[] {
  const views: DecodedView[] = [{ text: source, start: undefined, end: undefined }];
  if (!ESCAPE_START.test(source)) return views;
  for (let pass = 0, idle = 0; pass < MAX_PASSES && idle < FAMILIES.length; pass++) {
    const view = views.at(-1)!;
    const family = pass % FAMILIES.length;
    const next = view.text.includes(FAMILY_STARTS[family]!)
      ? decodeOnce(view, FAMILIES[family]!, maps)
      : undefined;
    if (next === undefined) idle++;
    else {
      idle = 0;
      views.push(next);
    }
  }
  return views;
}

/** The view without whitespace and `+` (the text of `withoutDropped`), with its map. */
export function canonicalView(view: DecodedView): DecodedView {
  const { text } = view;
  DROPPED.lastIndex = 0;
  if (!DROPPED.test(text)) return view;
  const start = new Int32Array(text.length);
  const end = new Int32Array(text.length);
  const origin = new Int32Array(text.length);
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    if (isDropped(text[index]!)) continue;
    start[length] = view.start ? view.start[index]! : index;
    end[length] = view.end ? view.end[index]! : index + 1;
    origin[length] = index;
    length++;
  }
  return {
    text: text.replace(DROPPED, ''),
    start: start.subarray(0, length),
    end: end.subarray(0, length),
    origin: origin.subarray(0, length),
  };
}

/** The source range `[from, to)` that view characters `first` to `last` (inclusive) came from. */
export function sourceRange(view: DecodedView, first: number, last: number): [number, number] {
  return [view.start ? view.start[first]! : first, view.end ? view.end[last]! : last + 1];
}

/** One character of what `DROPPED` removes. */
const DROPPED_CHARACTER = /[\s+]/;

/** Whether `DROPPED` removes this character. */
export function isDropped(character: string): boolean {
  return DROPPED_CHARACTER.test(character);
}

/** One piece of a token: `length` source characters standing for `text` (decoded, or as it was). */
interface Piece {
  length: number;
  text: string;
  decoded: boolean;
}

/** A token as consecutive pieces: one, or one per character of a percent-escaped run. */
function pieces(token: string): Piece[] {
  if (token[0] === '%') {
    const found: Piece[] = [];
    for (let at = 0; at < token.length; at += found.at(-1)!.length) found.push(percentEscape(token, at));
    return found;
  }
  const decoded = token[0] === '\\' ? backslashEscape(token) : htmlEntity(token);
  return [{ length: token.length, text: decoded ?? token, decoded: decoded !== undefined }];
}

/**
 * One decoding pass with its map (none when `maps` is false: the text alone), or `undefined` when
 * there was nothing to decode. A decoded text is never longer than its source.
 */
function decodeOnce(view: DecodedView, family: RegExp, maps: boolean): DecodedView | undefined {
  const { text } = view;
  const parts: string[] = [];
  const start = maps ? new Int32Array(text.length) : undefined;
  const end = new Int32Array(maps ? text.length : 0);
  let length = 0;
  let changed = false;
  const map = (from: number, to: number, count: number) => {
    for (let index = 0; start && index < count; index++) {
      start[length] = from;
      end[length] = to;
      length++;
    }
  };
  const copy = (from: number, to: number) => {
    parts.push(text.slice(from, to));
    for (let index = from; start && index < to; index++)
      map(view.start ? view.start[index]! : index, view.end ? view.end[index]! : index + 1, 1);
  };
  let copied = 0;
  family.lastIndex = 0;
  for (let match = family.exec(text); match; match = family.exec(text)) {
    copy(copied, match.index);
    let at = match.index;
    for (const piece of pieces(match[0])) {
      if (!piece.decoded) copy(at, at + piece.length);
      else {
        parts.push(piece.text);
        const last = at + piece.length - 1;
        map(view.start ? view.start[at]! : at, view.end ? view.end[last]! : last + 1, piece.text.length);
        changed = true;
      }
      at += piece.length;
    }
    copied = at;
  }
  if (!changed) return undefined;
  copy(copied, text.length);
  return { text: parts.join(''), start: start?.subarray(0, length), end: start && end.subarray(0, length) };
}

/** JSON's and JavaScript's one-character escapes: the character after the backslash, what it stands for. */
const SIMPLE_ESCAPES = '""\'\'\\\\//b\bf\fn\nr\rt\t';

function backslashEscape(token: string): string | undefined {
  const next = token[1]!;
  if (next === 'u' || next === 'x') return String.fromCharCode(Number.parseInt(token.slice(2), 16));
  for (let at = 0; at < SIMPLE_ESCAPES.length; at += 2)
    if (SIMPLE_ESCAPES[at] === next) return SIMPLE_ESCAPES[at + 1];
  return undefined;
}

/** `%XX`, a whole UTF-8 sequence of them when they form one, else the byte as Latin-1. */
function percentEscape(token: string, at: number): Piece {
  const lead = Number.parseInt(token.slice(at + 1, at + 3), 16);
  const size = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (size > 1) {
    try {
      return { length: size * 3, text: decodeURIComponent(token.slice(at, at + size * 3)), decoded: true };
    } catch {}
  }
  return { length: 3, text: String.fromCharCode(lead), decoded: true };
}

/**
 * The named entities `htmlspecialchars`, `htmlentities` and HTML5 write for ASCII punctuation, and
 * `&nbsp;`: name, then the character.
 */
const NAMED_ENTITIES =
  'amp& lt< gt> quot" apos\' nbsp\u00a0 plus+ sol/ equals= colon: percnt% num# excl! quest? lpar( rpar) comma, period. semi; lowbar_ dollar$ ast* commat@ lsqb[ rsqb] lcub{ rcub} bsol\\ Hat^ grave` verbar| tilde~ hyphen- dash- NewLine\n Tab\t';

/** A numeric entity (its digits bounded by `FAMILIES`) or a named one from the list. */
function htmlEntity(token: string): string | undefined {
  if (token[1] !== '#') {
    const name = token.slice(1, -1);
    const found = ` ${NAMED_ENTITIES}`.indexOf(` ${name}`);
    const value = found === -1 ? undefined : NAMED_ENTITIES[found + name.length];
    // `found` must end the name there (`&amp;` is not `&ampx;`): the next character is the value.
    return value !== undefined && !/[A-Za-z]/.test(value) && value !== ' ' ? value : undefined;
  }
  const hex = token[2] === 'x' || token[2] === 'X';
  const point = Number.parseInt(token.slice(hex ? 3 : 2), hex ? 16 : 10);
  return point <= 0x10ffff ? String.fromCodePoint(point) : undefined;
}
