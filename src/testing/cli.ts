import { parseArgs } from 'node:util';
import { type FakeServerOptions, startFakeServer } from './server.js';

/** Where the command writes and what stops it (tests pass a signal instead of sending SIGINT). */
export interface FakeServerCliIo {
  /** Output. @default process.stdout */
  write?: ((text: string) => void) | undefined;
  /** Errors and usage. @default process.stderr */
  writeError?: ((text: string) => void) | undefined;
  /** Stops the server like SIGINT. @default none (SIGINT and SIGTERM stop it) */
  signal?: AbortSignal | undefined;
}

const USAGE = `Usage: socialsite-sdk fake-server [--port N] [--host H] [--envelope 3.0|3.5|3.9] [--seed N] [--no-cors]

Serves a fake social site (phpFox Application API and Hubzilla Native API) on HTTP until
interrupted (Ctrl+C). Options:
  --port N          TCP port (default: a free port)
  --host H          interface (default: 127.0.0.1)
  --envelope V      phpFox version to imitate: 3.0, 3.5 or 3.9 (default: 3.0)
  --seed N          data seed (default: 1)
  --no-cors         no CORS headers, as the real Hubzilla
`;

/**
 * The body of `npx socialsite-sdk fake-server`: starts the fake server, prints its URL and the
 * seeded credentials, and runs until SIGINT/SIGTERM (or `io.signal`), then closes cleanly.
 * Resolves with the exit code.
 */
export async function runFakeServerCli(argv: readonly string[], io: FakeServerCliIo = {}): Promise<number> {
  const write = io.write ?? ((text: string) => process.stdout.write(text));
  const writeError = io.writeError ?? ((text: string) => process.stderr.write(text));
  const args = argv[0] === 'fake-server' ? argv.slice(1) : argv;
  let options: FakeServerOptions;
  try {
    const { values } = parseArgs({
      args: [...args],
      options: {
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        envelope: { type: 'string' },
        seed: { type: 'string' },
        'no-cors': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
    if (values.help) {
      write(USAGE);
      return 0;
    }
    options = {
      port: integer(values.port, 'port', 0, 65535),
      host: values.host,
      seed: integer(values.seed, 'seed', 0, 2 ** 32 - 1),
      cors: !values['no-cors'],
    };
    if (values.envelope !== undefined) {
      if (values.envelope !== '3.0' && values.envelope !== '3.5' && values.envelope !== '3.9')
        throw new Error('--envelope must be 3.0, 3.5 or 3.9');
      options.envelope = values.envelope;
    }
  } catch (error) {
    writeError(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }

  const server = await startFakeServer(options);
  const { credentials: c } = server;
  write(
    [
      'socialsite-sdk fake server: phpFox Application API + Hubzilla 8.8.7 Native API',
      `  Site root (baseUrl): ${server.url}`,
      `  App key:             ${c.appKey}   (phpFox user ${c.appUserId}; ${server.url}token.php?key=...)`,
      `  Channel:             ${c.channel.username} / ${c.channel.password}   (${c.channel.email}; second channel ${c.secondChannel})`,
      `  Other channel:       ${c.bob.username} / ${c.bob.password}`,
      `  Colon password:      ${c.carol.username} / ${c.carol.password}   (accepted with the lower-case "basic" scheme only)`,
      `  OAuth 2.0 client:    ${c.oauthClient.clientId} / ${c.oauthClient.clientSecret}   (${c.oauthClient.channel}; ${server.url}token, ${server.url}authorize)`,
      '  Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      io.signal?.removeEventListener('abort', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    if (io.signal?.aborted) stop();
    else io.signal?.addEventListener('abort', stop, { once: true });
  });
  await server.close();
  write('fake server stopped\n');
  return 0;
}

function integer(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max)
    throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return number;
}
