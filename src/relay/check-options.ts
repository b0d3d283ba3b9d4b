import { ArgumentError } from '../core/errors/argument-error.js';
import { keysOf, refuseUnknownKeys } from '../core/options/known-keys.js';
import type { ServerLimits } from '../core/request/php-limits.js';
import { isAppCall } from './app-calls.js';
import { hubCall } from './hub-calls.js';
import type { RelayOptions } from './options.js';

/** The relay's own options, checked when it is created (the upstream ones are checked by the clients' core). */
export function checkRelayOptions(options: RelayOptions): void {
  if (options === null || typeof options !== 'object') throw new ArgumentError('createRelay needs options');
  if (typeof options.authorize !== 'function') {
    throw new ArgumentError(
      'authorize is required: a function that checks the caller against your session (pass () => true to open the relay on purpose)',
    );
  }
  if (options.app === undefined && options.hub === undefined) {
    throw new ArgumentError('createRelay needs app, hub or both: there is nothing to relay to');
  }
  const token = options.app?.token;
  if (
    options.app !== undefined &&
    typeof token !== 'function' &&
    (typeof token !== 'string' || token === '')
  ) {
    throw new ArgumentError(
      'app.token is required: the access token, or a function reading it from the session',
    );
  }
  checkAllowLists(options);
  for (const name of [
    'maxRequestBytes',
    'maxResponseBytes',
    'timeout',
    'bodyTimeout',
    'authorizeTimeout',
    'maxPendingCalls',
  ] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isSafeInteger(value) && value > 0)) {
      throw new ArgumentError(`${name} must be a positive whole number when given`);
    }
  }
  checkServerLimits(options.serverLimits);
  const cors = options.cors;
  if (cors !== undefined && typeof cors.origins !== 'function' && !Array.isArray(cors.origins)) {
    throw new ArgumentError('cors.origins must be a list of origins or a function');
  }
  const trusted = options.trustedOrigins;
  if (trusted !== undefined && typeof trusted !== 'function' && !Array.isArray(trusted)) {
    throw new ArgumentError('trustedOrigins must be a list of origins or a function');
  }
}

/**
 * The allow-lists name only calls the SDK makes, each with the HTTP method the SDK uses: the relay
 * knows the parameters of those alone, and forwards nothing else.
 */
function checkAllowLists(options: RelayOptions): void {
  for (const method of options.app?.allow ?? []) {
    if (!isAppCall(method)) {
      throw new ArgumentError(
        `app.allow: ${JSON.stringify(method)} is not a method the SDK calls; the relay forwards the SDK's own calls only`,
      );
    }
  }
  for (const [endpoint, methods] of Object.entries(options.hub?.allow ?? {})) {
    const sdk = hubCall(endpoint);
    if (sdk === undefined) {
      throw new ArgumentError(
        `hub.allow: ${JSON.stringify(endpoint)} is not an endpoint the SDK calls; the relay forwards the SDK's own calls only`,
      );
    }
    for (const method of methods) {
      if (method !== sdk.httpMethod) {
        throw new ArgumentError(
          `hub.allow: the SDK calls ${endpoint} with ${sdk.httpMethod}, never ${JSON.stringify(method)}`,
        );
      }
    }
  }
}

const LIMIT_KEYS = keysOf<ServerLimits>({
  maxInputVars: true,
  maxNesting: true,
  postMaxSize: true,
  uploadMaxFilesize: true,
  maxFileUploads: true,
});

/** Each limit a positive whole number, none misspelt: a typo would leave PHP's default in force without a word. */
function checkServerLimits(limits: ServerLimits | undefined): void {
  if (limits === undefined) return;
  if (limits === null || typeof limits !== 'object') {
    throw new ArgumentError('serverLimits must be an object such as { maxInputVars: 5000 }');
  }
  refuseUnknownKeys(limits, LIMIT_KEYS, 'a limit of serverLimits');
  for (const name of LIMIT_KEYS) {
    const value = limits[name as keyof ServerLimits];
    if (value !== undefined && !(Number.isSafeInteger(value) && value > 0)) {
      throw new ArgumentError(`serverLimits.${name} must be a positive whole number when given`);
    }
  }
}
