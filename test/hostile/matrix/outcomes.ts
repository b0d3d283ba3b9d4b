import type { SdkError } from '../../../src/index.js';
import type { OperationId } from '../support/operations.js';

export type ErrorClass = abstract new (...args: never[]) => SdkError;

/** What one call under one fault must end in, and how many HTTP attempts it may take. */
export type Outcome =
  /** Resolves with exactly what the real server's answer gives. */
  | { kind: 'recovers'; attempts: number; minMs?: number }
  /** Resolves with this value (a fault that is also a valid answer, like `[]`). */
  | { kind: 'returns'; attempts: number; value: unknown }
  /** Rejects with an error of exactly this class. */
  | { kind: 'fails'; attempts: number; error: ErrorClass }
  /** Rejects with the abort signal's reason, itself. */
  | { kind: 'aborts'; attempts: number };

export const recovers = (attempts: number, minMs?: number): Outcome => ({
  kind: 'recovers',
  attempts,
  ...(minMs === undefined ? {} : { minMs }),
});
export const returns = (value: unknown): Outcome => ({ kind: 'returns', attempts: 1, value });
export const fails = (error: ErrorClass, attempts: number): Outcome => ({ kind: 'fails', attempts, error });
export const aborts = (attempts: number): Outcome => ({ kind: 'aborts', attempts });

export type Expectations = Record<OperationId, Outcome>;

const READS = ['app.read', 'app.token', 'native.read'] as const;
const WRITES = ['app.write', 'native.write'] as const;

/** The same outcome for every read (GET: retried). */
export function reads(outcome: Outcome): Pick<Expectations, (typeof READS)[number]> {
  return Object.fromEntries(READS.map((id) => [id, outcome])) as Pick<Expectations, (typeof READS)[number]>;
}

/** The same outcome for every write (POST: sent once, never retried). */
export function writes(outcome: Outcome): Pick<Expectations, (typeof WRITES)[number]> {
  return Object.fromEntries(WRITES.map((id) => [id, outcome])) as Pick<Expectations, (typeof WRITES)[number]>;
}

/** The same outcome for every operation. */
export function all(outcome: Outcome): Expectations {
  return { ...reads(outcome), ...writes(outcome) };
}
