import { describe, type ExpectStatic, it } from 'vitest';
import { SdkError } from '../../../src/index.js';
import { OPERATIONS, type Operation } from '../support/operations.js';
import { trackUnhandledRejections } from '../support/unhandled.js';
import { FAULT_CASES, type FaultCase } from './cases.js';
import { drive, type MatrixEnvironment, type Run } from './drive.js';
import { useMatrixEnvironment } from './environment.js';

/** Declares the whole fault matrix for one client's operations, one test per (fault, operation). */
export function describeFaultMatrix(client: Operation['client']): void {
  const unhandled = trackUnhandledRejections();
  const env = useMatrixEnvironment();

  const operations = OPERATIONS.filter((operation) => operation.client === client);
  // Each run has its own route on the server, so the cases can run side by side.
  describe.concurrent.each(FAULT_CASES.map((row) => [row.name, row] as const))('%s', (_, row) => {
    it.for(operations.map((operation) => [operation.call, operation] as const))(
      '%s',
      async ([, operation], { expect }) => {
        const run = await drive(env, row, operation);
        expectOutcome(expect, env, row, operation, run);
        await unhandled.expectNone();
      },
    );
  });
}

function expectOutcome(
  expect: ExpectStatic,
  env: MatrixEnvironment,
  row: FaultCase,
  operation: Operation,
  run: Run,
): void {
  const outcome = row.expect[operation.id];
  // Every call settles: one that hung would fail by the test's timeout (no wall-clock bound here,
  // which a loaded machine would break).
  expect(run.attempts, 'HTTP attempts').toBe(outcome.attempts);
  // Whatever the table says, a write that is not idempotent is never sent twice.
  if (operation.kind === 'write') expect(run.attempts).toBeLessThanOrEqual(1);
  // Every attempt reached the server exactly once (no hidden retry below the SDK), or none could.
  expect(run.hits, 'requests seen by the server').toBe(row.target === undefined ? run.attempts : 0);

  const { settled } = run;
  switch (outcome.kind) {
    case 'recovers':
      expect(settled.status, explain(settled)).toBe('resolved');
      if (settled.status === 'resolved')
        expect(operation.view(settled.value)).toEqual(env.answers[operation.id].value);
      if (outcome.minMs !== undefined)
        expect(run.elapsedMs, 'Retry-After honoured').toBeGreaterThan(outcome.minMs);
      break;
    case 'returns':
      expect(settled.status, explain(settled)).toBe('resolved');
      if (settled.status === 'resolved') expect(operation.view(settled.value)).toEqual(outcome.value);
      break;
    case 'fails':
      expect(settled.status).toBe('rejected');
      if (settled.status === 'rejected') {
        expect(settled.error).toBeInstanceOf(SdkError);
        // The exact class, not a parent: a 401 must not come out as a plain ApiError.
        expect((settled.error as object).constructor.name, explain(settled)).toBe(outcome.error.name);
        // Every error says whether the request may have been applied: a read's never was.
        expect((settled.error as SdkError).mayHaveSucceeded, 'mayHaveSucceeded').toBe(
          operation.kind !== 'read' && outcome.applied,
        );
      }
      break;
    case 'aborts':
      expect(settled.status).toBe('rejected');
      if (settled.status === 'rejected') expect(settled.error).toBe(run.abortReason);
      break;
  }

  const calls = (hook: string) => run.hooks.filter((call) => call.hook === hook);
  expect(calls('onRequest'), 'onRequest per attempt').toHaveLength(run.attempts);
  // onRetry fires before each wait: an abort during the wait comes after one more onRetry than attempts.
  const waitsCut = outcome.kind === 'aborts' && typeof row.abort === 'object' && row.abort.duringWait ? 1 : 0;
  expect(calls('onRetry'), 'onRetry per retry').toHaveLength(Math.max(0, run.attempts - 1) + waitsCut);
  for (const call of calls('onRetry'))
    expect(call.event, 'onRetry says how long it waits').toHaveProperty('delayMs');
  const errors = calls('onError');
  if (outcome.kind === 'fails') {
    expect(errors, 'onError once per failed call').toHaveLength(1);
    if (settled.status === 'rejected') expect(errors[0]?.event.error).toBe(settled.error);
  } else {
    expect(errors).toHaveLength(0);
  }
}

function explain(settled: Run['settled']): string {
  if (settled.status === 'resolved') return `resolved with ${JSON.stringify(settled.value)?.slice(0, 200)}`;
  const error = settled.error as Error;
  return `rejected with ${error?.constructor?.name}: ${error?.message}`;
}
