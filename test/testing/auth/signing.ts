/** How a test signs a request (draft-cavage HTTP Signatures, RSASSA-PKCS1-v1_5). */
export interface SignOptions {
  privateKeyPem: string;
  keyId: string;
  /** The `algorithm` parameter written into the header. @default 'rsa-sha256' */
  algorithm?: string;
  /** The hash actually used to sign. @default SHA-512 for rsa-sha512, else SHA-256 */
  hash?: 'SHA-256' | 'SHA-512';
  /** The signed header names. @default (request-target) host date, plus digest with a body */
  signed?: string[];
  /** The `Date` header. @default the fake's clock start */
  date?: string;
  /** The authorization scheme word. @default 'Signature' */
  scheme?: string;
}

/** A request to sign: the body as the exact bytes that will be sent. */
export interface UnsignedRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: Uint8Array<ArrayBuffer> | string;
  /** The `Digest` header; `true` computes `SHA-256=` of the body. @default true with a body */
  digest?: string | boolean;
}

/** The request's headers with `Date`, `Digest` (for a body) and the `Authorization: Signature`. */
export async function signRequest(
  request: UnsignedRequest,
  options: SignOptions,
): Promise<Record<string, string>> {
  const url = new URL(request.url);
  const body = typeof request.body === 'string' ? new TextEncoder().encode(request.body) : request.body;
  const headers: Record<string, string> = {
    // The fake checks a signed Date against the real clock (clients sign with theirs).
    Date: options.date ?? new Date().toUTCString(),
    ...request.headers,
  };
  const digest = request.digest ?? body !== undefined;
  if (digest === true)
    headers.Digest = `SHA-256=${base64(await crypto.subtle.digest('SHA-256', body ?? new Uint8Array()))}`;
  else if (typeof digest === 'string') headers.Digest = digest;
  const signed = options.signed ?? ['(request-target)', 'host', 'date', ...(body ? ['digest'] : [])];
  const value = (name: string) => {
    if (name === '(request-target)') return `${request.method.toLowerCase()} ${url.pathname}${url.search}`;
    if (name === 'host') return url.host;
    return Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  };
  const text = signed
    .filter((name) => value(name) !== undefined)
    .map((name) => `${name}: ${value(name)}`)
    .join('\n');
  const algorithm = options.algorithm ?? 'rsa-sha256';
  const hash = options.hash ?? (algorithm === 'rsa-sha512' ? 'SHA-512' : 'SHA-256');
  const key = await crypto.subtle.importKey(
    'pkcs8',
    pemBytes(options.privateKeyPem),
    { name: 'RSASSA-PKCS1-v1_5', hash },
    false,
    ['sign'],
  );
  const signature = base64(
    await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, new TextEncoder().encode(text)),
  );
  headers.Authorization =
    `${options.scheme ?? 'Signature'} keyId="${options.keyId}",algorithm="${algorithm}",` +
    `headers="${signed.join(' ')}",signature="${signature}"`;
  return headers;
}

function pemBytes(pem: string): Uint8Array<ArrayBuffer> {
  const base64Text = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  return Uint8Array.from(atob(base64Text), (char) => char.charCodeAt(0));
}

function base64(buffer: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(buffer)));
}
