import type { Hooks, ValidationMode } from '../../../src/index.js';
import type { Credentials, Operation, OperationId } from '../support/operations.js';
import type { RealAnswer } from '../support/real-answers.js';
import type { ScriptedServer } from '../support/scripted-server.js';
import { KEY, PASSWORD, TOKEN, USERNAME } from '../support/secrets.js';
import type { FaultScenario } from './cases.js';

/**
 * The per-attempt timeout where the fault is slowness (a silent server, a dripping body) and the
 * call ends by timing out: short, so that three timed-out attempts take seconds, yet long enough
 * that the answer after a silent attempt ("then OK") comes in time on a loaded machine.
 */
export const SLOW_FAULT_TIMEOUT_MS = 1_500;
/**
 * Everywhere else (an abort ends the slow cases): long, so that a loaded CI machine (the server
 * shares the worker with the client) cannot turn an answered attempt into a timeout and an extra
 * retry, nor time out before the abort lands.
 */
export const TIMEOUT_MS = 4_000;
export const MATRIX_RETRY = { limit: 2, delay: () => 0 };
export const UNRESOLVABLE = 'http://nonexistent.invalid/';

export interface MatrixEnvironment {
  server: ScriptedServer;
  answers: Record<OperationId, RealAnswer>;
  closedPort: string;
}

export interface HookCall {
  hook: keyof Hooks;
  event: Record<string, unknown>;
}

/** Everything observable about one call under one fault. */
export interface Run {
  settled: { status: 'resolved'; value: unknown } | { status: 'rejected'; error: unknown };
  /** Calls of `fetch`: the HTTP attempts the client made. */
  attempts: number;
  /** Requests that reached the server (0 when it was never reached). */
  hits: number;
  elapsedMs: number;
  hooks: HookCall[];
  /** The reason the call's signal was aborted with, when the case aborts. */
  abortReason: unknown;
}

const SECRET_CREDENTIALS: Credentials = { token: TOKEN, key: KEY, username: USERNAME, password: PASSWORD };

/** Runs `operation` once against the fault of `row`, with every hook recording. */
export async function drive(
  env: MatrixEnvironment,
  row: FaultScenario,
  operation: Operation,
  validation: ValidationMode = 'strict',
): Promise<Run> {
  const controller = new AbortController();
  const abortReason = new DOMException(`matrix: "${row.name}" cancelled`, 'AbortError');
  const { abort } = row;
  const abortLater = () =>
    typeof abort === 'object' && setTimeout(() => controller.abort(abortReason), abort.delayMs);
  const route = env.server.route({
    steps: row.steps,
    ok: env.answers[operation.id].body,
    onHit: (hit) => {
      if (typeof abort === 'object' && !abort.duringWait && hit === abort.afterHit) abortLater();
    },
  });
  const baseUrl =
    row.target === 'closed-port'
      ? env.closedPort
      : row.target === 'unresolvable-host'
        ? UNRESOLVABLE
        : route.baseUrl;
  let attempts = 0;
  const hooks: HookCall[] = [];
  const record =
    <K extends keyof Hooks>(hook: K) =>
    (event: object) => {
      hooks.push({ hook, event: event as Record<string, unknown> });
    };
  const slow = row.steps.some((step) => step.kind === 'silent' || step.kind === 'drip');
  const options = {
    validation,
    timeout: slow && abort === undefined ? SLOW_FAULT_TIMEOUT_MS : TIMEOUT_MS,
    retry: MATRIX_RETRY,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      attempts++;
      return globalThis.fetch(input, init);
    },
    hooks: {
      onRequest: record('onRequest'),
      onResponse: record('onResponse'),
      onRetry: (event: object) => {
        record('onRetry')(event);
        if (typeof abort === 'object' && abort.duringWait) abortLater();
      },
      onError: record('onError'),
      onValidationWarning: record('onValidationWarning'),
    },
  };
  if (row.abort === 'before') controller.abort(abortReason);
  const started = performance.now();
  const settled = await operation
    .run({ baseUrl, options, credentials: SECRET_CREDENTIALS }, { signal: controller.signal })
    .then(
      (value) => ({ status: 'resolved' as const, value }),
      (error: unknown) => ({ status: 'rejected' as const, error }),
    );
  const elapsedMs = performance.now() - started;
  return { settled, attempts, hits: route.hits(), elapsedMs, hooks, abortReason };
}
