import { ArgumentError } from './errors/argument-error.js';
import { keysOf, refuseUnknownKeys } from './known-keys.js';
import { LOG_LEVELS } from './logging.js';
import type { ClientOptions, Hooks, RequestOptions, RetryOptions, UploadOptions } from './options.js';
import { MAX_TIMER_MS } from './timer-limits.js';

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What a header value must not hold: a line break or NUL would let a value start a new header. */
const HEADER_VALUE_BREAK = /[\r\n\0]/;
const VALIDATION_MODES = new Set(['strict', 'warn', 'off']);
const HOOK_NAMES = keysOf<Hooks>({
  onRequest: true,
  onResponse: true,
  onRetry: true,
  onError: true,
  onValidationWarning: true,
}) as readonly (keyof Hooks)[];

/** The options both clients take (the keys of {@link ClientOptions}). */
export const CLIENT_OPTION_KEYS = keysOf<ClientOptions>({
  baseUrl: true,
  fetch: true,
  timeout: true,
  maxResponseBytes: true,
  retry: true,
  validation: true,
  headers: true,
  hooks: true,
  logLevel: true,
  logger: true,
});

/** The keys of {@link RequestOptions}, every method's last argument. */
export const REQUEST_OPTION_KEYS = keysOf<RequestOptions>({
  signal: true,
  timeout: true,
  headers: true,
  retry: true,
});

/** The keys of {@link UploadOptions}: those of a request, plus upload progress. */
export const UPLOAD_OPTION_KEYS = keysOf<UploadOptions>({
  signal: true,
  timeout: true,
  headers: true,
  retry: true,
  onUploadProgress: true,
});

const RETRY_KEYS = keysOf<RetryOptions>({
  limit: true,
  statusCodes: true,
  maxRetryAfter: true,
  backoffLimit: true,
  delay: true,
});

/** Which client an options object is for: named in messages, with the options it adds to the shared ones. */
export interface OptionOwner {
  /** `NativeClient`, `AppClient`, `AppClient.fromKey`. */
  name: string;
  /** Its own options besides {@link CLIENT_OPTION_KEYS} (`token`; `username`, `channel`...). */
  ownKeys: readonly string[];
}

/**
 * The client's options, checked at construction so that a mistake is an `ArgumentError` before any
 * request, not a `TypeError` (or a silent NaN timeout) in the middle of one. Messages name the option
 * and never quote a header's value (it may be a credential).
 */
export function checkClientOptions(options: ClientOptions, owner: OptionOwner): void {
  if (options === null || typeof options !== 'object') throw new ArgumentError('options must be an object');
  refuseUnknownKeys(options, [...CLIENT_OPTION_KEYS, ...owner.ownKeys], `an option of ${owner.name}`);
  checkNumber('timeout', options.timeout, TIMER);
  checkRetry(options.retry);
  checkHeaders('headers', options.headers);
  checkNumber('maxResponseBytes', options.maxResponseBytes, { positive: true, whole: true });
  if (options.validation !== undefined && !VALIDATION_MODES.has(options.validation)) {
    throw new ArgumentError(
      `validation must be 'strict', 'warn' or 'off', got ${describe(options.validation)}`,
    );
  }
  optionalFunction('fetch', options.fetch, ' (a fetch implementation) when given');
  if (options.logLevel !== undefined && !LOG_LEVELS.includes(options.logLevel)) {
    throw new ArgumentError(
      `logLevel must be one of ${LOG_LEVELS.join(', ')}, got ${describe(options.logLevel)}`,
    );
  }
  const logger: unknown = options.logger;
  if (logger !== undefined) {
    const methods = ['error', 'warn', 'info', 'debug'] as const;
    if (
      logger === null ||
      typeof logger !== 'object' ||
      methods.some((name) => typeof (logger as Record<string, unknown>)[name] !== 'function')
    )
      throw new ArgumentError('logger must be an object with error, warn, info and debug methods');
  }
  const hooks = options.hooks;
  if (hooks !== undefined) {
    if (hooks === null || typeof hooks !== 'object')
      throw new ArgumentError('hooks must be an object when given');
    refuseUnknownKeys(hooks, HOOK_NAMES, 'a hook (hooks.<name>)');
    for (const name of HOOK_NAMES) optionalFunction(`hooks.${name}`, hooks[name]);
  }
}

