import { ValidationError } from './errors/validation-error.js';

interface Uint8ArrayWithBase64 {
  fromBase64?: (text: string) => Uint8Array;
}
/** What the SDK uses of Node's `Buffer` (looked up on `globalThis`: browsers have none). */
export interface NodeBuffer extends Uint8Array {
  write(text: string, offset: number, encoding: 'base64'): number;
}
interface BufferLike {
  from(text: string, encoding: 'base64'): Uint8Array;
  byteLength(text: string, encoding: 'utf8'): number;
  allocUnsafe(size: number): NodeBuffer;
}

const native = (Uint8Array as unknown as Uint8ArrayWithBase64).fromBase64;
/** Node's `Buffer`, or `undefined` in browsers. */
export const nodeBuffer = (globalThis as { Buffer?: BufferLike }).Buffer;
const buffer = nodeBuffer;
const STRICT_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Decodes standard base64, strictly: a corrupted chunk must fail loudly, not become wrong bytes.
 * Uses `Uint8Array.fromBase64` where the runtime has it, then Node's Buffer, then `atob`.
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
  if (text.length % 4 !== 0) throw corrupted();
  if (buffer) return decodeWithBuffer(buffer, text);
  if (!STRICT_BASE64.test(text)) throw corrupted();
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Node (which has no `fromBase64` yet): Buffer's decoder is lenient, so strictness is checked
 * around it rather than with `STRICT_BASE64`, whose scan took 7 ms per MiB chunk, fifteen times the
 * decoding. Buffer drops what is not base64 (white space, junk, an inner `=`), so getting exactly
 * the byte count the length and padding promise means nothing was dropped; what it accepts besides
 * the standard alphabet is ruled out first: base64url's `-` and `_`, and non-ASCII characters (it
 * reads `Ł`, U+0141, as `A`). Those are fast native scans; the outcome is the regex's, checked on
 * millions of random corruptions.
 */
function decodeWithBuffer(node: BufferLike, text: string): Uint8Array {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if (node.byteLength(text, 'utf8') !== text.length || text.includes('-') || text.includes('_'))
    throw corrupted();
  const bytes = node.from(text, 'base64');
  if (bytes.length !== (text.length / 4) * 3 - padding) throw corrupted();
  // A plain Uint8Array view (no copy), so Node and browsers hand out the same type.
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
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
