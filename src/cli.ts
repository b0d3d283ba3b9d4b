#!/usr/bin/env node
/** `npx socialsite-sdk <command>`: see src/cli/main.ts. */
import { runCli } from './cli/main.js';

process.exitCode = await runCli(process.argv.slice(2));
