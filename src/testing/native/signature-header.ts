import { type Bytes, phpBase64Decode } from '../http/base64.js';

/** The parts of a signature header Hubzilla reads (`HTTPSig::parse_sigheader`). */
export interface SignatureBlock {
  keyId?: string;
  algorithm?: string;
  /** The signed header names, in order, as written (Hubzilla does not lower-case them). */
  headers?: string[];
  signature?: Bytes;
}

/** How far a signed `Date` may be from the hub's clock, in seconds. */
const DATE_TOLERANCE = 86_400;

/**
 * Reads `keyId`, `algorithm`, `headers` and `signature` as Hubzilla's regular expressions do
 * (any case, anywhere in the text). An encrypted header (`iv="..."`) needs the site's private key
 * and fails; a header with none of the parts is no block at all.
 */
export function parseSignatureHeader(header: string): SignatureBlock | undefined {
  if (/iv="(.*?)"/is.test(header)) return undefined;
  const part = (name: string) => new RegExp(`${name}="(.*?)"`, 'is').exec(header)?.[1];
  const block: SignatureBlock = {};
  const keyId = part('keyId');
  const algorithm = part('algorithm');
  const headers = part('headers');
  const signature = part('signature');
  if (keyId !== undefined) block.keyId = keyId;
  if (algorithm !== undefined) block.algorithm = algorithm;
  if (headers !== undefined) block.headers = headers.split(' ');
  if (signature !== undefined) block.signature = phpBase64Decode(signature.replace(/\s+/g, ''));
  return Object.keys(block).length > 0 ? block : undefined;
}

/**
 * The text the signer signed, as `HTTPSig::verify` rebuilds it: `name: value` lines of the signed
 * headers that the request has (names it lacks are skipped, not refused), joined by `\n`.
 * `(request-target)` is the lower-case method and the request URI with its query. Only a signed
 * `date` is checked against the clock: further than a day off fails ('stale'); one PHP cannot read
 * throws an uncaught exception ('fatal', HTTP 500).
 */
export function signingText(
  request: Request,
  signedNames: readonly string[],
  now: Date,
): { text: string } | 'stale' | 'fatal' {
  const headers = serverHeaders(request);
  const lines: string[] = [];
  for (const name of signedNames) {
    const value = headers.get(name);
    if (value !== undefined) lines.push(`${name}: ${value}`);
    if (name === 'date') {
      const skew = dateSkew(value, now);
      if (skew === undefined) return 'fatal';
      if (Math.abs(skew) > DATE_TOLERANCE) return 'stale';
    }
  }
  return { text: lines.join('\n') };
}

/**
 * The headers as PHP's `$_SERVER` gives them to Hubzilla: lower-case names, `content-type` and
 * `content-length` always present (empty when not sent). A request handed straight to the handler
 * has no `Host` header; a real one always does, so the URL's host stands in.
 */
function serverHeaders(request: Request): Map<string, string> {
  const url = new URL(request.url);
  const headers = new Map<string, string>([
    ['(request-target)', `${request.method.toLowerCase()} ${url.pathname}${url.search}`],
    ['content-type', ''],
    ['content-length', ''],
    ['host', url.host],
  ]);
  for (const [name, value] of request.headers) headers.set(name, value);
  return headers;
}

/** Seconds from the hub's clock to `date` (PHP reads a missing or empty one as now), if readable. */
function dateSkew(date: string | undefined, now: Date): number | undefined {
  if (date === undefined || date.trim() === '') return 0;
  const time = Date.parse(date);
  if (Number.isNaN(time)) return undefined;
  return Math.floor(time / 1000) - Math.floor(now.getTime() / 1000);
}
