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
  // The text between two files is joined into one string: a Blob per text part costs ~20 µs in
  // Node, 0.75 s for a form of 16,000 list entries (issue 38); one string a run costs next to nothing.
  const parts: (string | Blob)[] = [];
  let text = '';
  for (const [name, value] of form) {
    if (typeof value === 'string') {
      text += `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"\r\n\r\n`;
      text += `${normalizeLineBreaks(value)}\r\n`;
    } else {
      const type = value.type || 'application/octet-stream';
      text += `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"; filename="${escapeName(value.name)}"\r\nContent-Type: ${type}\r\n\r\n`;
      parts.push(text, value);
      text = '\r\n';
    }
  }
  parts.push(`${text}--${boundary}--\r\n`);
  return { body: joinParts(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** As browsers and undici escape names and file names: `"` and line breaks percent-encoded. */
function escapeName(name: string): string {
  return normalizeLineBreaks(name).replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
}

/** Form values go out with CRLF line breaks, as browsers and undici send them. */
function normalizeLineBreaks(text: string): string {
  return text.replace(/\r\n|\r|\n/g, '\r\n');
}

/** 24 random hex digits after a fixed prefix: never found inside the parts by chance. */
function randomBoundary(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `----socialsite-sdk-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
