import { ApiError } from '../errors/api-error.js';
import { ConnectionError } from '../errors/connection-error.js';
import { ResponseTooLargeError } from '../errors/response-too-large-error.js';
import type { SdkError } from '../errors/sdk-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import { ValidationError } from '../errors/validation-error.js';

/**
 * What a request is to the retry decision (internal):
 * - `'read'`: changes nothing (GET): retried, and its same-origin redirects followed;
 * - `'idempotent-write'`: a write the server applies at most once however often it comes (a
 *   Hubzilla item with the `message_id` the SDK chose: a repeat is refused, and the SDK finds the
 *   stored item): retried like a read, its redirects still refused;
 * - `'once'`: a write a repeat would apply twice (an upload, a phpFox write): sent once.
 */
export type Repeatable = 'read' | 'idempotent-write' | 'once';

/** A request's kind: as it says, else a GET is a read and a POST a write sent once. */
export function repeatOf(request: { method: string; repeat?: Repeatable | undefined }): Repeatable {
  return request.repeat ?? (request.method === 'GET' ? 'read' : 'once');
}

/** Whether failures that can pass are retried for a request of this kind. */
export function retried(kind: Repeatable): boolean {
  return kind !== 'once';
}

/** Failures of an attempt that sent nothing (its credentials never came), marked where they are made. */
const UNSENT = new WeakSet<SdkError>();

/** Marks a failure that happened before the request was sent. */
export function unsent<E extends SdkError>(failure: E): E {
  UNSENT.add(failure);
  return failure;
}

/** Connection failures of a request that never left the client: nothing reached the server. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'ENETUNREACH',
  'EHOSTUNREACH',
]);

/**
 * Whether ONE failed attempt of a write may have been applied by the server: the request may
 * have reached it and the answer does not say no. `false` when the server answered a refusal (a
 * 4xx, phpFox's or Hubzilla's error in a 200), when the credentials were never sent or the
 * connection never opened; `true` for a connection lost after sending, a timeout waiting for or
 * reading the answer, a 3xx (the classic answer of a POST that was applied), a 5xx (a PHP crash
 * can come after the row was stored; a proxy's 502/504 after the server did the work), and an
 * unreadable or oversized 2xx.
 */
export function attemptMayHaveApplied(failure: SdkError): boolean {
  if (UNSENT.has(failure)) return false;
  if (failure instanceof TimeoutError) return true;
  // `ChannelMismatchError`: the hub stored the item, in another channel. By its code, so that a
  // client that never pins a channel (AppClient) does not carry the class.
  if ((failure as { code?: unknown }).code === 'channel_mismatch') return true;
  if (failure instanceof ConnectionError) return !NOT_SENT.has(causeCode(failure.cause) ?? '');
  if (failure instanceof ApiError) {
    if (failure.code === 'redirect_refused') return true;
    // Status 0: refused before sending (a credential no header can carry).
    return failure.status >= 500;
  }
  return failure instanceof ValidationError || failure instanceof ResponseTooLargeError;
}

/**
 * Sets `mayHaveSucceeded` on the error a call rejects with: never for a read; for a write, when
 * this attempt or an earlier one (`earlier`, a retried attempt whose outcome is unknown) may have
 * been applied.
 */
export function settleOutcome(failure: SdkError, kind: Repeatable, earlier: boolean): SdkError {
  const may = kind !== 'read' && (earlier || attemptMayHaveApplied(failure));
  // Written once here, at the call's boundary; `readonly` for users.
  (failure as { mayHaveSucceeded: boolean }).mayHaveSucceeded = may;
  return failure;
}

/** The system error code undici puts one or two levels down (`ECONNREFUSED`). */
function causeCode(cause: unknown): string | undefined {
  for (let level = cause, depth = 0; level instanceof Error && depth < 4; level = level.cause, depth++) {
    const code = (level as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
