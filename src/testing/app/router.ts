import type { Params } from '../http/params.js';
import { phpJson } from '../http/php-json.js';
import type { Runtime } from '../runtime.js';
import { envelopeError, envelopeResponse, phpfoxResponse } from './answer.js';
import { modulesOf } from './modules.js';

const NO_KEY = ['api.unable_to_find_api_key', 'Unable to find API key.'] as const;
const DISABLED = ['api.enable_api_support', 'Enable API support for this site.'] as const;

/**
 * token.php: exchanges the app `key` for a bare `{"token": "..."}`. The key stays valid; a new token
 * cancels the user's previous one. Failures are HTTP 200 envelopes.
 */
export function tokenPhp(runtime: Runtime, params: Params): Response {
  if (!runtime.options.appApiEnabled) return envelopeError(runtime, ...DISABLED);
  const userId = runtime.app.keys.get(params.get('key') ?? '');
  if (userId === undefined) return envelopeError(runtime, ...NO_KEY);
  return phpfoxResponse(runtime, phpJson({ token: issueToken(runtime, userId) }));
}

/** A new token for `userId`, replacing that user's previous token. */
export function issueToken(runtime: Runtime, userId: number): string {
  for (const [token, owner] of runtime.app.tokens) if (owner === userId) runtime.app.tokens.delete(token);
  const token = runtime.options.envelope === '3.9' ? alphanumericToken(runtime) : base64Token(runtime);
  runtime.app.tokens.set(token, userId);
  return token;
}

/** A live 3.9.0 handed out 276 letters and digits. */
function alphanumericToken(runtime: Runtime): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let token = '';
  for (const byte of runtime.prng.bytes(276)) token += alphabet[byte % alphabet.length];
  return token;
}

/** Long base64 with `+`, `/` and `=`, as phpFox's documents describe: clients must URL-encode it. */
function base64Token(runtime: Runtime): string {
  let token = '';
  while (!(token.includes('+') && token.includes('/'))) {
    let binary = '';
    for (const byte of runtime.prng.bytes(97)) binary += String.fromCharCode(byte);
    token = btoa(binary);
  }
  return token;
}

/** api.php: `token` and `method` (`module.method`) from the query or the form, GET or POST. */
export async function apiPhp(runtime: Runtime, params: Params): Promise<Response> {
  const rawPage = params.get('page');
  if (!runtime.options.appApiEnabled) return envelopeError(runtime, ...DISABLED, rawPage);
  const userId = runtime.app.tokens.get(params.get('token') ?? '');
  if (userId === undefined) return envelopeError(runtime, ...NO_KEY, rawPage);
  const method = params.get('method') ?? '';
  if (method === '') return envelopeError(runtime, 'api.method_not_defined', 'Method not defined.', rawPage);
  const dot = method.indexOf('.');
  if (dot <= 0 || dot === method.length - 1) {
    return envelopeError(
      runtime,
      'api.method_not_correctly_defined',
      'Method not correctly defined.',
      rawPage,
    );
  }
  const moduleName = method.slice(0, dot);
  const modules = modulesOf(runtime.options.envelope);
  if (modules.serviceless.has(moduleName)) return phpfoxResponse(runtime, '', 500);
  const module = modules.methods[moduleName];
  if (!module && !modules.services.has(moduleName)) {
    return envelopeError(runtime, '5', 'Module does not exist.', rawPage);
  }
  const handler = module?.[method.slice(dot + 1).toLowerCase()];
  if (!handler) {
    return envelopeError(
      runtime,
      'api.method_not_valid_for_module',
      'Method for this module does not exist.',
      rawPage,
    );
  }
  const result = await handler({ runtime, userId, params });
  return envelopeResponse(runtime, result, rawPage);
}
