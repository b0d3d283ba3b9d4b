import { nodeBuffer as buffer, corrupted, type NodeBuffer } from './base64.js';

/** A JSON body with one large base64 string member taken out: the rest, and its decoded bytes. */
export interface LiftedMember {
  /** The body's text with the member's value emptied (`"content":""`), to parse as usual. */
  json: string;
  /** The member's bytes, decoded strictly. */
  bytes: Uint8Array;
}

const UTF8 = new TextDecoder();
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const EQUALS = 0x3d;
/** Characters decoded at a time (a whole number of quads): small strings die young, cheaply. */
const PIECE = 48 * 1024;

/**
 * Takes the base64 string member `name` (`"content":"…"`, as Hubzilla's `filedata` sends 1.4 MB of
 * it per chunk) out of a raw JSON body and decodes it strictly, straight from the bytes: no 1.4 MB
 * body string, no 1.4 MB member string, only small pieces that the young generation frees at once.
 * Measured: the peak memory of a download and its garbage-collection time drop (bench/RESULTS.md).
 *
 * `undefined` when the member is not there: the caller then parses the whole body as before. The
 * caller must check that the member it lifted is the one it meant (its value in the parsed rest is
 * `""`): a hostile body could nest another first.
 * Corrupted base64 is a `ValidationError`.
 */
export function liftBase64Member(bytes: Uint8Array, name: string): LiftedMember | undefined {
  const marker = new TextEncoder().encode(`"${name}":"`);
  const from = indexOf(bytes, marker);
  if (from < 0) return undefined;
  const start = from + marker.length;
  const end = bytes.indexOf(QUOTE, start);
  if (end < 0) return undefined;
  const decoded = decodeBase64Span(bytes, start, end);
  return { json: UTF8.decode(bytes.subarray(0, start)) + UTF8.decode(bytes.subarray(end)), bytes: decoded };
}

/** Anything but the base64 alphabet, `=` and the `\` of PHP's `\/`. */
const NOT_BASE64 = /[^A-Za-z0-9+/=\\]/;

/**
 * Strict standard base64 between `start` and `end` (PHP's `\/` read as `/`), checked piece by piece
 * with native scans (a byte loop in JavaScript cost 3 to 5 ms per MiB here): only the alphabet, `=`
 * only at the very end and at most two, a whole number of quads, and exactly the bytes that
 * promises. The body's bytes are not changed (an error message may still quote them).
 */
function decodeBase64Span(bytes: Uint8Array, start: number, end: number): Uint8Array {
  const size = Math.floor(((end - start) * 3) / 4);
  // A Buffer in Node, to decode each piece into place with its native decoder.
  const out = buffer ? buffer.allocUnsafe(size) : new Uint8Array(size);
  let written = 0;
  let chars = 0;
  for (let from = start; from < end; ) {
    let to = Math.min(end, from + PIECE);
    // Never split an escape.
    if (to < end && bytes[to - 1] === BACKSLASH) to++;
    let piece = UTF8.decode(bytes.subarray(from, to));
    if (NOT_BASE64.test(piece)) throw corrupted();
    if (piece.includes('\\')) {
      piece = piece.replaceAll('\\/', '/');
      // Any other escape (JSON allows `\u0041` for `A`): rare enough to refuse as not plain base64.
      if (piece.includes('\\')) throw corrupted();
    }
    const equals = piece.indexOf('=');
    if (equals >= 0 && (to < end || !/^={1,2}$/.test(piece.slice(equals)))) throw corrupted();
    // Whole quads only: the last (length % 4) characters are read again with the next piece, by
    // moving its start back over their bytes (an escape is two bytes for one character).
    let rest = to < end ? piece.length % 4 : 0;
    let next = to;
    while (rest > 0) {
      next -= bytes[next - 2] === BACKSLASH && bytes[next - 1] !== BACKSLASH ? 2 : 1;
      rest--;
    }
    const whole = piece.length - (to < end ? piece.length % 4 : 0);
    chars += whole;
    if (whole > 0)
      written += decodePiece(whole === piece.length ? piece : piece.slice(0, whole), out, written);
    from = next;
  }
  const padding = bytes[end - 1] === EQUALS ? (bytes[end - 2] === EQUALS ? 2 : 1) : 0;
  if (chars % 4 !== 0 || written !== (chars / 4) * 3 - padding) throw corrupted();
  // A plain Uint8Array view (no copy), so Node and browsers hand out the same type.
  return new Uint8Array(out.buffer, out.byteOffset, written);
}

/** Decodes `piece` (already checked) into `out` at `offset`; returns how many bytes it wrote. */
function decodePiece(piece: string, out: Uint8Array, offset: number): number {
  if (buffer) return (out as NodeBuffer).write(piece, offset, 'base64');
  const binary = atob(piece);
  for (let index = 0; index < binary.length; index++) out[offset + index] = binary.charCodeAt(index);
  return binary.length;
}

/** The first position of `needle` in `haystack` (the marker sits in the first kilobyte). */
function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  const first = needle[0]!;
  for (let at = haystack.indexOf(first); at >= 0; at = haystack.indexOf(first, at + 1)) {
    let index = 1;
    while (index < needle.length && haystack[at + index] === needle[index]) index++;
    if (index === needle.length) return at;
  }
  return -1;
}
