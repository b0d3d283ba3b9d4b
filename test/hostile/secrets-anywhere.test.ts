import { inspect } from 'node:util';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { fuzzOptions } from './fuzz/settings.js';
import { mapLeaves } from './matrix/steps.js';
import { OPERATIONS, type OperationId } from './support/operations.js';
import { type RealAnswer, recordRealAnswers } from './support/real-answers.js';
import { recordingHooks } from './support/secret-kinds.js';
import { KEY, leaksIn, PASSWORD, renderings, TOKEN, USERNAME } from './support/secrets.js';
import { trackUnhandledRejections } from './support/unhandled.js';

/*
 * Property-based complement of secrets.test.ts: a server may quote a credential anywhere in what
 * it answers, so the SDK's quoting of answers (a 200-character snippet, a 40-character value) must
 * never cut one in half and so keep a piece the redactor cannot recognise.
 */

const unhandled = trackUnhandledRejections();
let answers: Record<OperationId, RealAnswer>;
beforeAll(async () => {
  answers = await recordRealAnswers();
});

/**
 * What a server could echo of the credentials it received. A client can only keep back the
 * secrets it holds: the token (or, exchanging it, the key) for AppClient, the password for
 * NativeClient.
 */
const ECHOED: Record<OperationId, readonly string[]> = {
  'app.read': [TOKEN, encodeURIComponent(TOKEN)],
  'app.write': [TOKEN, encodeURIComponent(TOKEN)],
  'app.token': [KEY, encodeURIComponent(KEY)],
  'native.read': [PASSWORD, `${USERNAME}:${PASSWORD}`, `basic ${btoa(`${USERNAME}:${PASSWORD}`)}`],
  'native.write': [PASSWORD, `${USERNAME}:${PASSWORD}`, `basic ${btoa(`${USERNAME}:${PASSWORD}`)}`],
  'native.media': [PASSWORD, `${USERNAME}:${PASSWORD}`, `basic ${btoa(`${USERNAME}:${PASSWORD}`)}`],
};

const quote = (id: OperationId) =>
  fc.record({
    before: fc.nat(260),
    secret: fc.constantFrom(...ECHOED[id]),
    where: fc.constantFrom('text', 'field'),
    status: fc.constantFrom(200, 401, 404, 500),
  });

describe('a credential quoted anywhere in an answer', () => {
  it.each(OPERATIONS.map((operation) => [operation.call, operation] as const))(
    '%s never lets a piece of it out',
    async (_, operation) => {
      await fc.assert(
        fc.asyncProperty(quote(operation.id), async ({ before, secret, where, status }) => {
          const quoted = `${'x'.repeat(before)}${secret}`;
          const body =
            where === 'text' ? `${quoted} and more` : mapLeaves(answers[operation.id].body, () => quoted);
          const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
            // Read the upload as a server does (see fuzz/stub-fetch.ts).
            await new Request(input, init).arrayBuffer();
            return new Response(body, { status });
          };
          const { hooks, events } = recordingHooks();
          const seen: string[] = [];
          for (const validation of ['strict', 'warn'] as const) {
            const error = await operation
              .run(
                {
                  baseUrl: 'https://site.example/',
                  options: { fetch, retry: 0, hooks, validation },
                  credentials: { token: TOKEN, key: KEY, username: USERNAME, password: PASSWORD },
                },
                {},
              )
              .then(
                () => undefined,
                (rejection: unknown) => rejection,
              );
            if (error !== undefined) seen.push(renderings(error));
          }
          seen.push(inspect(events, { depth: Number.POSITIVE_INFINITY, showHidden: true }));
          expect(leaksIn(seen.join('\n'))).toEqual([]);
        }),
        fuzzOptions(),
      );
      await unhandled.expectNone();
    },
  );
});
