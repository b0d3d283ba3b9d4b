/** A wrong command line (unknown option, bad value): exit code 2. */
export class UsageError extends Error {
  /**
   * @param showHelp `true` when the user seems not to know the command's options (an unknown
   * option or argument): the command's help follows the message.
   */
  constructor(
    message: string,
    readonly showHelp = false,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A command that could not do its work for a reason the user can fix (a busy port): exit code 1. */
export class CommandFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandFailedError';
  }
}

/** The exit codes of every command. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;
