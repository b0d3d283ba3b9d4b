import { BACKUP_USAGE, runBackupCli, runVerifyCli, VERIFY_USAGE } from '../backup/index.js';
import type { SelfParsingCommand } from './command.js';

/** `socialsite-sdk backup`: see docs/backup.md. */
export const backupCommand: SelfParsingCommand = {
  name: 'backup',
  summary: "mirror a hub channel's files and export into a folder, incremental and resumable",
  usage: BACKUP_USAGE,
  runArgv: (argv, io) => runBackupCli(argv, io),
};

/** `socialsite-sdk verify`: re-hashes a backup against its manifest. */
export const verifyCommand: SelfParsingCommand = {
  name: 'verify',
  summary: 'check a backup folder against its manifest (sha256 of every file)',
  usage: VERIFY_USAGE,
  runArgv: (argv, io) => runVerifyCli(argv, io),
};
