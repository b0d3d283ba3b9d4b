import { ApiError } from '../errors/api-error.js';
import { ConnectionError } from '../errors/connection-error.js';
import { SdkError } from '../errors/sdk-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import type { Redactor } from '../secrets/redact.js';
import type { AttemptPhase } from './attempt-deadline.js';
import { crossOriginFailure } from './cross-origin.js';
import { causeCode, unsent } from './write-outcome.js';

/** What the errors of one call name: its method and its redacted URL (after redirects). */
export interface CallName {
  method: string;
  url: string;
  timeout: number;
}

/** The error of an attempt whose deadline passed, named by what it was waiting for. */
export function deadlinePassed(call: CallName, phase: AttemptPhase): TimeoutError {
  const { method, url, timeout } = call;
  const message =
    phase === 'credentials'
      ? `${method} ${url} got no credentials within ${timeout} ms`
      : phase === 'answer'
        ? `${method} ${url} got no answer within ${timeout} ms`
        : `${url} did not finish its answer within ${timeout} ms`;
  const failure = new TimeoutError(message, { url, timeout });
  return phase === 'credentials' ? unsent(failure) : failure;
}

/** Failures that recur on every attempt although they are connection errors (a browser's CORS refusal). */
const RECURRING = new WeakSet<SdkError>();

/** fetch itself failed (no answer at all): a browser's CORS refusal, or a `ConnectionError`. */
export function unreachable(error: unknown, call: CallName, redactor: Redactor): SdkError {
  if (error instanceof SdkError) return error;
  const refused = crossOriginFailure(call.method, call.url, error);
  if (refused) {
    RECURRING.add(refused);
    return refused;
  }
  const detail = redactor.text(causeText(error)) + noDnsAnswer(error, call.url);
  return new ConnectionError(`Could not reach ${call.url}: ${detail}`, call.url, { cause: error });
}

/**
 * getaddrinfo's codes for a host no DNS server knows (`ENOTFOUND`), or that none answered for
 * (`EAI_AGAIN`): said in words, with what to check, since `fetch failed` alone reads like a server down.
 */
function noDnsAnswer(error: unknown, url: string): string {
  const code = causeCode(error);
  if (code !== 'ENOTFOUND' && code !== 'EAI_AGAIN') return '';
  let host = 'the host';
  try {
    host = `"${new URL(url).hostname}"`;
  } catch {
    // A URL that is not one has no host to name.
  }
  return code === 'ENOTFOUND'
    ? `; the host ${host} has no DNS answer: check its spelling in baseUrl`
    : `; no DNS answer for ${host} (the lookup failed for now): check this machine's network and DNS, and the host's spelling in baseUrl`;
}

/** Connection failures already told their attempts. */
const TOLD = new WeakSet<SdkError>();

/**
 * The connection failure a call ends with, told how many attempts were made over how long and what
 * to check: a stopped server, a closed port and a wrong `baseUrl` all look like this from the
 * client. Other failures (and a browser's CORS refusal, which says what to do) are left as they are.
 */
export function afterAttempts(
  failure: SdkError,
  attempts: number,
  elapsedMs: number,
  origin: string,
): SdkError {
  if (!(failure instanceof ConnectionError) || RECURRING.has(failure) || TOLD.has(failure)) return failure;
  // Told once: a failure of a nested call (fresh credentials fetched over the network) passes two transports.
  TOLD.add(failure);
  const took = elapsedMs < 1000 ? `${elapsedMs} ms` : `${(elapsedMs / 1000).toFixed(1)} s`;
  const said = failure.message;
  // Read first: V8 writes the stack's first line from the message when the stack is first read.
  const stack = failure.stack;
  failure.message = `${said}. ${attempts} attempt${attempts === 1 ? '' : 's'} over ${took}: is the server running at ${origin}, and is baseUrl right?`;
  const head = `${failure.name}: ${said}`;
  if (stack?.startsWith(head))
    failure.stack = `${failure.name}: ${failure.message}${stack.slice(head.length)}`;
  return failure;
}

/** Anything else thrown while the answer was read: the connection broke mid-body. */
export function toSdkError(error: unknown, call: CallName, redactor: Redactor): SdkError {
  if (error instanceof SdkError) return error;
  const detail = redactor.text(causeText(error));
  return new ConnectionError(`${call.method} ${call.url} failed: ${detail}`, call.url, { cause: error });
}

/** Network failures and timeouts can pass; a refused redirect, an oversized body or an SDK error cannot. */
export function isTransient(failure: SdkError): boolean {
  if (RECURRING.has(failure)) return false;
  return failure instanceof ConnectionError || failure instanceof TimeoutError;
}

/** The `reason` `onRetry` hears. */
export function retryReason(failure: SdkError): string {
  return failure instanceof TimeoutError ? 'timeout' : 'connection failed';
}

export function redirectRefused(status: number, call: CallName, why: string): ApiError {
  // The Location is never quoted: it can carry the secrets this refusal protects.
  return new ApiError(`${call.method} ${call.url} answered with ${why}: not followed`, {
    status,
    code: 'redirect_refused',
    url: call.url,
    method: call.method,
  });
}

/** undici hides the useful part (ECONNREFUSED, ENOTFOUND) one level down. */
function causeText(cause: unknown): string {
  if (!(cause instanceof Error)) return 'network error';
  const inner = cause.cause;
  if (inner instanceof Error) return `${cause.message} (${inner.message})`;
  return cause.message;
}
