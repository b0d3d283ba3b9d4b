import { type BodyBytes, joinParts } from './body-bytes.js';

/**
 * A form with files as one `multipart/form-data` Blob (RFC 7578), encoded by the SDK rather than by
 * fetch so that its length is known before sending (a `Content-Length`, no chunked upload, which
 * some PHP servers refuse) and its bytes are the same on every platform (upload progress counts
 * them; a request signature hashes them). The parts are Blobs: a disk-backed file (`fileFromPath`)
 * is read as it is sent, never held in memory.
 */
export interface MultipartBody {
  /** A Blob where the platform can join the parts into one (see `joinParts`). */
  body: BodyBytes;
  /** `multipart/form-data; boundary=...` */
  contentType: string;
}

export function encodeMultipart(form: FormData, boundary = randomBoundary()): MultipartBody {
  return {
    body: joinParts(multipartParts(form, boundary)),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * The size in bytes of `form` encoded by {@link encodeMultipart}, framing included, without joining
 * its parts: every boundary the SDK makes has the same length, so the size is known before sending.
 */
export function multipartSize(form: FormData): number {
  let size = 0;
  for (const part of multipartParts(form, BOUNDARY_SHAPE))
    size += typeof part === 'string' ? utf8Length(part) : part.size;
  return size;
}

/** The bytes of `text` in UTF-8 (a lone surrogate as the 3 bytes of U+FFFD, as `TextEncoder` sends it). */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00) {
      bytes += 2;
      at++;
    } else bytes += 2;
  }
  return bytes;
}

/** The form's parts in order: framing text and the files' Blobs. */
function multipartParts(form: FormData, boundary: string): (string | Blob)[] {
  const parts: (string | Blob)[] = [];
  for (const [name, value] of form) {
    if (typeof value === 'string') {
      parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"\r\n\r\n`);
      parts.push(normalizeLineBreaks(value), '\r\n');
    } else {
      const type = value.type || 'application/octet-stream';
      parts.push(
        `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"; filename="${escapeName(value.name)}"\r\nContent-Type: ${type}\r\n\r\n`,
        value,
        '\r\n',
      );
    }
  }
  parts.push(`--${boundary}--\r\n`);
  return parts;
}

/** As browsers and undici escape names and file names: `"` and line breaks percent-encoded. */
function escapeName(name: string): string {
  return normalizeLineBreaks(name).replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
}

/** Form values go out with CRLF line breaks, as browsers and undici send them. */
function normalizeLineBreaks(text: string): string {
  return text.replace(/\r\n|\r|\n/g, '\r\n');
}

const BOUNDARY_PREFIX = '----socialsite-sdk-';
/** A stand-in as long as every {@link randomBoundary}, for {@link multipartSize}. */
const BOUNDARY_SHAPE = `${BOUNDARY_PREFIX}${'0'.repeat(24)}`;

/** 24 random hex digits after a fixed prefix: never found inside the parts by chance. */
function randomBoundary(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `${BOUNDARY_PREFIX}${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
