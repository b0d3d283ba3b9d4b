import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExample } from '../../src/cli/example-run.js';
import { runToEnd } from './run-cli.js';

/** A package folder with two "compiled examples" (one tells its arguments by its exit code) and a header. */
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'socialsite-example-cli-'));
  await mkdir(path.join(root, 'dist/examples'), { recursive: true });
  await mkdir(path.join(root, 'examples'));
  await writeFile(
    path.join(root, 'dist/examples/echo-args.js'),
    // 3 when it got exactly `--replies 2`, else 4.
    "process.exitCode = process.argv.slice(2).join(' ') === '--replies 2' ? 3 : 4;\n",
  );
  await writeFile(path.join(root, 'dist/examples/quiet.js'), '\n');
  await writeFile(
    path.join(root, 'examples/echo-args.ts'),
    '/**\n * Prints its arguments, then\n * exits 3. More text.\n */\n',
  );
});
afterAll(() => rm(root, { recursive: true, force: true }));

function capture() {
  const out = { stdout: '', stderr: '' };
  return {
    out,
    io: {
      write: (text: string) => {
        out.stdout += text;
      },
      writeError: (text: string) => {
        out.stderr += text;
      },
    },
  };
}

describe('socialsite-sdk example', () => {
  it('--list names each compiled example with the first sentence of its header', async () => {
    const { out, io } = capture();
    expect(await runExample(['--list'], io, root)).toBe(0);
    expect(out.stdout).toBe('echo-args  Prints its arguments, then exits 3.\nquiet      \n');
  });

  it('runs the example in a Node process of its own, with the arguments after its name, and returns its exit code', async () => {
    const { io } = capture();
    expect(await runExample(['echo-args', '--replies', '2'], io, root)).toBe(3);
    expect(await runExample(['echo-args'], io, root)).toBe(4);
    expect(await runExample(['quiet'], io, root)).toBe(0);
  });

  it('a misspelt name is one line naming the closest example (exit 2)', async () => {
    const { out, io } = capture();
    expect(await runExample(['echo-arg'], io, root)).toBe(2);
    expect(out.stderr).toBe(
      'socialsite-sdk example: no example "echo-arg"; did you mean "echo-args"? (socialsite-sdk example --list lists them: echo-args, quiet)\n',
    );
  });

  it('is listed by socialsite-sdk --help, and `help example` prints its usage', async () => {
    expect((await runToEnd('--help')).stdout).toMatch(/^ {2}example +run one of the examples shipped/m);
    const help = await runToEnd('help', 'example');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('HUB_BASE_URL, HUB_USER, HUB_PASSWORD');
  });
});
