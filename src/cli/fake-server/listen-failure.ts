import { CommandFailedError } from '../errors.js';

/**
 * Why the server could not listen, as one line the user can act on; an error that is not about
 * listening is returned as it is (a bug keeps its stack).
 */
export function listenFailure(error: unknown, host: string, port: number): unknown {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === 'EADDRINUSE')
    return new CommandFailedError(`port ${port} is in use; pick another with --port or use --port 0`);
  if (code === 'EACCES')
    return new CommandFailedError(
      `port ${port} needs privileges this user lacks; pick one above 1023 with --port or use --port 0`,
    );
  if (code === 'EADDRNOTAVAIL')
    return new CommandFailedError(
      `cannot listen on ${host}: not an address of this machine; pick another with --host`,
    );
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new CommandFailedError(`cannot listen on ${host}: no such host; pick another with --host`);
  if (error instanceof Error && typeof code === 'string')
    return new CommandFailedError(`cannot listen on ${host} port ${port}: ${error.message}`);
  return error;
}
