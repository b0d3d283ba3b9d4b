import { ValidationError } from '../errors/validation-error.js';
import { allocateBytes, corrupted, paddingOf, writeBase64 } from './base64.js';
import { documentStart } from './body.js';
import { type BodyCollector, type CollectedBody, joinBytes } from './body-collector.js';
import { duplicateKey } from './duplicate-key.js';

const UTF8 = new TextDecoder();
const ENCODER = new TextEncoder();
const QUOTE = 0x22;
const BACKSLASH = '\\';
const SLASH = 0x2f;
const BACKSLASH_CODE = 0x5c;
/** How far into a body the member may start: past this, the body is collected whole and parsed. */
const MAX_HEAD_BYTES = 64 * 1024;
/** The first buffer for the decoded bytes when the caller has no size to expect. */
const DEFAULT_CAPACITY = 64 * 1024;

/**
 * A body collector that takes the base64 string member `name` (`"content":"…"`, 1.4 MB of it per
 * 1 MiB `filedata` chunk) out of a JSON body AS IT ARRIVES and decodes it strictly on the way,
 * piece by piece (`readBodyBytes` hands over what the socket gave, 16 to 64 KB): the body is never
 * held whole, and no string longer than a piece is built. Measured: less CPU, garbage collection and
 * peak memory per chunk than joining the body first (bench/RESULTS.md, "Profile for issue 14").
 *
 * The collected `bytes` are the body with the member's value replaced by `mark` (default: emptied,
 * `"content":""`), to parse as usual; `lifted` is its decoded value. The caller must check that the
 * member it lifted is the one it meant: a hostile body could nest another `"content"` first. Give a
 * `mark` the server cannot predict (random per call) and check that the member it meant holds it. A body
 * whose member does not start within 64 KiB is collected whole, nothing lifted; one whose rest has
 * a key twice in an object is refused (see `refuseDuplicateKeys`). Corrupted base64 (any
 * character outside the standard alphabet, any escape but PHP's `\/`, misplaced or extra `=`, a
 * length that is no whole quad) is a `ValidationError`.
 *
 * `expectedBytes`: how many decoded bytes to make room for at first (a chunk's `length`).
 */
export function liftBase64Member(name: string, expectedBytes?: number, mark = ''): BodyCollector {
  return new Base64MemberCollector(ENCODER.encode(`"${name}":"`), expectedBytes, ENCODER.encode(mark));
}

class Base64MemberCollector implements BodyCollector {
  readonly #marker: Uint8Array;
  #state: 'head' | 'member' | 'tail' | 'whole' = 'head';
  /** Before the member: the body so far (up to its opening quote, once found). */
  #head: Uint8Array[] = [];
  #headSize = 0;
  /** From the member's closing quote on. */
  readonly #tail: Uint8Array[] = [];
  /** The decoded bytes, allocated at the member (`#expected` bytes, grown if a chunk has more). */
  #out: Uint8Array | undefined;
  readonly #expected: number;
  #written = 0;
  /** The last characters of the previous piece, less than a quad (and a dangling `\`): decoded with the next. */
  #carry = '';

  /** What the lifted value is replaced with in the rest (see `liftBase64Member`'s `mark`). */
  readonly #mark: Uint8Array;

  constructor(marker: Uint8Array, expectedBytes: number | undefined, mark: Uint8Array) {
    this.#marker = marker;
    this.#expected = expectedBytes ?? DEFAULT_CAPACITY;
    this.#mark = mark;
  }

