import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToEnd } from './run-cli.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

/** A loopback port something else really listens on. */
let occupier: Server;
let port: number;
beforeAll(async () => {
  occupier = createServer();
  await new Promise<void>((resolve) => occupier.listen(0, '127.0.0.1', resolve));
  port = (occupier.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => occupier.close(() => resolve())));

const expected = () =>
  `socialsite-sdk fake-server: port ${port} is in use; pick another with --port or use --port 0\n`;

describe('socialsite-sdk fake-server on a busy port', () => {
  it('says so in one line on stderr and exits 1', async () => {
    expect(await runToEnd('fake-server', '--port', String(port))).toEqual({
      code: 1,
      stdout: '',
      stderr: expected(),
    });
  });

  it('as a process too: exit code 1, that one line, no stack', async () => {
    const failure = await promisify(execFile)(
      tsx,
      [path.join(root, 'src/cli.ts'), 'fake-server', '-p', String(port)],
      {
        cwd: root,
      },
    ).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure && { code: failure.code, stdout: failure.stdout, stderr: failure.stderr }).toEqual({
      code: 1,
      stdout: '',
      stderr: expected(),
    });
    // A process that compiles the CLI with tsx first: seconds on a loaded machine.
  }, 60_000);

  it('a bare `socialsite-sdk` as a process exits 2 with the help on stderr', async () => {
    const failure = await promisify(execFile)(tsx, [path.join(root, 'src/cli.ts')], { cwd: root }).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stdout).toBe('');
    expect(failure?.stderr).toMatch(/^Usage: socialsite-sdk <command>[\s\S]*fake-server/);
  }, 60_000);
});
