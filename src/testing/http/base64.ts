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
