import { describe, expect, it } from 'vitest';
import { SdkError } from '../../src/index.js';
import { useLoopbackServer } from '../support/loopback.js';
import { everyEncoder, leakMarkers } from '../support/secret-encoders.js';
import { echoBodies, hubAnswer, recordingOptions, SECRET_KINDS } from './support/secret-kinds.js';

/*
 * Issue 20: a hub echoing a secret in any spelling (JSON `\u` escapes of every character, PHP's
 * JSON_HEX_* flags, HTML entities, percent-encoding twice, URL user info, a PEM's line breaks...)
 * for each kind of client, over real HTTP. Nothing of it may reach an error, a hook event or a log
 * line. The spellings come from composable encoders (test/support/secret-encoders.ts); `npm run
 * fuzz` composes them at random (secrets-anywhere-encoded.test.ts).
 */

const server = useLoopbackServer();

const CASES = SECRET_KINDS.flatMap((kind) =>
  kind.echoed.flatMap((echoed, index) =>
    Object.entries(everyEncoder()).map(
      ([name, encoder]) =>
        [
          kind.name,
          `${index === 0 ? '' : 'whole PEM, '}${name}`,
          kind,
          encoder(echoed),
          leakMarkers(encoder, echoed),
        ] as const,
    ),
  ),
);

describe.each(SECRET_KINDS.map((kind) => [kind.name, kind] as const))('%s', (kindName) => {
  const cases = CASES.filter(([name]) => name === kindName).map(
    ([, spellingName, kind, spelling, markers]) => [spellingName, kind, spelling, markers] as const,
  );
  it.each(cases)('echoed as %s: never shown', async (_, kind, spelling, markers) => {
    for (const echo of echoBodies(spelling)) {
      const base = await server.serve((request, response) => {
        const answer = hubAnswer(kind, request.url ?? '/', echo);
        response.writeHead(answer.status, { 'Content-Type': answer.type });
        response.end(answer.body);
      });
      const recording = recordingOptions();
      const failure = await kind.run(base, recording.options).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure, echo.name).toBeInstanceOf(SdkError);
      const shown = recording.shown(failure);
      for (const marker of [...kind.never, ...markers]) {
        expect(shown.includes(marker), `${echo.name}: ${marker}`).toBe(false);
      }
    }
  });
});
