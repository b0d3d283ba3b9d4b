import { BACKUP_USAGE } from '../backup/backup-usage.js';
import { VERIFY_USAGE } from '../backup/verify-usage.js';
import type { SelfParsingCommand } from './command.js';

// The backup and the verifier (and with them the SDK) are loaded when their command runs, not for
// `socialsite-sdk --help` (issue 32).

/** `socialsite-sdk backup`: see docs/backup.md. */
export const backupCommand: SelfParsingCommand = {
  name: 'backup',
  summary: "mirror a hub channel's files and export into a folder, incremental and resumable",
  usage: BACKUP_USAGE,
  runArgv: async (argv, io) => (await import('../backup/backup-cli.js')).runBackupCli(argv, io),
};

/** `socialsite-sdk verify`: re-hashes a backup against its manifest. */
export const verifyCommand: SelfParsingCommand = {
  name: 'verify',
  summary: 'check a backup folder against its manifest (sha256 of every file)',
  usage: VERIFY_USAGE,
  runArgv: async (argv, io) => (await import('../backup/verify-cli.js')).runVerifyCli(argv, io),
};
