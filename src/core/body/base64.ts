import { ValidationError } from '../errors/validation-error.js';

interface Uint8ArrayWithBase64 {
  fromBase64?: (text: string) => Uint8Array;
}
/** What the SDK uses of Node's `Buffer` (looked up on `globalThis`: browsers have none). */
interface NodeBuffer extends Uint8Array {
  write(text: string, offset: number, encoding: 'base64'): number;
}
interface BufferLike {
  byteLength(text: string, encoding: 'utf8'): number;
  allocUnsafe(size: number): NodeBuffer;
}

const native = (Uint8Array as unknown as Uint8ArrayWithBase64).fromBase64;
/** Node's `Buffer`, or `undefined` in browsers. */
const buffer = (globalThis as { Buffer?: BufferLike }).Buffer;
/** Anything but the standard alphabet and `=`. */
const NOT_BASE64 = /[^A-Za-z0-9+/=]/;
const EQUALS = 0x3d;

/**
 * Decodes standard base64, strictly: a corrupted chunk must fail loudly, not become wrong bytes.
 * Uses `Uint8Array.fromBase64` where the runtime has it, else `writeBase64` (Node's Buffer or
 * `atob`), whose every byte is accounted for.
 */
export function decodeBase64(text: string): Uint8Array {
  if (text.length === 0) return new Uint8Array(0);
  if (native) {
    try {
      return native(text);
    } catch (error) {
      throw new ValidationError('The server sent corrupted base64 data', {}, { cause: error });
    }
  }
  const padding = paddingOf(text, text.length);
  if (text.length % 4 !== 0 || padding < 0) throw corrupted();
  // Buffer reads a non-ASCII character by its low byte (`Ł`, U+0141, as `A`): refused first.
  if (buffer && buffer.byteLength(text, 'utf8') !== text.length) throw corrupted();
  const expected = (text.length / 4) * 3 - padding;
  const out = allocateBytes(expected);
  if (writeBase64(text, out, 0) !== expected) throw corrupted();
  // A plain Uint8Array view (no copy), so Node and browsers hand out the same type.
  return new Uint8Array(out.buffer, out.byteOffset, expected);
}

/**
 * Decodes whole quads of standard base64 (PHP's `\/` escapes allowed) into `out` at `offset` and
 * returns how many bytes it wrote, for the caller to compare with what the characters promise: that
 * comparison is the strictness. Node's decoder (Buffer) skips whatever is not base64 (white space,
 * junk, an inner `=`, the `\` of an escape), which the count then exposes; what it ACCEPTS beyond the
 * standard alphabet is refused here: base64url's `-` and `_`. This replaced a regular expression
 * over each chunk (7 ms per MiB, fifteen times the decoding); the verdicts are the regex's, checked
 * on millions of random corruptions. Browsers: `atob` after a check of the alphabet.
 */
export function writeBase64(quads: string, out: Uint8Array, offset: number): number {
  if (quads.length === 0) return 0;
  if (buffer) {
    if (quads.includes('-') || quads.includes('_')) throw corrupted();
    return (out as NodeBuffer).write(quads, offset, 'base64');
  }
  const plain = quads.includes('\\') ? quads.replaceAll('\\/', '/') : quads;
  if (NOT_BASE64.test(plain)) throw corrupted();
  let binary: string;
  try {
    binary = atob(plain);
  } catch {
    throw corrupted();
  }
  for (let index = 0; index < binary.length; index++) out[offset + index] = binary.charCodeAt(index);
  return binary.length;
}

/** 0, 1 or 2 for a valid end of the base64 in `text` before `end`; -1 for a `=` anywhere else. */
export function paddingOf(text: string, end: number): number {
  const equals = text.indexOf('=');
  // A `=` past `end` is not this call's: a streaming caller holds it for the next piece.
  if (equals < 0 || equals >= end) return 0;
  if (equals === end - 1) return 1;
  if (equals === end - 2 && text.charCodeAt(end - 1) === EQUALS) return 2;
  return -1;
}

/** Room for `size` decoded bytes: a Buffer in Node, for `writeBase64` to decode into with its native decoder. */
export function allocateBytes(size: number): Uint8Array {
  return buffer ? buffer.allocUnsafe(size) : new Uint8Array(size);
}

/** Standard base64 of `bytes` (a signature, a digest, Basic credentials). */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  // `fromCharCode` takes its arguments on the stack: 32 K at a time.
  for (let index = 0; index < bytes.length; index += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}

/** base64url without padding (RFC 4648 §5): PKCE verifiers and challenges, OAuth state. */
export function encodeBase64Url(bytes: Uint8Array): string {
  return encodeBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The one error of a base64 decode that fails. */
export function corrupted(): ValidationError {
  return new ValidationError('The server sent corrupted base64 data', {});
}
