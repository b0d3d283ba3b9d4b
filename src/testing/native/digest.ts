import { toBase64 } from '../http/base64.js';

const ALGORITHMS: Record<string, string> = { 'SHA-256': 'SHA-256', 'SHA-512': 'SHA-512' };

/**
 * `strictDigest`: a body must be covered by a signed `Digest` (`SHA-256=<base64>` or `SHA-512=`,
 * Hubzilla's two), and a signed `Digest` must match the body, empty or not.
 */
export async function digestMatches(
  header: string | null,
  signed: boolean,
  body: Uint8Array,
): Promise<boolean> {
  if (header === null || !signed) return body.length === 0;
  const equals = header.indexOf('=');
  const algorithm = ALGORITHMS[header.slice(0, equals).trim().toUpperCase()];
  if (equals === -1 || !algorithm) return false;
  const digest = new Uint8Array(await crypto.subtle.digest(algorithm, new Uint8Array(body)));
  return toBase64(digest) === header.slice(equals + 1).trim();
}
