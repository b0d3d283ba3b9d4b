import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { run } from './install.js';
import { guideSamples, sampleModule } from './samples.js';

/*
 * msw is an optional peer (`^2.10.0 || ^3.0.0`); the other consumer tests use the repository's
 * msw 3. Here the lowest version the range allows, installed once from the registry into a cache
 * (~/.cache/socialsite-sdk/, or $SOCIALSITE_MSW_CACHE), stands in a second scratch project beside
 * the packed package: the shipped msw example runs there with vitest, and it and every guide
 * sample that imports msw compile under `strict`.
 */
const dir = inject('consumerDir');
const repo = path.resolve(import.meta.dirname, '../..');
const tsc = path.join(repo, 'node_modules/typescript/bin/tsc');
const manifest = JSON.parse(await readFile(path.join(repo, 'package.json'), 'utf8'));
const range: string = manifest.peerDependencies.msw;
/** The lowest version of the range's first (oldest) alternative: `^2.10.0` → 2.10.0. */
const lowest = /^\s*\^?(\d+\.\d+\.\d+)/.exec(range)?.[1] ?? '';
const project = path.join(dir, 'msw-lowest');
/** A user's shell: no real site configured, and not inside this test run's vitest. */
const env = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^(APP|HUB)_|^VITEST/.test(name)),
);

/** msw@`version` installed into the cache (from the registry, the first time); its folder. */
async function cachedMsw(version: string): Promise<string> {
  const cache = process.env.SOCIALSITE_MSW_CACHE ?? path.join(homedir(), '.cache/socialsite-sdk');
  const folder = path.join(cache, `msw-${version}`);
  const msw = path.join(folder, 'node_modules/msw');
  if (!existsSync(path.join(msw, 'package.json'))) {
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'package.json'), '{"private":true}\n');
    await run(
      'npm',
      ['install', `msw@${version}`, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
      { cwd: folder, env },
    );
  }
  return msw;
}

beforeAll(async () => {
  const msw = await cachedMsw(lowest);
  const modules = path.join(project, 'node_modules');
  await mkdir(path.join(modules, '.bin'), { recursive: true });
  // A copy, not a link: the package's `import 'msw'` must resolve from this project's node_modules.
  await cp(path.join(dir, 'node_modules/socialsite-sdk'), path.join(modules, 'socialsite-sdk'), {
    recursive: true,
  });
  await symlink(path.join(dir, 'node_modules/zod'), path.join(modules, 'zod'), 'dir');
  await symlink(msw, path.join(modules, 'msw'), 'dir');
  await symlink(path.join(repo, 'node_modules/vitest'), path.join(modules, 'vitest'), 'dir');
  await writeFile(path.join(project, 'package.json'), '{"private":true,"type":"module"}\n');
  await cp(
    path.join(modules, 'socialsite-sdk/examples/testing-with-the-fake.test.ts'),
    path.join(project, 'testing-with-the-fake.test.ts'),
  );
}, 180_000);

describe(`the lowest msw the peer range allows (${range})`, () => {
  it('is the one installed here', async () => {
    expect(lowest).toMatch(/^2\.\d+\.\d+$/);
    const installed = JSON.parse(await readFile(path.join(project, 'node_modules/msw/package.json'), 'utf8'));
    expect(installed.version).toBe(lowest);
  });

  it('runs the shipped msw example (testing-with-the-fake.test.ts) with vitest', async () => {
    const vitest = path.join(project, 'node_modules/vitest/vitest.mjs');
    const result = await run(process.execPath, [vitest, 'run', 'testing-with-the-fake.test.ts'], {
      cwd: project,
      env: { ...env, NO_COLOR: '1' },
    }).catch((error: { code?: number; stdout?: string; stderr?: string }) => error);
    const output = `${'stdout' in result ? result.stdout : ''}${'stderr' in result ? result.stderr : ''}`;
    expect('code' in result ? result.code : 0, output).toBe(0);
    expect(output).toMatch(/Tests\s+4 passed \(4\)/);
  }, 120_000);

  it('compiles the example and every guide sample that imports msw, under strict', async () => {
    const samples = guideSamples(repo).filter((sample) => /'msw|setupServer|fakeHandlers/.test(sample.code));
    expect(samples.length).toBeGreaterThan(0);
    await mkdir(path.join(project, 'samples'), { recursive: true });
    await cp(path.join(dir, 'samples/globals.d.ts'), path.join(project, 'samples/globals.d.ts'));
    const files = await Promise.all(
      samples.map(async (sample, index) => {
        const file = `samples/s${index}.ts`;
        await writeFile(path.join(project, file), sampleModule(sample));
        return file;
      }),
    );
    const config = {
      compilerOptions: {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: 'ES2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        types: ['node'],
        typeRoots: [path.join(repo, 'node_modules/@types')],
      },
      files: ['samples/globals.d.ts', 'testing-with-the-fake.test.ts', ...files],
    };
    await writeFile(path.join(project, 'tsconfig.json'), JSON.stringify(config, null, 2));
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project }).catch(
      (error: { stdout?: string }) => error,
    );
    expect('stdout' in result ? result.stdout : '').toBe('');
  }, 120_000);
});
