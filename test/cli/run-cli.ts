import { expect } from 'vitest';
import { runCli } from '../../src/cli/main.js';

/** What one finished run of the command line printed, and its exit code. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `socialsite-sdk ...argv` in-process (for commands that end by themselves). */
export async function runToEnd(...argv: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    write: (text) => {
      stdout += text;
    },
    writeError: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

/** A `socialsite-sdk fake-server` running in-process. */
export interface RunningFakeServer {
  /** The site root it printed. */
  url: string;
  /** Everything it printed so far. */
  output(): string;
  /** Stops it as Ctrl+C does; resolves with the exit code. */
  stop(): Promise<number>;
}

/** Starts `socialsite-sdk fake-server ...flags` and waits for the URL in its banner. */
export async function startFakeServerCli(...flags: string[]): Promise<RunningFakeServer> {
  let output = '';
  const controller = new AbortController();
  const write = (text: string) => {
    output += text;
  };
  const exited = runCli(['fake-server', ...flags], { write, writeError: write, signal: controller.signal });
  await expect.poll(() => output, { timeout: 10_000 }).toMatch(/Press Ctrl\+C/);
  const url = /Site root \(baseUrl\): (\S+)/.exec(output)?.[1];
  if (url === undefined) throw new Error(`no URL in the banner:\n${output}`);
  return {
    url,
    output: () => output,
    stop: () => {
      controller.abort();
      return exited;
    },
  };
}
