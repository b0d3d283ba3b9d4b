import { encodeBase64 } from '../../core/body/base64.js';
import { ArgumentError } from '../../core/errors/argument-error.js';

/**
 * A WebCrypto `CryptoKey`, typed by its shape: the published declarations must compile without the
 * DOM library (Node's types declare `CryptoKey` as a value only).
 */
export interface WebCryptoKey {
  /** `'private'` for a signing key. */
  readonly type: string;
  /** E.g. `{ name: 'RSASSA-PKCS1-v1_5', hash: { name: 'SHA-256' } }`. */
  readonly algorithm: object;
  /** Whether the key's material can leave WebCrypto (best not). */
  readonly extractable: boolean;
  /** Must include `'sign'`. */
  readonly usages: readonly string[];
}

/** The hash a signature algorithm signs with. */
export type SignatureHash = 'SHA-256' | 'SHA-512';

/**
 * Imports an RSA private key for RSASSA-PKCS1-v1_5 signing, NOT extractable: once imported, the key
 * stays inside WebCrypto. Takes a PEM in PKCS#8 (`BEGIN PRIVATE KEY`) or PKCS#1 (`BEGIN RSA PRIVATE
 * KEY`, what a Hubzilla channel export's `channel_prvkey` may hold), or a `CryptoKey`.
 */
export async function importSigningKey(key: string | WebCryptoKey, hash: SignatureHash): Promise<CryptoKey> {
  if (typeof key !== 'string') return key as CryptoKey;
  const pkcs8 = pemToPkcs8(key);
  try {
    return await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'RSASSA-PKCS1-v1_5', hash }, false, [
      'sign',
    ]);
  } catch (error) {
    // Never quote the key: only say what was wrong.
    throw new ArgumentError(
      `signature.privateKey is not an RSA private key WebCrypto can use (${(error as Error).name})`,
    );
  }
}

/** The base64 body of a PEM. */
export function pemBody(pem: string): string {
  return pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
}

/**
 * What the redactor must know of a PEM key: its base64, and the base64 of the same key in the other
 * format (PKCS#1 inside PKCS#8, or PKCS#8 around PKCS#1), since a hub holds and may echo either.
 * Never throws: a key that does not decode is refused later, by `importSigningKey`.
 */
export function keySecrets(pem: string): string[] {
  const body = pemBody(pem);
  try {
    const der = Uint8Array.from(atob(body), (char) => char.charCodeAt(0));
    const other = pem.includes('BEGIN RSA PRIVATE KEY') ? wrapPkcs1(der) : unwrapPkcs8(der);
    return other === undefined ? [body] : [body, encodeBase64(other)];
  } catch {
    return [body];
  }
}

function pemToPkcs8(pem: string): Uint8Array<ArrayBuffer> {
  const kind = /-----BEGIN ([A-Z ]+)-----/.exec(pem)?.[1];
  if (kind !== 'PRIVATE KEY' && kind !== 'RSA PRIVATE KEY')
    throw new ArgumentError(
      'signature.privateKey must be a PEM "PRIVATE KEY" or "RSA PRIVATE KEY" (or a CryptoKey)',
    );
  let der: Uint8Array<ArrayBuffer>;
  try {
    der = Uint8Array.from(atob(pemBody(pem)), (char) => char.charCodeAt(0));
  } catch {
    throw new ArgumentError('signature.privateKey is not valid PEM (its base64 does not decode)');
  }
  return kind === 'PRIVATE KEY' ? der : wrapPkcs1(der);
}

/** rsaEncryption's AlgorithmIdentifier: SEQUENCE { OID 1.2.840.113549.1.1.1, NULL }. */
const RSA_ALGORITHM = [
  0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00,
];

/** PKCS#1 RSAPrivateKey → PKCS#8 PrivateKeyInfo { version 0, rsaEncryption, OCTET STRING { key } }. */
function wrapPkcs1(pkcs1: Uint8Array): Uint8Array<ArrayBuffer> {
  const octets = [0x04, ...derLength(pkcs1.length)];
  const content = [0x02, 0x01, 0x00, ...RSA_ALGORITHM, ...octets];
  const total = content.length + pkcs1.length;
  const out = new Uint8Array(1 + derLength(total).length + total);
  out.set([0x30, ...derLength(total), ...content]);
  out.set(pkcs1, out.length - pkcs1.length);
  return out;
}

/** PrivateKeyInfo → the OCTET STRING it wraps (PKCS#1 for an RSA key), or `undefined`. */
function unwrapPkcs8(der: Uint8Array): Uint8Array | undefined {
  const outer = derElement(der, 0);
  if (outer?.tag !== 0x30) return undefined;
  const version = derElement(der, outer.start);
  const algorithm = version && derElement(der, version.end);
  const key = algorithm && derElement(der, algorithm.end);
  return key?.tag === 0x04 ? der.subarray(key.start, key.end) : undefined;
}

/** The DER element at `at`: its tag and where its content starts and ends. */
function derElement(der: Uint8Array, at: number): { tag: number; start: number; end: number } | undefined {
  const tag = der[at];
  const first = der[at + 1];
  if (tag === undefined || first === undefined) return undefined;
  let length = first;
  let start = at + 2;
  if (first & 0x80) {
    length = 0;
    for (let byte = 0; byte < (first & 0x7f); byte++) length = length * 256 + (der[start + byte] ?? 0);
    start += first & 0x7f;
  }
  return start + length <= der.length ? { tag, start, end: start + length } : undefined;
}

function derLength(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return [0x80 | bytes.length, ...bytes];
}