  add(piece: Uint8Array): void {
    if (this.#state === 'member') this.#member(piece);
    else if (this.#state === 'head') this.#findMember(piece);
    else this.#tail.push(piece);
  }

  finish(): CollectedBody {
    // Found and decoded to its closing quote; else the body as received (cut off inside the member,
    // what remains is no JSON, and the parser says so).
    if (this.#state !== 'tail') return { bytes: joinBytes([...this.#head, ...this.#tail]) };
    const bytes = joinBytes([...this.#head, this.#mark, ...this.#tail]);
    refuseDuplicateKeys(bytes);
    const out = this.#out ?? allocateBytes(0);
    // Far less than room was made for (a short last chunk): a copy, so a view does not keep it all alive.
    if (this.#written < out.byteLength / 2)
      return { bytes, lifted: new Uint8Array(out.subarray(0, this.#written)) };
    // A plain Uint8Array view (no copy), so Node and browsers hand out the same type.
    return { bytes, lifted: new Uint8Array(out.buffer, out.byteOffset, this.#written) };
  }

  /** Before the member: looks for `"name":"` in the body so far (it may span pieces). */
  #findMember(piece: Uint8Array): void {
    const searchedUpTo = Math.max(0, this.#headSize - this.#marker.length + 1);
    this.#head.push(piece);
    this.#headSize += piece.byteLength;
    const head = joinBytes(this.#head);
    this.#head = [head];
    const at = indexOf(head, this.#marker, searchedUpTo);
    if (at < 0) {
      if (this.#headSize > MAX_HEAD_BYTES) this.#state = 'whole';
      return;
    }
    const start = at + this.#marker.length;
    this.#head = [head.subarray(0, start)];
    this.#state = 'member';
    this.#member(head.subarray(start));
  }

  /** Inside the member: decodes up to its closing quote (base64 has no `"`, PHP escapes none). */
  #member(piece: Uint8Array): void {
    const quote = piece.indexOf(QUOTE);
    if (quote < 0) {
      this.#decode(piece, false);
      return;
    }
    this.#decode(piece.subarray(0, quote), true);
    this.#state = 'tail';
    this.#tail.push(piece.subarray(quote));
  }

  /**
   * Decodes a piece of the member. The quad the previous piece began (`#carry`) is finished on its
   * own first, so the rest decodes from slices of this piece's string: joining the carry to the
   * whole piece would copy every piece once more.
   */
  #decode(bytes: Uint8Array, last: boolean): void {
    let text = UTF8.decode(bytes);
    // A non-ASCII byte decodes to fewer characters, or to U+FFFD, which no decoder reads as base64.
    if (text.length !== bytes.byteLength) throw corrupted();
    if (this.#carry !== '') {
      const take = completingChars(this.#carry, text);
      const rest = text.slice(take);
      this.#decodeQuads(text.slice(0, take), last && rest.length === 0);
      text = rest;
      if (text.length === 0) return;
    }
    this.#decodeQuads(text, last);
  }

  /**
   * Decodes the whole quads of the carry and `more`, keeping the rest for the next piece. Strict:
   * every `\` must start PHP's `\/`; `=` only at the member's end; and each call must decode to
   * exactly the bytes its characters promise, so nothing a lenient decoder skips goes unnoticed.
   */
  #decodeQuads(more: string, last: boolean): void {
    const text = this.#carry === '' ? more : this.#carry + more;
    let escapes = 0;
    let dangling = false;
    for (let at = text.indexOf(BACKSLASH); at >= 0; at = text.indexOf(BACKSLASH, at + 2)) {
      if (at === text.length - 1) dangling = true;
      else if (text.charCodeAt(at + 1) !== SLASH) throw corrupted();
      else escapes++;
    }
    const chars = text.length - escapes - (dangling ? 1 : 0);
    let held = chars % 4;
    if (last && (dangling || held !== 0)) throw corrupted();
    // Cut before the last `held` characters (an escape is two), and before a dangling `\`.
    let cut = back(text, text.length - (dangling ? 1 : 0), held);
    let padding = paddingOf(text, cut);
    if (padding < 0) throw corrupted();
    if (padding > 0 && !last) {
      // Padding is the member's end or a corruption: which, the next piece tells.
      cut = back(text, cut, 4);
      held += 4;
      padding = 0;
    }
    const quads = cut === text.length ? text : text.slice(0, cut);
    this.#carry = cut === text.length ? '' : text.slice(cut);
    const expected = ((chars - held) / 4) * 3 - padding;
    const out = this.#reserve(expected);
    if (writeBase64(quads, out, this.#written) !== expected) throw corrupted();
    this.#written += expected;
  }

  /** Makes room for `more` decoded bytes, doubling the buffer when a chunk is larger than expected. */
  #reserve(more: number): Uint8Array {
    const needed = this.#written + more;
    const out = this.#out;
    if (out !== undefined && needed <= out.byteLength) return out;
    const grown = allocateBytes(
      out === undefined ? Math.max(needed, this.#expected) : Math.max(needed, out.byteLength * 2),
    );
    if (out !== undefined) grown.set(out.subarray(0, this.#written));
    this.#out = grown;
    return grown;
  }
}

/**
 * What was lifted is the FIRST `"content"`; `JSON.parse` keeps the LAST of a key written twice. A
 * body with two `"content"` (or two `"attach"`) could then put one file's bytes under another's
 * record: a key twice in any object of the rest is a `ValidationError` (no PHP encoder writes one
 * twice). The rest is the record without its content, a few hundred bytes.
 */
function refuseDuplicateKeys(rest: Uint8Array): void {
  const text = UTF8.decode(rest).trimEnd();
  const key = duplicateKey(text.slice(Math.max(0, documentStart(text))));
  if (key !== undefined)
    throw new ValidationError(
      `The answer has the key "${key.slice(0, 40)}" twice in one object: refused, since which one counts is ambiguous`,
      {},
    );
}

/**
 * How many characters of `text` finish the quad `carry` began (fewer if `text` is shorter): a `\/`
 * is one character, and a `\` the carry ends with is finished by the `/` that starts `text`.
 */
function completingChars(carry: string, text: string): number {
  let backslashes = 0;
  for (let at = carry.indexOf(BACKSLASH); at >= 0; at = carry.indexOf(BACKSLASH, at + 1)) backslashes++;
  // The carry's escapes were checked: a `\` at its end can only be the start of one.
  const dangling = carry.endsWith(BACKSLASH);
  // Its characters so far (a `\/` is one), the dangling escape counted as one.
  const begun = ((carry.length - backslashes) % 4) + (dangling ? 1 : 0);
  // 0: a whole quad held back because of its padding (see `#decodeQuads`).
  let need = begun === 0 ? 0 : 4 - begun;
  let at = dangling ? 1 : 0;
  for (; need > 0 && at < text.length; need--) at += text.charCodeAt(at) === BACKSLASH_CODE ? 2 : 1;
  return Math.min(at, text.length);
}

/** The position `count` base64 characters before `from` in `text` (PHP's `\/` is one). */
function back(text: string, from: number, count: number): number {
  let at = from;
  for (let left = count; left > 0 && at > 0; left--)
    at -= text.charCodeAt(at - 1) === SLASH && text.charCodeAt(at - 2) === BACKSLASH_CODE ? 2 : 1;
  return at;
}

/** The first position of `needle` in `haystack` at or after `from`. */
function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0]!;
  for (let at = haystack.indexOf(first, from); at >= 0; at = haystack.indexOf(first, at + 1)) {
    let index = 1;
    while (index < needle.length && haystack[at + index] === needle[index]) index++;
    if (index === needle.length) return at;
  }
  return -1;
}
