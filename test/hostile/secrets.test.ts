import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { ValidationMode } from '../../src/index.js';
import { FAULT_CASES, type FaultScenario } from './matrix/cases.js';
import { drive } from './matrix/drive.js';
import { useMatrixEnvironment } from './matrix/environment.js';
import { answer, mapLeaves } from './matrix/steps.js';
import { captureLogOutput } from './support/console-capture.js';
import { OPERATIONS } from './support/operations.js';
import type { BodyContext } from './support/scripted-server.js';
import { leaksIn, renderings } from './support/secrets.js';
import { trackUnhandledRejections } from './support/unhandled.js';

/*
 * No token, key or password (in any encoding, or any 9-character piece of one) may reach an
 * error, its cause chain, a hook event or the console, on any path of the fault matrix, nor when
 * the server quotes the credentials back in the places the SDK puts into errors.
 */

const env = useMatrixEnvironment();
const unhandled = trackUnhandledRejections();
const log = captureLogOutput();
const hooksSeen = new Set<string>();

/** An answer in both error styles quoting the credentials as values and as keys. */
const errorEcho = ({ echo, said }: BodyContext) => {
  const quoted = Object.fromEntries(said.map((value) => [value, value]));
  return JSON.stringify({
    api: { total: 0, pages: 0, current_page: 0 },
    output: { error: true, error_id: echo, error_message: echo, ...quoted },
    success: false,
    message: echo,
    ...quoted,
  });
};

/** Where a server can put the credentials that the SDK turns into messages. */
const ECHO_SCENARIOS: FaultScenario[] = [
  { name: 'error answers quoting the credentials', steps: [answer(200, errorEcho)] },
  { name: 'plain text that starts with the credentials', steps: [answer(200, ({ said }) => said.join(' '))] },
  { name: 'HTTP 500 that starts with the credentials', steps: [answer(500, ({ said }) => said.join(' '))] },
  {
    name: 'the real answer with a credential in every field',
    steps: [answer(200, ({ ok, said }) => mapLeaves(ok, () => said[0]))],
  },
  {
    name: 'the real answer with a credential in every field, after 30 characters',
    // Across the 40 characters a schema message could quote of a wrong value.
    steps: [answer(200, ({ ok, said }) => mapLeaves(ok, () => `${'x'.repeat(30)}${said[0]}`))],
  },
  {
    name: 'an error page that quotes the credentials at character 190',
    // Across the 200 characters an error message quotes of a body.
    steps: [answer(502, ({ said }) => `${'x'.repeat(190)}${said.join(' ')}`)],
  },
];

const RUNS: [string, FaultScenario, ValidationMode[]][] = [
  ...FAULT_CASES.map(({ expect: _, ...scenario }): [string, FaultScenario, ValidationMode[]] => [
    scenario.name,
    scenario,
    ['strict'],
  ]),
  ...ECHO_SCENARIOS.map((scenario): [string, FaultScenario, ValidationMode[]] => [
    `echo: ${scenario.name}`,
    scenario,
    ['strict', 'warn'],
  ]),
];

describe.concurrent.each(RUNS)('%s', (_, scenario, modes) => {
  const cells = OPERATIONS.flatMap((operation) =>
    modes.map((mode) => [`${operation.call} (${mode})`, operation, mode] as const),
  );
  it.for(cells)('%s', async ([, operation, mode], { expect }) => {
    const run = await drive(env, scenario, operation, mode);
    const seen: string[] = [];
    if (run.settled.status === 'rejected') seen.push(renderings(run.settled.error));
    for (const { hook, event } of run.hooks) {
      hooksSeen.add(hook);
      seen.push(inspect(event, { depth: Number.POSITIVE_INFINITY, showHidden: true }));
      if (event.error !== undefined) seen.push(renderings(event.error));
    }
    expect(leaksIn(seen.join('\n'))).toEqual([]);
    await unhandled.expectNone();
  });
});

// Runs after the concurrent suites above: a file's suites run in order.
describe('across every run', () => {
  it('fired every hook, and wrote no secret to the console', () => {
    // The test would prove nothing about a hook that never fired.
    expect([...hooksSeen].sort()).toEqual([
      'onError',
      'onRequest',
      'onResponse',
      'onRetry',
      'onValidationWarning',
    ]);
    expect(leaksIn(log.text())).toEqual([]);
  });
});
