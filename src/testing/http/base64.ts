/** Bytes backed by a plain `ArrayBuffer` (usable as a `BlobPart`). */
export type Bytes = Uint8Array<ArrayBuffer>;

/** Base64 of bytes (standard alphabet, padded), in slices so multi-MB files do not overflow the stack. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const slice = 0x8000;
  for (let start = 0; start < bytes.length; start += slice) {
    binary += String.fromCharCode(...bytes.subarray(start, start + slice));
  }
  return btoa(binary);
}

/** Bytes of a UTF-8 string. */
export function utf8(text: string): Bytes {
  return new TextEncoder().encode(text);
}

/**
 * PHP's lenient `base64_decode`: characters outside the alphabet (spaces, line breaks, `-`, `_`)
 * are skipped and missing padding is no error, so any text decodes to some bytes.
 */
export function phpBase64Decode(text: string): Bytes {
  let letters = text.replace(/[^A-Za-z0-9+/]/g, '');
  // A lone trailing letter carries less than a byte.
  if (letters.length % 4 === 1) letters = letters.slice(0, -1);
  const binary = atob(letters.padEnd(Math.ceil(letters.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
