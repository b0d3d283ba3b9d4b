/** A wrong command line (unknown option, bad value): exit code 2. */
export class UsageError extends Error {
  /**
   * @param pointsToHelp `true` when the user seems not to know the command's options (an unknown
   * option or argument): the message ends by saying where they are listed (not with the whole help,
   * which would bury the one line that matters).
   */
  constructor(
    message: string,
    readonly pointsToHelp = false,
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
