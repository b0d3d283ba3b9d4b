import { startFakeServer } from '../../testing/server.js';
import type { ParsedArgs } from '../args.js';
import { EXIT } from '../errors.js';
import type { ResolvedIo } from '../io.js';
import { banner } from './banner.js';
import { listenFailure } from './listen-failure.js';
import { toServerOptions } from './server-options.js';
import { toTrickleOptions } from './trickle-flags.js';
import { untilStopped } from './until-stopped.js';

/**
 * What `socialsite-sdk fake-server` does once its arguments parsed: serves until stopped. Its own
 * module, loaded when the command runs, so `--help` does not load the fake site (issue 32).
 */
export async function serve(args: ParsedArgs, io: ResolvedIo): Promise<number> {
  const options = toServerOptions(args);
  const trickle = toTrickleOptions(args);
  const server = await startFakeServer(options).catch((error: unknown) => {
    throw listenFailure(error, options.host ?? '127.0.0.1', options.port ?? 0);
  });
  io.write(banner(server, options, trickle));
  if (trickle) server.site.trickle(trickle);
  await untilStopped(io.signal);
  await server.close();
  io.write('fake server stopped\n');
  return EXIT.ok;
}
