/** `socialsite-sdk verify --help`: its own module, so the CLI's help does not load the verifier (issue 32). */
export const VERIFY_USAGE = `Usage: socialsite-sdk verify --out DIR [--concurrency N] [--json]

Re-hashes a backup made by "socialsite-sdk backup" against its manifest.json and reports every
difference: a file missing, changed (size or SHA-256), or extra in files/. What an interrupted
backup leaves (.<name>.part, .<name>.part.json, temporary files of the manifest and the export) is
listed as partial, not as a difference: the next backup continues or removes it.

  --out DIR          the backup folder (required)
  --concurrency N    files hashed at once (default: 4)
  --json             one JSON object per line: each difference, then a summary
  -h, --help         this help

A backup whose last run did not complete (refused at login, interrupted, killed, partial) is
never reported verified: its manifest lists only what that run got.

Exit codes: 0 the last backup completed and everything matches; 1 differences found; 2 bad
arguments or no manifest in DIR; 3 the last backup run did not complete (run backup again);
130 interrupted.
`;
