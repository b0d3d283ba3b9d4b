/**
 * Runs `socialsite-sdk backup` in a process of its own, for the test that kills it mid-download
 * (a test-only entry until the command line dispatches `backup`).
 */
import { runBackupCli } from '../../src/backup/index.js';

process.exitCode = await runBackupCli(process.argv.slice(2));
