import { encodeBase64 } from '../../core/body/base64.js';
import { ArgumentError } from '../../core/errors/argument-error.js';
import type { Authorizer, OutgoingRequest } from '../../core/http/authorizer.js';
import type { BodyBytes } from '../../core/request/body-bytes.js';
import { importSigningKey, keySecrets, type SignatureHash, type WebCryptoKey } from './private-key.js';

/** Signing every request with the channel's own RSA key (draft-cavage HTTP Signatures, as Hubzilla reads them). */
export interface SignatureCredentials {
  /**
   * Who signs: `acct:nick@host` (with the port, if any), `nick@host`, or the channel's URL
   * (`https://hub.example/channel/nick`). `…#main-key` is refused by Hubzilla 8.8.7.
   * @example 'acct:alice@hub.example'
   */
  keyId: string;
  /**
   * The channel's private key: a PEM (`channel_prvkey` from the channel export, PKCS#1 or PKCS#8) or
   * a non-extractable WebCrypto `CryptoKey` (RSASSA-PKCS1-v1_5). A PEM is imported once and not kept.
   */
  privateKey: string | WebCryptoKey;
  /**
   * `rsa-sha256`, `rsa-sha512`, or `hs2019` (which Hubzilla verifies with SHA-256 for such keys).
   * @default 'rsa-sha256'
   */
  algorithm?: 'rsa-sha256' | 'rsa-sha512' | 'hs2019';
}

const HASHES: Record<NonNullable<SignatureCredentials['algorithm']>, SignatureHash> = {
  'rsa-sha256': 'SHA-256',
  'rsa-sha512': 'SHA-512',
  hs2019: 'SHA-256',
};

/**
 * Signs `(request-target)` (method, path AND query), `host`, `date`, and, for a request with a body,
 * `digest` (SHA-256 of the exact bytes sent, multipart uploads included). Hubzilla checks `Date` only
 * when it is signed and never checks the body against `Digest`, so the client signs all four itself.
 * A 401 is final: a signature with the same key cannot do better.
 */
export class SignatureAuthorizer implements Authorizer {
  readonly #keyId: string;
  readonly #algorithm: NonNullable<SignatureCredentials['algorithm']>;
  readonly #key: Promise<CryptoKey>;
  readonly #now: () => Date;

  constructor(
    credentials: SignatureCredentials,
    learn: (secret: string) => void,
    now: () => Date = () => new Date(),
  ) {
    const { keyId, privateKey, algorithm = 'rsa-sha256' } = credentials ?? ({} as SignatureCredentials);
    if (typeof keyId !== 'string' || keyId.trim() === '')
      throw new ArgumentError('signature.keyId is required: acct:nick@host, nick@host or the channel URL');
    if (!(algorithm in HASHES))
      throw new ArgumentError(`signature.algorithm must be rsa-sha256, rsa-sha512 or hs2019`);
    if (typeof privateKey === 'string') for (const secret of keySecrets(privateKey)) learn(secret);
    else if (typeof privateKey !== 'object' || privateKey === null)
      throw new ArgumentError('signature.privateKey must be a PEM string or a CryptoKey');
    this.#keyId = keyId;
    this.#algorithm = algorithm;
    this.#now = now;
    this.#key = importSigningKey(privateKey, HASHES[algorithm]);
    // Surfaces on the first request (as an ArgumentError), not as an unhandled rejection.
    this.#key.catch(() => {});
  }

  async headers(request: OutgoingRequest): Promise<Record<string, string>> {
    const key = await this.#key;
    const date = this.#now().toUTCString();
    const { url } = request;
    const signed: [string, string][] = [
      ['(request-target)', `${request.method.toLowerCase()} ${url.pathname}${url.search}`],
      ['host', url.host],
      ['date', date],
    ];
    const headers: Record<string, string> = { Date: date };
    if (request.body !== undefined) {
      const digest = `SHA-256=${encodeBase64(await sha256(request.body))}`;
      signed.push(['digest', digest]);
      headers.Digest = digest;
    }
    const text = signed.map(([name, value]) => `${name}: ${value}`).join('\n');
    const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, new TextEncoder().encode(text));
    const names = signed.map(([name]) => name).join(' ');
    headers.Authorization = `Signature keyId="${this.#keyId}",algorithm="${this.#algorithm}",headers="${names}",signature="${encodeBase64(new Uint8Array(signature))}"`;
    return headers;
  }
}

/** WebCrypto has no streaming digest: the body is hashed whole (a multipart upload is read once for it). */
async function sha256(body: BodyBytes | string): Promise<Uint8Array> {
  const bytes =
    typeof body === 'string' ? new TextEncoder().encode(body) : new Uint8Array(await body.arrayBuffer());
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}