/**
 * The per-call options that can be checked before sending. `known` are the keys the call takes
 * ({@link REQUEST_OPTION_KEYS}, {@link UPLOAD_OPTION_KEYS} for a call that sends a body); `where`
 * names them in the message of an unknown one.
 */
export function checkRequestOptions(
  options: RequestOptions | undefined,
  known: readonly string[] = REQUEST_OPTION_KEYS,
  where = 'a request option',
): void {
  if (options === undefined) return;
  if (options === null || typeof options !== 'object')
    throw new ArgumentError('request options must be an object when given');
  refuseUnknownKeys(options, known, where);
  checkNumber('timeout', options.timeout, TIMER);
  checkHeaders('headers', options.headers);
  checkRetry(options.retry);
  optionalFunction('onUploadProgress', (options as { onUploadProgress?: unknown }).onUploadProgress);
}

function checkRetry(retry: number | RetryOptions | undefined): void {
  if (retry === undefined) return;
  if (typeof retry === 'number') {
    checkNumber('retry', retry, COUNT);
    return;
  }
  if (retry === null || typeof retry !== 'object') {
    throw new ArgumentError('retry must be a number of retries or a retry policy object');
  }
  refuseUnknownKeys(retry, RETRY_KEYS, 'a retry option (retry.<name>)');
  checkNumber('retry.limit', retry.limit, COUNT);
  checkNumber('retry.maxRetryAfter', retry.maxRetryAfter, WAIT);
  checkNumber('retry.backoffLimit', retry.backoffLimit, WAIT);
  optionalFunction('retry.delay', retry.delay, ' (attempt) => milliseconds');
  if (retry.statusCodes !== undefined) {
    const codes: unknown = retry.statusCodes;
    if (
      !Array.isArray(codes) ||
      !codes.every((code) => Number.isInteger(code) && code >= 100 && code <= 599)
    ) {
      throw new ArgumentError('retry.statusCodes must be a list of HTTP statuses (integers from 100 to 599)');
    }
  }
}

function checkHeaders(name: string, headers: unknown): void {
  if (headers === undefined) return;
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) {
    throw new ArgumentError(`${name} must be an object of header names to values`);
  }
  for (const [header, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(header))
      throw new ArgumentError(`${name}: ${describe(header)} is not a valid header name`);
    if (typeof value !== 'string' || HEADER_VALUE_BREAK.test(value)) {
      throw new ArgumentError(
        `${name}: the value of "${header}" must be a string without line breaks or NUL`,
      );
    }
  }
}

/** `value` is a function or absent; `what` ends the message (the default: " when given"). */
function optionalFunction(name: string, value: unknown, what = ' when given'): void {
  if (value !== undefined && typeof value !== 'function') {
    throw new ArgumentError(`${name} must be a function${what}`);
  }
}

/** How a number option is bounded: above 0 or from 0, whole or not, and within a timer's reach. */
interface NumberRule {
  /** Above 0 (else from 0). */
  positive?: boolean;
  /** A whole number (a safe integer). */
  whole?: boolean;
  /**
   * It becomes a timer (`timeout`, `retry.maxRetryAfter`, `retry.backoffLimit`): at most
   * `MAX_TIMER_MS`, not a timer that fires at once (three retries in the same millisecond) or a
   * `ConnectionError` from ky's refusal.
   */
  timer?: boolean;
}
const TIMER: NumberRule = { positive: true, timer: true };
const WAIT: NumberRule = { timer: true };
const COUNT: NumberRule = { whole: true };

/** A finite number within `rule`, or absent; the message says the whole rule. */
function checkNumber(name: string, value: unknown, { positive, whole, timer }: NumberRule): void {
  if (value === undefined) return;
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    (positive ? value <= 0 : value < 0) ||
    (whole && !Number.isSafeInteger(value)) ||
    (timer && value > MAX_TIMER_MS)
  ) {
    throw new ArgumentError(
      `${name} must be a ${whole ? 'whole number' : 'number'} ${positive ? '> 0' : '≥ 0'}${timer ? ` and at most ${MAX_TIMER_MS} ms (about 24.8 days, what a timer can hold)` : ''}, got ${describe(value)}`,
    );
  }
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${value.slice(0, 40)}"` : String(value);
}
