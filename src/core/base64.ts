import { ValidationError } from './errors/validation-error.js';

interface Uint8ArrayWithBase64 {
  fromBase64?: (text: string) => Uint8Array;
}
interface BufferLike {
  from(text: string, encoding: 'base64'): Uint8Array;
  byteLength(text: string, encoding: 'base64'): number;
}

const native = (Uint8Array as unknown as Uint8ArrayWithBase64).fromBase64;
const buffer = (globalThis as { Buffer?: BufferLike }).Buffer;
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
  if (text.length % 4 !== 0 || !STRICT_BASE64.test(text))
    throw new ValidationError('The server sent corrupted base64 data', {});
  if (buffer) return buffer.from(text, 'base64');
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
