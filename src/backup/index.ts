/**
 * `socialsite-sdk backup` and `socialsite-sdk verify`: a channel's export and files mirrored into a
 * folder, resumable and verified (docs/backup.md). Built on the SDK's public API only; never
 * reachable from the browser entry point.
 */
export { BACKUP_OPTIONS, runBackupCli } from './backup-cli.js';
export type { BackupOptions } from './backup-options.js';
export { BACKUP_USAGE } from './backup-usage.js';
export type { BackupCliIo, CliIo, VerifyCliIo } from './cli-io.js';
export type { BackupEvent, BackupProgress } from './events.js';
export type { Manifest, ManifestFile, ManifestFolder } from './manifest.js';
export { type BackupStatus, type BackupSummary, EXIT_CODES } from './outcome.js';
export { runBackup } from './run.js';
export { runVerify, type VerifyEvent, type VerifyOptions, type VerifySummary } from './verify.js';
export { runVerifyCli, VERIFY_OPTIONS } from './verify-cli.js';
export { VERIFY_USAGE } from './verify-usage.js';
