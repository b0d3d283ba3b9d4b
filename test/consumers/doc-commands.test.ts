import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type CommandBlock,
  installedPackages,
  needsRealSite,
  realSite,
  shippedCommandBlocks,
  startsFakeServer,
} from './doc-commands.js';
import { run } from './install.js';
import { type CliFakeServer, startInstalledFakeServer } from './installed-fake-server.js';

/*
 * Every command the shipped documents give (README.md, docs/*.md, the examples' headers: see
 * doc-commands.ts), run from the scratch project the packed package is installed in, each exiting 0.
 * `npm install …` lines are checked, not run: the packed tarball (and, for the dev tools a guide
 * names, the repository's copy) stands in for the registry. A `fake-server` line starts a server
 * that the block's later lines use and that stops on Ctrl-C (SIGINT) with exit 0.
 */
const dir = inject('consumerDir');
const pkg = path.join(dir, 'node_modules/socialsite-sdk');
const blocks = shippedCommandBlocks(pkg);

/** The environment of a user's shell: no real site configured, the Node that runs the tests first. */
const env: NodeJS.ProcessEnv = {
  ...Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(APP|HUB)_|^SOCIALSITE_/.test(name)),
  ),
  PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
};

/** The "real site" of ```sh real-site blocks: the installed fake server, comments trickling in (for the bot). */
let site: CliFakeServer;
beforeAll(async () => {
  site = await startInstalledFakeServer(dir, ['--trickle', '200', '--trickle-only', 'comments']);
});
afterAll(async () => {
  await site?.stop();
});

describe('the commands of the shipped documents', () => {
  it('are found: the README’s, the guides’ and one for each example', () => {
    expect(blocks.length).toBeGreaterThan(8);
    const all = blocks.flatMap((block) => block.commands).join('\n');
    const examples = readdirSync(path.join(pkg, 'dist/examples'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => file.slice(0, -3));
    expect(examples.length).toBeGreaterThan(5);
    for (const name of examples) expect(all).toContain(`npx socialsite-sdk example ${name}`);
    expect(all).toContain('testing-with-the-fake.test.ts');
  });

  it('every file of the package a document names (node_modules/socialsite-sdk/…) is installed', () => {
    // Also in what is not run: the third-party tools of ```console blocks (OpenAPI generators).
    const named = ['README.md', ...readdirSync(path.join(pkg, 'docs')).map((name) => `docs/${name}`)].flatMap(
      (file) => [
        ...readFileSync(path.join(pkg, file), 'utf8').matchAll(/node_modules\/socialsite-sdk\/([\w./-]*\w)/g),
      ],
    );
    const paths = [...new Set(named.map((match) => match[1] ?? ''))];
    expect(paths).toContain('dist/openapi/native.json');
    expect(paths.filter((file) => !existsSync(path.join(pkg, file)))).toEqual([]);
  });

  it('only the README’s first block is for a clone of the repository', () => {
    expect(blocks.filter((block) => block.clone).map((block) => block.origin)).toEqual([
      blocks.find((block) => block.origin.startsWith('README.md'))?.origin,
    ]);
  });

  it.each(blocks.filter((block) => !block.clone).map((block) => [block.origin, block] as const))(
    '%s',
    async (_origin, block) => {
      await runBlock(block);
    },
    180_000,
  );
});

/** Runs a block's commands in order, in the scratch project. */
async function runBlock(block: CommandBlock): Promise<void> {
  const exports: string[] = [];
  const servers: { child: ChildProcess; exited: Promise<string>; output: () => string }[] = [];
  const ports = new Map<string, string>();
  try {
    for (const written of block.commands) {
      let command = block.realSite ? realSite(written, site) : written;
      for (const [documented, actual] of ports) command = command.replaceAll(`:${documented}`, `:${actual}`);
      expect(
        needsRealSite(command),
        `${block.origin}: \`${written}\` needs a real site: fence it \`sh real-site\``,
      ).toBe(false);
      const packages = installedPackages(command);
      if (packages !== undefined) {
        for (const name of packages) {
          expect(
            existsSync(path.join(dir, 'node_modules', name, 'package.json')),
            `${block.origin}: ${name}`,
          ).toBe(true);
        }
        continue;
      }
      if (/^export \w+=/.test(command)) {
        exports.push(command);
        continue;
      }
      if (startsFakeServer(command)) {
        const documented = /--port (\d+)/.exec(command)?.[1];
        const server = await startServer(command.replace(/--port \d+/, '--port 0'));
        servers.push(server);
        if (documented) ports.set(documented, server.port);
        continue;
      }
      const script = [...exports, command].join('\n');
      const result = await run('sh', ['-c', script], { cwd: dir, env, timeout: 120_000 }).catch(
        (error: { code?: number; stdout?: string; stderr?: string }) => error,
      );
      expect(
        'code' in result ? result.code : 0,
        `${block.origin}: \`${command}\` failed:\n${'stderr' in result ? result.stderr : ''}\n${'stdout' in result ? result.stdout : ''}`,
      ).toBe(0);
    }
  } finally {
    for (const server of servers) {
      // Ctrl-C in a terminal: SIGINT to the whole process group (npx and the server under it). The
      // server exits 0; npm (npx) then ends itself by the same signal, as a shell shows Ctrl-C.
      process.kill(-(server.child.pid ?? 0), 'SIGINT');
      expect(await server.exited, `${block.origin}: how the fake server ended:\n${server.output()}`).toMatch(
        /^(exit 0|signal SIGINT)$/,
      );
      expect(server.output()).not.toMatch(/Error:/);
    }
  }
}

/** Starts a `fake-server` command in a process group of its own; resolves once it printed its address. */
async function startServer(command: string) {
  const child = spawn('sh', ['-c', `exec ${command}`], {
    cwd: dir,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code === null ? `signal ${signal}` : `exit ${code}`)),
  );
  let output = '';
  const port = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`\`${command}\` exited with ${code}:\n${output}`)));
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /baseUrl\):\s+http:\/\/127\.0\.0\.1:(\d+)\//.exec(output)?.[1];
      if (found) resolve(found);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
  });
  return { child, exited, port, output: () => output };
}
