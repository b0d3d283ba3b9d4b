import type { SdkError } from '../errors/index.js';
import type { ValidationIssue } from '../errors/validation-error.js';
import type { ServerLimits } from './server-limits.js';

/** How much the SDK logs: each level includes the ones before it. */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/** Where log lines go: `console` by default, or any logger with these four methods (pino, winston...). */
export interface Logger {
  /** A failed call. */
  error(message: string): void;
  /** A retry, or an answer that did not match its schema in `validation: 'warn'`. */
  warn(message: string): void;
  /** An answer: method, redacted URL, status, time. */
  info(message: string): void;
  /** An attempt as it starts. */
  debug(message: string): void;
}

/** How responses are checked against the SDK's schemas. */
export type ValidationMode = 'strict' | 'warn' | 'off';

/**
 * Retry policy. Only idempotent requests are retried: reads, and Hubzilla posts and comments
 * without media (their `message_id` makes a repeat harmless); other writes are sent once.
 */
export interface RetryOptions {
  /**
   * How many times a failed attempt is retried (so `limit + 1` attempts at most).
   * @default 2
   */
  limit?: number;
  /**
   * HTTP statuses that trigger a retry. 500 is not among them: on these servers it is an uncaught
   * PHP error, which recurs.
   * @default [408, 429, 502, 503, 504]
   */
  statusCodes?: number[];
  /**
   * The longest wait a `Retry-After` header may ask for, in ms. A server asking for longer is not
   * waited for: the call fails at once with its answer (429 or 503). At most 2147483647 (2³¹ − 1,
   * what a timer holds, about 24.8 days): more is an `ArgumentError`.
   * @default the call's `timeout`
   */
  maxRetryAfter?: number;
  /**
   * The longest backoff between attempts, in ms; at most 2147483647 (what a timer holds).
   * @default 10000
   */
  backoffLimit?: number;
  /**
   * Backoff before retry number `attempt` (1-based), in ms. `Retry-After` overrides it.
   * @default attempt => 300 * 2 ** (attempt - 1)
   */
  delay?: (attempt: number) => number;
}

/** What a hook sees of a request: never headers, never secrets (the URL is redacted). */
export interface RequestInfo {
  /** The HTTP method (`GET`, `POST`). */
  method: string;
  /** The request URL with `token`, `key` and `password` replaced by `[REDACTED]`. */
  url: string;
}

/**
 * Callbacks that observe the client's traffic, for logging and metrics. Each gets a plain object
 * with the redacted URL, never headers or secrets. Keep them quick and let them not throw: they run
 * inside the call. A key that is not one of these names is an `ArgumentError` (a misspelt hook would
 * never be called): keep a hook's own state outside the object.
 */
export interface Hooks {
  /** Before every attempt, the first one (`attempt: 1`) and each retry. */
  onRequest?: (event: RequestInfo & { attempt: number }) => void;
  /** After every answer, whatever its status. */
  onResponse?: (event: RequestInfo & { attempt: number; status: number; durationMs: number }) => void;
  /** Before waiting for a retry: `attempt` is the coming attempt, `delayMs` the wait before it. */
  onRetry?: (event: RequestInfo & { attempt: number; reason: string; delayMs: number }) => void;
  /** Once per failed call, with the error it rejects with. */
  onError?: (event: RequestInfo & { error: SdkError }) => void;
  /** In `validation: 'warn'` mode, when a response does not match its schema. */
  onValidationWarning?: (event: RequestInfo & { issues: ValidationIssue[]; message: string }) => void;
}

/**
 * Options shared by both clients. A key that is not an option (`timout`) is an `ArgumentError`
 * naming the closest one ("did you mean `timeout`?"), whatever its value.
 */
