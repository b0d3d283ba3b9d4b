import type { Params } from '../http/params.js';
import type { Runtime } from '../runtime.js';
import { login, readBasic } from './auth.js';
import { bearerChannel } from './bearer.js';
import { type SignatureLogin, signatureLogin } from './http-signature.js';

/**
 * Hubzilla's `api_login` for a request without a logged-in session, in its order: an OAuth 2.0
 * access token; else, by the `Authorization` scheme, HTTP Basic (a channel nickname or account
 * e-mail and the password) or an HTTP Signature made with a channel's key.
 */
export async function apiLogin(
  runtime: Runtime,
  request: Request,
  params: Params,
  body: Promise<ArrayBuffer> | undefined,
): Promise<SignatureLogin> {
  const bearer = bearerChannel(runtime, request, params);
  if (bearer) return bearer;
  const header = request.headers.get('authorization');
  if (isSignatureLogin(request)) return signatureLogin(runtime, request, body);
  const credentials = readBasic(header);
  return (credentials && login(runtime.hub, credentials)) || 'refused';
}

/** Whether the request logs in with a signature (Hubzilla matches the scheme's case exactly). */
export function isSignatureLogin(request: Request): boolean {
  return request.headers.get('authorization')?.trim().startsWith('Signature') ?? false;
}
