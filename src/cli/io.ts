/** Where a command writes, and what stops a long-running one (tests pass their own). */
export interface CliIo {
  /** Output. @default process.stdout */
  write?: ((text: string) => void) | undefined;
  /** Errors and usage. @default process.stderr */
  writeError?: ((text: string) => void) | undefined;
  /** Stops a long-running command (`fake-server`) like SIGINT. @default none (SIGINT and SIGTERM stop it) */
  signal?: AbortSignal | undefined;
}

/** {@link CliIo} with its defaults applied. */
export interface ResolvedIo {
  write: (text: string) => void;
  writeError: (text: string) => void;
  signal: AbortSignal | undefined;
}

export function resolveIo(io: CliIo): ResolvedIo {
  return {
    write: io.write ?? ((text) => process.stdout.write(text)),
    writeError: io.writeError ?? ((text) => process.stderr.write(text)),
    signal: io.signal,
  };
}
