import { MAX_TIMER_MS } from '../base/timer-limits.js';
import { ArgumentError } from '../errors/argument-error.js';
import { keysOf, refuseUnknownKeys } from './known-keys.js';
import { LOG_LEVELS } from './logging.js';
import type { ClientOptions, Hooks, RequestOptions, RetryOptions, UploadOptions } from './options.js';
import type { ServerLimits } from './server-limits.js';

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What a header value must not hold: a line break or NUL would let a value start a new header. */
const HEADER_VALUE_BREAK = /[\r\n\0]/;
const VALIDATION_MODES = ['strict', 'warn', 'off'];
const LOGGER_METHODS = ['error', 'warn', 'info', 'debug'];
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
  serverLimits: true,
});

/** The keys of {@link ServerLimits}. */
export const SERVER_LIMIT_KEYS = keysOf<ServerLimits>({
  maxInputVars: true,
  maxNesting: true,
  postMaxSize: true,
  uploadMaxFilesize: true,
  maxFileUploads: true,
}) as readonly (keyof ServerLimits)[];

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
  // `?? null`: absent options are refused too.
  checkObject(
    'options',
    options ?? null,
    [...CLIENT_OPTION_KEYS, ...owner.ownKeys],
    `an option of ${owner.name}`,
  );
  checkShared(options);
  checkNumber('maxResponseBytes', options.maxResponseBytes, { positive: true, whole: true });
  checkOneOf('validation', options.validation, VALIDATION_MODES);
  checkFunction('fetch', options.fetch);
  checkOneOf('logLevel', options.logLevel, LOG_LEVELS);
  const logger = options.logger as unknown as Record<string, unknown> | undefined;
  if (logger !== undefined && LOGGER_METHODS.some((name) => typeof logger?.[name] !== 'function'))
    throw new ArgumentError(`logger must be an object with ${LOGGER_METHODS.join(', ')} methods`);
  const limits = options.serverLimits;
  if (checkObject('serverLimits', limits, SERVER_LIMIT_KEYS, 'a PHP limit (serverLimits.<name>)'))
    for (const name of SERVER_LIMIT_KEYS) checkNumber(`serverLimits.${name}`, limits[name], LIMIT);
  const hooks = options.hooks;
  if (checkObject('hooks', hooks, HOOK_NAMES, 'a hook (hooks.<name>)'))
    for (const name of HOOK_NAMES) checkFunction(`hooks.${name}`, hooks[name]);
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
  if (!checkObject('request options', options, known, where)) return;
  checkShared(options);
  checkFunction('onUploadProgress', (options as UploadOptions).onUploadProgress);
}

/** What both a client and a call take: `timeout`, `headers` and `retry`. */
function checkShared(options: RequestOptions): void {
  checkNumber('timeout', options.timeout, TIMER);
  checkHeaders(options.headers);
  const retry = options.retry;
  if (typeof retry === 'number') checkNumber('retry', retry, COUNT);
  else if (checkObject('retry', retry, RETRY_KEYS, 'a retry option (retry.<name>)')) {
    checkNumber('retry.limit', retry.limit, COUNT);
    checkNumber('retry.maxRetryAfter', retry.maxRetryAfter, WAIT);
    checkNumber('retry.backoffLimit', retry.backoffLimit, WAIT);
    checkFunction('retry.delay', retry.delay);
    const codes: unknown = retry.statusCodes;
    if (
      codes !== undefined &&
      !(Array.isArray(codes) && codes.every((code) => Number.isInteger(code) && code >= 100 && code <= 599))
    ) {
      throw new ArgumentError('retry.statusCodes must be a list of HTTP statuses (integers from 100 to 599)');
    }
  }
}

/**
 * Whether `value` was given: then it must be an object (not an array) without keys outside `known`
 * (`where` names them in the message of an unknown one).
 */
function checkObject(name: string, value: unknown, known: readonly string[], where: string): value is object {
  if (value === undefined) return false;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new ArgumentError(`${name} must be an object`);
  refuseUnknownKeys(value, known, where);
  return true;
}

function checkHeaders(headers: unknown): void {
  if (headers === undefined) return;
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) {
    throw new ArgumentError('headers must be an object of header names to values');
  }
  for (const [header, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(header))
      throw new ArgumentError(`headers: ${describe(header)} is not a valid header name`);
    if (typeof value !== 'string' || HEADER_VALUE_BREAK.test(value)) {
      throw new ArgumentError(
        `headers: the value of "${header}" must be a string without line breaks or NUL`,
      );
    }
  }
}

/** `value` is a function or absent. */
function checkFunction(name: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'function')
    throw new ArgumentError(`${name} must be a function`);
}

/** `value` is one of `allowed` or absent. */
function checkOneOf(name: string, value: unknown, allowed: readonly unknown[]): void {
  if (value !== undefined && !allowed.includes(value))
    throw new ArgumentError(`${name} must be one of ${allowed.join(', ')}, got ${describe(value)}`);
}

/** How a number option is bounded: above 0 or from 0, whole or not, and within a timer's reach. */
interface NumberRule {
  /** Above 0 (else from 0). */
  positive?: boolean;
  /** A whole number (a safe integer). */
  whole?: boolean;
  /**
   * It becomes a timer (`timeout`, `retry.maxRetryAfter`, `retry.backoffLimit`): at most
   * `MAX_TIMER_MS`, not a timer that fires at once (an attempt's deadline passed before it started,
   * three retries in the same millisecond).
   */
  timer?: boolean;
}
/** A wait that must be above 0 and fit a timer (`timeout`, a follower's `interval`). */
export const TIMER: NumberRule = { positive: true, timer: true };
const WAIT: NumberRule = { timer: true };
const COUNT: NumberRule = { whole: true };
const LIMIT: NumberRule = { positive: true, whole: true };

/** A finite number within `rule`, or absent; the message says the whole rule. */
export function checkNumber(name: string, value: unknown, { positive, whole, timer }: NumberRule): void {
  if (value === undefined) return;
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    (positive ? value <= 0 : value < 0) ||
    (whole && !Number.isSafeInteger(value)) ||
    (timer && value > MAX_TIMER_MS)
  ) {
    throw new ArgumentError(
      `${name} must be a ${whole ? 'whole number' : 'number'} ${positive ? '> 0' : '≥ 0'}${timer ? ` and at most ${MAX_TIMER_MS} ms (what a timer holds)` : ''}, got ${describe(value)}`,
    );
  }
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${value.slice(0, 40)}"` : String(value);
}
