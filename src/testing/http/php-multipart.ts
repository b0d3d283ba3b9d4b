/**
 * A `multipart/form-data` body split into parts as PHP's `rfc1867.c` (PHP 8.2) reads them: header
 * values are C strings, so a NUL ends one (`name="a\0b"` is `a`, `filename="shell.php\0.png"` is
 * `shell.php`); `name` and `filename` are read by PHP's own quoting rules (`\"` and `\\` unescaped,
 * an unclosed quote running to the end). PHP's limits are applied by the caller (`php-request.ts`).
 */

/** One part of the body, as PHP sees its headers. */
export interface MultipartPart {
  /** The `name` parameter of `Content-Disposition`; `undefined` when there is none. */
  name: string | undefined;
  /** The `filename` parameter; `undefined` for a text field. */
  filename: string | undefined;
  /** The `Content-Type` header, whole. */
  contentType: string | undefined;
  /** Where the part's content lies in the body. */
  start: number;
  end: number;
}

/** The boundary of a `multipart/form-data; boundary=...` content type. */
export function multipartBoundary(contentType: string): string | undefined {
  const match = /boundary=(?:"([^"]*)"|([^;,\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/**
 * The parts of `bytes`, in order. Reading stops at the closing boundary or where the body stops
 * making sense (PHP keeps what it read by then). Searched as bytes (no decoding of the files);
 * header values decoded as UTF-8.
 */
export function multipartParts(bytes: Uint8Array, boundary: string): MultipartPart[] {
  const dashBoundary = ascii(`--${boundary}`);
  const delimiter = ascii(`\r\n--${boundary}`);
  const parts: MultipartPart[] = [];
  // The first boundary may come first or after a preamble.
  let at: number;
  if (startsWith(bytes, dashBoundary, 0)) at = dashBoundary.length;
  else {
    const found = indexOf(bytes, delimiter, 0);
    if (found < 0) return parts;
    at = found + delimiter.length;
  }
  for (;;) {
    if (startsWith(bytes, DASH_DASH, at)) return parts;
    const lineEnd = indexOf(bytes, CRLF, at);
    if (lineEnd < 0) return parts;
    const headersEnd = indexOf(bytes, CRLF_CRLF, lineEnd);
    if (headersEnd < 0) return parts;
    const headers = headerLines(bytes.subarray(lineEnd + 2, headersEnd + 2));
    const start = headersEnd + 4;
    const end = indexOf(bytes, delimiter, start);
    if (end < 0) return parts;
    const disposition = headerValue(headers, 'content-disposition');
    const params = disposition === undefined ? new Map<string, string>() : dispositionParams(disposition);
    parts.push({
      name: params.get('name'),
      filename: params.get('filename'),
      contentType: headerValue(headers, 'content-type'),
      start,
      end,
    });
    at = end + delimiter.length;
  }
}

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);
const DASH_DASH = ascii('--');
const CRLF = ascii('\r\n');
const CRLF_CRLF = ascii('\r\n\r\n');

function startsWith(bytes: Uint8Array, pattern: Uint8Array, at: number): boolean {
  if (at + pattern.length > bytes.length) return false;
  for (let offset = 0; offset < pattern.length; offset++)
    if (bytes[at + offset] !== pattern[offset]) return false;
  return true;
}

/** Where `pattern` first occurs in `bytes` from `from`, or -1 (the native search finds each candidate). */
function indexOf(bytes: Uint8Array, pattern: Uint8Array, from: number): number {
  const first = pattern[0] ?? 0;
  for (let at = bytes.indexOf(first, from); at >= 0; at = bytes.indexOf(first, at + 1))
    if (startsWith(bytes, pattern, at)) return at;
  return -1;
}

/** `key: value` lines (a line starting with white space continues the one before), values cut at NUL. */
function headerLines(block: Uint8Array): [string, string][] {
  const lines = new TextDecoder().decode(block).split('\r\n');
  const headers: [string, string][] = [];
  for (const raw of lines) {
    const nul = raw.indexOf('\0');
    const line = nul < 0 ? raw : raw.slice(0, nul);
    const colon = line.indexOf(':');
    const last = headers[headers.length - 1];
    if (colon >= 0) headers.push([line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trimStart()]);
    else if (/^[ \t]/.test(line) && last) last[1] += line;
  }
  return headers;
}

function headerValue(headers: [string, string][], key: string): string | undefined {
  return headers.find(([name]) => name === key)?.[1];
}

const SPACE = /\s/;

/** PHP's `php_ap_getword`: up to `stop` outside quotes; `[word, where the rest starts]`. */
function getWord(line: string, from: number, stop: string): [string, number] {
  let at = from;
  while (at < line.length && line[at] !== stop) {
    const quote = line[at];
    if (quote === '"' || quote === "'") {
      at++;
      while (at < line.length && line[at] !== quote)
        at += line[at] === '\\' && line[at + 1] === quote ? 2 : 1;
      if (at < line.length) at++;
    } else {
      at++;
    }
  }
  return [line.slice(from, at), line[at] === stop ? at + 1 : at];
}

/** PHP's `substring_conf`: `\\` and `\<quote>` unescaped, up to the first other quote. */
function substringConf(text: string, quote: string | undefined): string {
  let out = '';
  for (let at = 0; at < text.length && text[at] !== quote; at++) {
    const next = text[at + 1];
    if (text[at] === '\\' && (next === '\\' || (quote !== undefined && next === quote))) out += text[++at];
    else out += text[at];
  }
  return out;
}

/** PHP's `php_ap_getword_conf`: a quoted or bare parameter value. */
function confWord(value: string): string {
  let from = 0;
  while (from < value.length && SPACE.test(value[from] as string)) from++;
  const quote = value[from];
  if (quote === '"' || quote === "'") {
    let end = from + 1;
    for (;;) {
      while (end < value.length && value[end] !== quote) end++;
      if (end < value.length && value[end - 1] === '\\') {
        end++;
        continue;
      }
      break;
    }
    return substringConf(value.slice(from + 1, end), quote);
  }
  let end = from;
  while (end < value.length && !SPACE.test(value[end] as string)) end++;
  return substringConf(value.slice(from, end), undefined);
}

/** `name` and `filename` of a `Content-Disposition` value, as `rfc1867.c` reads them (a later one wins). */
function dispositionParams(disposition: string): Map<string, string> {
  const params = new Map<string, string>();
  let at = 0;
  while (at < disposition.length && SPACE.test(disposition[at] as string)) at++;
  while (at < disposition.length) {
    const [pair, next] = getWord(disposition, at, ';');
    at = next;
    while (at < disposition.length && SPACE.test(disposition[at] as string)) at++;
    if (!pair.includes('=')) continue;
    const [key, valueAt] = getWord(pair, 0, '=');
    const lower = key.toLowerCase();
    if (lower === 'name' || lower === 'filename') params.set(lower, confWord(pair.slice(valueAt)));
  }
  return params;
}
