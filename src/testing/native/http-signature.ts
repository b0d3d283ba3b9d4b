import type { Runtime } from '../runtime.js';
import { digestMatches } from './digest.js';
import type { HubChannel } from './hub-state.js';
import { parseSignatureHeader, signingText } from './signature-header.js';

/** What a signature login found: the channel, a refusal, or a PHP fatal error (HTTP 500). */
export type SignatureLogin = HubChannel | 'refused' | 'fatal';

/**
 * Hubzilla's API login with `Authorization: Signature ...` (draft-cavage HTTP Signatures, checked
 * by `HTTPSig::verify` against the channel's public key). The `keyId`, with any `acct:` removed,
 * must be a local channel's address (`alice@host:port`) or URL (`<site>/channel/alice`); anything
 * else (`#main-key`, a remote actor) is refused, as the hub cannot fetch it. `rsa-sha512` verifies
 * with SHA-512; every other algorithm (`rsa-sha256`, `hs2019`, none) with SHA-256. The hub never
 * compares the body with `Digest`; `strictDigest` makes the fake do so.
 *
 * @param body The raw body, for `strictDigest` (reading the parameters consumes the request's).
 */
export async function signatureLogin(
  runtime: Runtime,
  request: Request,
  body: Promise<ArrayBuffer> | undefined,
): Promise<SignatureLogin> {
  const authorization = parseSignatureHeader(request.headers.get('authorization') ?? '');
  const keyId = authorization?.keyId?.replaceAll('acct:', '');
  const channel = keyId ? channelByKeyId(runtime, keyId) : undefined;
  const publicKey = runtime.hub.xchans.find((x) => x.hash === channel?.hash)?.pubkey;
  if (!channel || !publicKey) return 'refused';

  // HTTPSig::verify reads a `Signature` header in preference to `Authorization`.
  const signatureHeader = request.headers.get('signature');
  const block = signatureHeader === null ? authorization : parseSignatureHeader(signatureHeader);
  if (!block?.keyId) return 'refused';
  const signedNames = block.headers ?? ['date'];
  const signed = signingText(request, signedNames, runtime.options.signatureClock());
  if (signed === 'fatal') return 'fatal';
  if (signed === 'stale' || !block.signature) return 'refused';
  const hash = block.algorithm === 'rsa-sha512' ? 'SHA-512' : 'SHA-256';
  if (!(await rsaVerifies(publicKey, hash, block.signature, signed.text))) return 'refused';
  if (runtime.options.auth.strictDigest) {
    const bytes = new Uint8Array((await body) ?? new ArrayBuffer(0));
    if (!(await digestMatches(request.headers.get('digest'), signedNames.includes('digest'), bytes))) {
      return 'refused';
    }
  }
  return channel;
}

/** The local channel whose hub location has this address or URL (exact, case-sensitive). */
function channelByKeyId(runtime: Runtime, keyId: string): HubChannel | undefined {
  const xchan = runtime.hub.xchans.find((x) => x.addr === keyId || x.url === keyId);
  return xchan && runtime.hub.channels.find((c) => c.hash === xchan.hash);
}

/** Imported keys, by hash and PEM: importing costs more than verifying. */
const imported = new Map<string, Promise<CryptoKey | undefined>>();

/** RSASSA-PKCS1-v1_5 verification through WebCrypto; an unusable key verifies nothing. */
async function rsaVerifies(pem: string, hash: 'SHA-256' | 'SHA-512', signature: Uint8Array, text: string) {
  const cacheKey = `${hash}\n${pem}`;
  let key = imported.get(cacheKey);
  if (!key) {
    key = importSpki(pem, hash);
    imported.set(cacheKey, key);
  }
  const publicKey = await key;
  if (!publicKey) return false;
  const data = new TextEncoder().encode(text);
  return crypto.subtle.verify('RSASSA-PKCS1-v1_5', publicKey, new Uint8Array(signature), data);
}

async function importSpki(pem: string, hash: string): Promise<CryptoKey | undefined> {
  const base64 = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  try {
    const der = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    return await crypto.subtle.importKey('spki', der, { name: 'RSASSA-PKCS1-v1_5', hash }, false, ['verify']);
  } catch {
    return undefined;
  }
}
