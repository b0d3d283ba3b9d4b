import { FAKE_EVENT_NAMES, type FakeEventName } from '../../testing/events/event-names.js';
import type { ParsedArgs } from '../args.js';
import { didYouMean } from '../closest.js';
import { type Command, PROGRAM } from '../command.js';
import { CommandFailedError, EXIT, UsageError } from '../errors.js';
import type { ResolvedIo } from '../io.js';
import { runCommand } from '../run-command.js';
import { eventInput, eventLines, TRIGGER_FLAGS } from './trigger-flags.js';

/** Where the fake server takes events, below its site root (src/testing/admin-route.ts). */
const EVENTS_PATH = '_fake/events';

/**
 * `socialsite-sdk fake-server trigger EVENT`: makes EVENT happen now on a running fake server,
 * through its admin endpoint, in the spirit of `stripe trigger`.
 */
export function triggerCommand(event: FakeEventName | undefined): Command {
  return {
    name: `fake-server trigger ${event ?? 'EVENT'}`,
    summary: 'make an event happen now on a running fake server',
    description: `EVENT first: ${FAKE_EVENT_NAMES.join(', ')} (their fields below).

Makes EVENT happen now on a running fake server (started with "${PROGRAM} fake-server"), with
what the real servers do after it: a post reaches the network streams of the poster's
connections, a comment every copy of its thread, a notification or mail the phpFox counts. It
POSTs the event to the server's admin endpoint (<site root>${EVENTS_PATH}/EVENT, JSON) and prints
what was stored, as JSON.`,
    optionGroups: TRIGGER_FLAGS,
    epilogue: `EVENT and its fields (X: a value):
${eventLines().join('\n')}

Examples:
  ${PROGRAM} fake-server --port 8080
  ${PROGRAM} fake-server trigger post --as bob --body "bob posts now" --url http://127.0.0.1:8080/
  ${PROGRAM} fake-server trigger comment --as bob --on MID --body "and comments" --url http://127.0.0.1:8080/
  ${PROGRAM} fake-server trigger notification --type like --url http://127.0.0.1:8080/
  SOCIALSITE_FAKE_URL=http://127.0.0.1:8080/ ${PROGRAM} fake-server trigger mail --count 2
  curl -d '{"as":"bob","body":"hi"}' http://127.0.0.1:8080/${EVENTS_PATH}/post`,
    run: (args, io) => {
      if (event === undefined)
        throw new UsageError(
          `name an event: ${PROGRAM} fake-server trigger EVENT (${FAKE_EVENT_NAMES.join(', ')})`,
        );
      return trigger(event, args, io);
    },
  };
}

/** `fake-server trigger …` (the arguments after `trigger`). */
export function runTrigger(argv: readonly string[], io: ResolvedIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first.startsWith('-')) return runCommand(triggerCommand(undefined), argv, io);
  if (!(FAKE_EVENT_NAMES as readonly string[]).includes(first)) {
    const guess = didYouMean(first, FAKE_EVENT_NAMES, (name) => JSON.stringify(name));
    io.writeError(
      `${PROGRAM} fake-server trigger: unknown event ${JSON.stringify(first)}${guess} (events: ${FAKE_EVENT_NAMES.join(', ')})\n`,
    );
    return Promise.resolve(EXIT.usage);
  }
  return runCommand(triggerCommand(first as FakeEventName), rest, io);
}

async function trigger(event: FakeEventName, args: ParsedArgs, io: ResolvedIo): Promise<number> {
  const input = eventInput(event, args);
  const given = args.value('url') ?? process.env.SOCIALSITE_FAKE_URL;
  if (given === undefined || given === '')
    throw new UsageError(
      '--url URL is required: the site root "fake-server" printed (or set SOCIALSITE_FAKE_URL)',
    );
  let root: URL;
  try {
    root = new URL(given.endsWith('/') ? given : `${given}/`);
  } catch {
    throw new UsageError(`--url ${JSON.stringify(given)} is not a URL (e.g. http://127.0.0.1:8080/)`);
  }
  const target = new URL(`${EVENTS_PATH}/${event}`, root);
  const token = args.value('token');
  let response: Response;
  try {
    response = await fetch(target, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { 'X-Fake-Admin-Token': token } : {}) },
      body: JSON.stringify(input),
      signal: io.signal ?? null,
    });
  } catch (error) {
    const cause = reasonOf(error);
    throw new CommandFailedError(
      `no fake server answers at ${root.href} (${cause}): is "${PROGRAM} fake-server" running, and is --url the site root it printed?`,
    );
  }
  const text = await response.text();
  let answer: { result?: unknown; error?: string } | undefined;
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    answer = undefined;
  }
  if (!answer || (response.ok && !('result' in answer)))
    throw new CommandFailedError(
      `${root.href} is not a socialsite-sdk fake server (HTTP ${response.status} at ${target.pathname}): is --url its site root?`,
    );
  if (!response.ok) throw new CommandFailedError(`the fake refused the ${event} event: ${answer.error}`);
  io.write(`${JSON.stringify(answer.result, null, 2)}\n`);
  return EXIT.ok;
}

/** `ECONNREFUSED` and the like, from what `fetch` rejects with (undici puts it in `cause`). */
function reasonOf(error: unknown): string {
  type Cause = { code?: string; message?: string; errors?: Cause[]; cause?: Cause };
  const cause = (error as Cause).cause;
  return cause?.code ?? cause?.errors?.[0]?.code ?? cause?.cause?.code ?? cause?.message ?? String(error);
}
