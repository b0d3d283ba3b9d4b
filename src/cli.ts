#!/usr/bin/env node
/** `npx socialsite-sdk <command>`: today one command, `fake-server`. */
import { runFakeServerCli } from './testing/cli.js';

const [command, ...rest] = process.argv.slice(2);
if (command === 'fake-server') {
  process.exitCode = await runFakeServerCli(rest);
} else {
  process.stderr.write('Usage: socialsite-sdk fake-server [--port N]   (add --help for the options)\n');
  process.exitCode = command === undefined || command === '--help' ? 0 : 2;
}
