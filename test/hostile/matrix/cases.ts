import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  NotFoundError,
  TimeoutError,
  ValidationError,
} from '../../../src/index.js';
import type { Step } from '../support/scripted-server.js';
import {
  aborts,
  all,
  type Expectations,
  fails,
  failsMaybeApplied,
  once,
  recovers,
  retried,
  returns,
} from './outcomes.js';
import { ARRAY_LINES, answer, failure, NOTICE, ok, page, retryAfter, wrongTypes } from './steps.js';

/*
 * THE fault matrix: each row is a fault, and what each operation must end in under it, with how
 * many HTTP attempts it may take. The clients run with `retry: { limit: 2 }` (3 attempts at most),
 * no backoff, and a 500 ms per-attempt timeout where the fault is slowness (see drive.ts).
 * docs/fault-matrix.md is rendered from this table (see docs-sync.test.ts).
 */

/** A fault, without what it must lead to (the secrets test drives its own extra scenarios). */
export type FaultScenario = Omit<FaultCase, 'expect'>;

export interface FaultCase {
  name: string;
  /** Where the client connects. @default the scripted server */
  target?: 'server' | 'closed-port' | 'unresolvable-host';
  /** What the server does on attempt 1, 2, ...; the last step repeats. */
  steps: readonly Step[];
  /**
   * When the call's signal aborts: before the call, or `delayMs` after the Nth attempt reached the
   * server. `duringWait`: instead, `delayMs` after the client's `onRetry` (it has begun its wait to
   * retry, however late a loaded machine got there; one more `onRetry` than retries).
   */
  abort?: 'before' | { afterHit: number; delayMs: number; duringWait?: true };
  expect: Expectations;
}

/** A 2xx the client could not read: the server did answer, so a write may have been applied. */
const unreadable200: Expectations = {
  ...retried(fails(ValidationError, 1)),
  'native.write': failsMaybeApplied(ValidationError, 1),
  ...once(failsMaybeApplied(ValidationError, 1)),
};

/** Connection lost or no answer every time: a write sent may have been applied (then retried or not). */
const lost = (error: typeof TimeoutError | typeof ConnectionError): Expectations => ({
  ...retried(fails(error, 3)),
  'native.write': failsMaybeApplied(error, 3),
  ...once(failsMaybeApplied(error, 1)),
});

