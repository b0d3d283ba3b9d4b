import type { SdkError } from '../../../src/index.js';
import type { OperationId } from '../support/operations.js';

export type ErrorClass = abstract new (...args: never[]) => SdkError;

/** What one call under one fault must end in, and how many HTTP attempts it may take. */
export type Outcome =
  /** Resolves with exactly what the real server's answer gives. */
  | { kind: 'recovers'; attempts: number; minMs?: number }
  /** Resolves with this value (a fault that is also a valid answer, like `[]`). */
  | { kind: 'returns'; attempts: number; value: unknown }
  /**
   * Rejects with an error of exactly this class, whose `mayHaveSucceeded` is `applied` for a write
   * (always `false` for a read).
   */
  | { kind: 'fails'; attempts: number; error: ErrorClass; applied: boolean }
  /** Rejects with the abort signal's reason, itself. */
  | { kind: 'aborts'; attempts: number };

export const recovers = (attempts: number, minMs?: number): Outcome => ({
  kind: 'recovers',
  attempts,
  ...(minMs === undefined ? {} : { minMs }),
});
export const returns = (value: unknown): Outcome => ({ kind: 'returns', attempts: 1, value });
/** Fails; a write's error says it may have been applied (`applied`) or not. */
export const fails = (error: ErrorClass, attempts: number, applied = false): Outcome => ({
  kind: 'fails',
  attempts,
  error,
  applied,
});
/** `fails` of a write whose error says `mayHaveSucceeded: true`. */
export const failsMaybeApplied = (error: ErrorClass, attempts: number): Outcome =>
  fails(error, attempts, true);
export const aborts = (attempts: number): Outcome => ({ kind: 'aborts', attempts });

export type Expectations = Record<OperationId, Outcome>;

/** Retried: the reads, and a new Hubzilla item without media (its message id makes a repeat harmless). */
const RETRIED = ['app.read', 'app.token', 'native.read', 'native.write'] as const;
/** Sent once: phpFox's upload and a Hubzilla post with media (the hub stores the file again). */
const ONCE = ['app.write', 'native.media'] as const;

/** The same outcome for every retried operation (reads and idempotent writes). */
export function retried(outcome: Outcome): Pick<Expectations, (typeof RETRIED)[number]> {
  return Object.fromEntries(RETRIED.map((id) => [id, outcome])) as Pick<
    Expectations,
    (typeof RETRIED)[number]
  >;
}

/** The same outcome for every write sent once (never retried). */
export function once(outcome: Outcome): Pick<Expectations, (typeof ONCE)[number]> {
  return Object.fromEntries(ONCE.map((id) => [id, outcome])) as Pick<Expectations, (typeof ONCE)[number]>;
}

/** The same outcome for every operation. */
export function all(outcome: Outcome): Expectations {
  return { ...retried(outcome), ...once(outcome) };
}