export interface ClientOptions {
  /** The site's root: `token.php`, `api.php` and `api/z/1.0/` hang below it. */
  baseUrl: string | URL;
  /**
   * A `fetch` to use instead of the global one (a proxy agent, a test double, instrumentation).
   * Called as `fetch(url, init)`: the URL as a string, and `method`, `headers`, `body`, `signal`,
   * `redirect: 'manual'` in `init`.
   * @default globalThis.fetch
   */
  fetch?: typeof globalThis.fetch;
  /**
   * Time allowed for one attempt, in ms: ONE deadline for the wait for the answer and the reading of
   * its body together (a slow body gets what is left, not a fresh timeout), and the wait for
   * credentials (an OAuth token being fetched). At most 2147483647 (2³¹ − 1, what a timer holds,
   * about 24.8 days): more is an `ArgumentError`.
   * @default 30000
   */
  timeout?: number;
  /**
   * The most bytes an answer's body may have, counted after decompression (a gzip bomb stops at the
   * limit too). Past it, reading stops and the call fails with `ResponseTooLargeError`, not retried.
   * `files.data` chunks get a limit derived from their `length` instead. Raise it for `files.get` of
   * very large files (or use `files.download`, which reads in chunks).
   * @default 134217728 (128 MiB: about 250,000 `files` records or 20,000 exported posts)
   */
  maxResponseBytes?: number;
  /**
   * Retries for idempotent requests (reads; Hubzilla posts and comments without media): a number
   * (the limit) or a policy. `0` turns retries off.
   * @default { limit: 2 }
   */
  retry?: number | RetryOptions;
  /**
   * How responses are checked: `'strict'` throws `ValidationError` on a mismatch, `'warn'` reports it
   * through `hooks.onValidationWarning` and returns the data as received, `'off'` skips checks and
   * normalization entirely (fastest; the types are then a promise the server may break).
   * @default 'strict'
   */
  validation?: ValidationMode;
  /**
   * Headers added to every request: any header names (the one open map among the options; every
   * other option object refuses a key it does not know).
   */
  headers?: Record<string, string>;
  /** Observe requests, responses, retries, errors and validation warnings. Hooks must not throw. */
  hooks?: Hooks;
  /**
   * How much to log, one redacted line per event: `'error'` failed calls, `'warn'` also retries and
   * validation warnings, `'info'` also every answer (status, time), `'debug'` also every attempt.
   * In Node (and Deno, Bun) the environment variable `SOCIALSITE_LOG` sets it when this is not given.
   * @default process.env.SOCIALSITE_LOG, else 'off'
   * @example new NativeClient({ baseUrl, username, password, logLevel: 'info' })
   */
  logLevel?: LogLevel;
  /**
   * Where the log lines go (only with a `logLevel` other than `'off'`): any object with `error`,
   * `warn`, `info` and `debug` methods taking one string.
   * @default console
   * @example { logger: pino() }
   */
  logger?: Logger;
  /**
   * The site's PHP request limits (its php.ini): `maxInputVars`, `maxNesting`, `postMaxSize`,
   * `uploadMaxFilesize`, `maxFileUploads`. PHP enforces them **silently** (fields past
   * `max_input_vars` are dropped, a body over `post_max_size` arrives empty), so a request past one
   * is refused before anything is sent, with an `ArgumentError` naming the limit, the count and the
   * fix. Counting is PHP's: every field and every `name[]` entry counts, the query and the body apart.
   * Give the site's real values when its admin raised (or lowered) them; the ones not given keep
   * PHP's defaults. Each must be a whole number > 0.
   * @default { maxInputVars: 1000, maxNesting: 64, postMaxSize: 8388608, uploadMaxFilesize: 2097152, maxFileUploads: 20 } (PHP's defaults)
   * @example new NativeClient({ baseUrl, username, password, serverLimits: { maxInputVars: 5000 } })
   */
  serverLimits?: ServerLimits;
}

/** How far an upload has come. */
export interface UploadProgress {
  /** Bytes of the request body handed to the network so far. */
  loaded: number;
  /** The request body's size in bytes (the multipart form, file and fields). */
  total: number;
}

/** Options of the methods that upload a file: `RequestOptions` plus upload progress. */
export interface UploadOptions extends RequestOptions {
  /**
   * Called as the request body goes out. In Node (and Deno, Bun) after every piece the network
   * takes, the last call with `loaded === total`; in browsers, whose fetch cannot report upload
   * progress over HTTP/1.1, once with `loaded: 0` before sending and once with `loaded === total`
   * when the server has answered.
   * @default undefined
   * @example { onUploadProgress: ({ loaded, total }) => bar.update(loaded / total) }
   */
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** Options every method takes as its last argument; an unknown key is an `ArgumentError`, as for the client's. */
export interface RequestOptions {
  /** Abort the call; it then rejects with `signal.reason`. */
  signal?: AbortSignal;
  /**
   * Overrides the client's per-attempt timeout for this call, in ms: it bounds the wait for the
   * answer, its body and any credentials (an OAuth token being fetched). At most 2147483647.
   */
  timeout?: number;
  /** Headers added to this request only, any names; they replace the client's headers of the same name. */
  headers?: Record<string, string>;
  /**
   * This call's retries, laid over the client's policy: a number replaces the limit (`0`: no retry),
   * a policy object replaces the fields it gives. Writes are retried only when a repeat is harmless
   * (a Hubzilla post or comment without media, an edit).
   * @default the client's `retry`
   * @example await hub.files.list({}, { retry: { limit: 5, maxRetryAfter: 120_000 } })
   */
  retry?: number | RetryOptions;
}