export const FAULT_CASES: readonly FaultCase[] = [
  {
    name: 'HTTP 401 (credentials refused)',
    steps: [
      answer(
        401,
        (context) => `This api requires login. ${context.echo}`,
        () => ({
          'WWW-Authenticate': 'Basic realm="hubzilla"',
        }),
      ),
    ],
    expect: all(fails(AuthenticationError, 1)),
  },
  { name: 'HTTP 403', steps: [failure(403)], expect: all(fails(ApiError, 1)) },
  {
    name: 'HTTP 404 (unknown endpoint)',
    steps: [answer(404, () => '{"error":"not implemented"}')],
    expect: all(fails(NotFoundError, 1)),
  },
  {
    name: 'HTTP 302 to another origin: refused, the credentials stay home',
    steps: [
      answer(
        302,
        () => '',
        () => ({ Location: 'http://127.0.0.1:9/elsewhere?token=stolen' }),
      ),
    ],
    // A 302 is also what a POST that was applied answers (post/redirect/get).
    expect: {
      ...retried(fails(ApiError, 1)),
      'native.write': failsMaybeApplied(ApiError, 1),
      ...once(failsMaybeApplied(ApiError, 1)),
    },
  },
  {
    name: 'A 50,000-deep JSON value',
    steps: [answer(200, () => `${'['.repeat(50_000)}${']'.repeat(50_000)}`)],
    expect: unreadable200,
  },
  {
    name: 'HTTP 408, then OK',
    steps: [failure(408), ok],
    expect: { ...retried(recovers(2)), ...once(fails(ApiError, 1)) },
  },
  {
    name: 'HTTP 429 with Retry-After: 1 (seconds), then OK',
    steps: [
      failure(
        429,
        retryAfter(() => '1'),
      ),
      ok,
    ],
    expect: { ...retried(recovers(2, 900)), ...once(fails(ApiError, 1)) },
  },
  {
    name: 'HTTP 429 with Retry-After as an HTTP date (+2 s), then OK',
    steps: [
      failure(
        429,
        retryAfter(() => new Date(Date.now() + 2_000).toUTCString()),
      ),
      ok,
    ],
    expect: { ...retried(recovers(2, 900)), ...once(fails(ApiError, 1)) },
  },
  {
    name: 'HTTP 429 with Retry-After: 0, every time',
    steps: [
      failure(
        429,
        retryAfter(() => '0'),
      ),
    ],
    expect: { ...retried(fails(ApiError, 3)), ...once(fails(ApiError, 1)) },
  },
  {
    name: 'HTTP 500 (PHP fatal error page), every time: not retried, it recurs',
    steps: [failure(500)],
    // A PHP crash can come after the row was stored.
    expect: {
      ...retried(fails(ApiError, 1)),
      'native.write': failsMaybeApplied(ApiError, 1),
      ...once(failsMaybeApplied(ApiError, 1)),
    },
  },
  {
    name: 'HTTP 502, 503, then OK',
    steps: [failure(502), failure(503), ok],
    expect: { ...retried(recovers(3)), ...once(failsMaybeApplied(ApiError, 1)) },
  },
  {
    name: 'HTTP 504, then OK',
    steps: [failure(504), ok],
    expect: { ...retried(recovers(2)), ...once(failsMaybeApplied(ApiError, 1)) },
  },
  {
    name: 'HTTP 502, 503, 504, then OK (more failures than retries)',
    steps: [failure(502), failure(503), failure(504), ok],
    expect: {
      ...retried(fails(ApiError, 3)),
      'native.write': failsMaybeApplied(ApiError, 3),
      ...once(failsMaybeApplied(ApiError, 1)),
    },
  },
  {
    name: 'Empty 200',
    steps: [answer(200, () => '')],
    expect: {
      'app.read': fails(ValidationError, 1),
      'app.token': fails(AuthenticationError, 1),
      'app.write': failsMaybeApplied(ValidationError, 1),
      'native.read': fails(NotFoundError, 1),
      'native.write': fails(NotFoundError, 1),
      'native.media': fails(ApiError, 1),
    },
  },
  {
    name: 'JSON false',
    steps: [answer(200, () => 'false')],
    expect: {
      'app.read': fails(ValidationError, 1),
      'app.token': fails(ValidationError, 1),
      'app.write': failsMaybeApplied(ValidationError, 1),
      'native.read': fails(NotFoundError, 1),
      'native.write': fails(NotFoundError, 1),
      'native.media': fails(NotFoundError, 1),
    },
  },
  {
    name: 'JSON []',
    steps: [answer(200, () => '[]')],
    expect: { ...unreadable200, 'native.read': returns([]) },
  },
  {
    name: 'HTML error page with status 200',
    steps: [answer(200, page(200))],
    expect: unreadable200,
  },
  {
    name: 'PHP notice before the JSON',
    steps: [answer(200, (context) => `${NOTICE(context)}${context.ok}`)],
    expect: all(recovers(1)),
  },
  {
    name: 'UTF-8 BOM before the JSON',
    steps: [answer(200, ({ ok }) => `\uFEFF${ok}`)],
    expect: all(recovers(1)),
  },
  {
    name: '1 MiB of lines that each open a JSON array, then the JSON',
    steps: [answer(200, ({ ok }) => `${ARRAY_LINES}${ok}`)],
    expect: all(recovers(1)),
  },
  {
    name: '1 MiB of lines that each open a JSON array, and no JSON (found in one pass, not one parse a line)',
    steps: [answer(200, () => ARRAY_LINES)],
    expect: unreadable200,
  },
  {
    name: '192 KiB of blank lines inside an HTML page (no backtracking over white space)',
    steps: [answer(200, () => `<html>${'\n \t'.repeat(64 * 1024)}</html>`)],
    expect: unreadable200,
  },
  {
    name: 'Truncated JSON (a complete 200)',
    steps: [answer(200, ({ ok }) => ok.slice(0, Math.floor(ok.length / 2)))],
    expect: unreadable200,
  },
  {
    name: 'Valid JSON, wrong types',
    steps: [answer(200, ({ ok }) => wrongTypes(ok))],
    expect: unreadable200,
  },
  {
    name: 'A body that never ends (slow drip)',
    steps: [{ kind: 'drip' }],
    expect: lost(TimeoutError),
  },
  {
    name: 'No answer (timeout), every time',
    steps: [{ kind: 'silent' }],
    expect: lost(TimeoutError),
  },
  {
    name: 'No answer once (timeout), then OK',
    steps: [{ kind: 'silent' }, ok],
    expect: { ...retried(recovers(2)), ...once(failsMaybeApplied(TimeoutError, 1)) },
  },
  {
    name: 'Connection reset before the headers',
    steps: [{ kind: 'reset-before-headers' }],
    expect: lost(ConnectionError),
  },
  {
    name: 'Connection reset in the middle of the body',
    steps: [{ kind: 'reset-mid-body', body: ({ ok }) => ok }],
    expect: lost(ConnectionError),
  },
  {
    name: 'Connection reset in the middle of the body once, then OK',
    steps: [{ kind: 'reset-mid-body', body: ({ ok }) => ok }, ok],
    expect: { ...retried(recovers(2)), ...once(failsMaybeApplied(ConnectionError, 1)) },
  },
  {
    name: 'Connection refused (closed port)',
    target: 'closed-port',
    steps: [],
    // Nothing was sent: the write was not applied.
    expect: { ...retried(fails(ConnectionError, 3)), ...once(fails(ConnectionError, 1)) },
  },
  {
    name: 'DNS failure (unresolvable .invalid host)',
    target: 'unresolvable-host',
    steps: [],
    expect: { ...retried(fails(ConnectionError, 3)), ...once(fails(ConnectionError, 1)) },
  },
  { name: 'Abort before the call', steps: [ok], abort: 'before', expect: all(aborts(0)) },
  {
    name: 'Abort while waiting for the answer',
    steps: [{ kind: 'silent' }],
    abort: { afterHit: 1, delayMs: 50 },
    expect: all(aborts(1)),
  },
  {
    name: 'Abort while the body arrives',
    steps: [{ kind: 'drip' }],
    abort: { afterHit: 1, delayMs: 80 },
    expect: all(aborts(1)),
  },
  {
    name: 'Abort while waiting to retry (503, Retry-After: 3)',
    steps: [
      failure(
        503,
        retryAfter(() => '3'),
      ),
    ],
    abort: { afterHit: 1, delayMs: 100, duringWait: true },
    expect: { ...retried(aborts(1)), ...once(failsMaybeApplied(ApiError, 1)) },
  },
  {
    name: 'HTTP 503 with Retry-After longer than the timeout: not waited for',
    steps: [
      failure(
        503,
        retryAfter(() => '3600'),
      ),
      ok,
    ],
    expect: {
      ...retried(fails(ApiError, 1)),
      'native.write': failsMaybeApplied(ApiError, 1),
      ...once(failsMaybeApplied(ApiError, 1)),
    },
  },
  {
    name: 'Abort during the retry (503, then no answer)',
    steps: [failure(503), { kind: 'silent' }],
    abort: { afterHit: 2, delayMs: 50 },
    expect: { ...retried(aborts(2)), ...once(failsMaybeApplied(ApiError, 1)) },
  },
];
