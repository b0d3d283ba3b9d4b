import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export const run = promisify(execFile);

interface LockEntry {
  dependencies?: Record<string, string>;
  [field: string]: unknown;
}

/**
 * `npm pack`s the repository and installs the tarball into a new scratch project below the OS temp
 * directory, the way an app would depend on it, with the consumer files of ./project beside it.
 *
 * Offline on a clean machine: `npm install <tgz>` would need the registry's metadata for the
 * dependency ranges, which `npm ci` never caches. So the scratch project gets a lockfile pinning
 * the dependencies to the repository's own locked versions, and `npm ci --offline` takes their
 * tarballs from the npm cache that installing the repository filled.
 */
export async function installPackedPackage(repo: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'socialsite-consumers-'));
  // Packed from a copy (scripts/pack-staged.mjs): `npm pack` here would swap package.json while
  // the other tests read it.
  const { stdout } = await run(process.execPath, [path.join(repo, 'scripts/pack-staged.mjs'), dir]);
  const tarball = path.basename(stdout.trim());
  const pkg = JSON.parse(await readFile(path.join(repo, 'package.json'), 'utf8'));
  const repoLock = JSON.parse(await readFile(path.join(repo, 'package-lock.json'), 'utf8'));
  const spec = `file:${tarball}`;
  const packages: Record<string, LockEntry> = {
    '': { name: 'consumer', dependencies: { [pkg.name]: spec } },
    [`node_modules/${pkg.name}`]: {
      version: pkg.version,
      resolved: spec,
      integrity: `sha512-${createHash('sha512')
        .update(await readFile(path.join(dir, tarball)))
        .digest('base64')}`,
      dependencies: pkg.dependencies,
      bin: pkg.bin,
      license: pkg.license,
    },
  };
  const pending = Object.keys(pkg.dependencies ?? {});
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    const entry = repoLock.packages[key] as LockEntry | undefined;
    if (!entry) throw new Error(`${name} is not in package-lock.json at the top level`);
    packages[key] = entry;
    pending.push(...Object.keys(entry.dependencies ?? {}));
  }
  const manifest = { name: 'consumer', private: true, dependencies: { [pkg.name]: spec } };
  await writeFile(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const lock = { name: 'consumer', lockfileVersion: 3, requires: true, packages };
  await writeFile(path.join(dir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  await run('npm', ['ci', '--offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir });
  // msw is an optional peer: an app that imports `socialsite-sdk/testing/msw` installs it. The
  // repository's copy (with its own dependencies beside it) stands in for that install.
  await symlink(path.join(repo, 'node_modules/msw'), path.join(dir, 'node_modules/msw'), 'dir');
  // Likewise vitest, which the testing guide and example have a user install (with its command).
  await symlink(path.join(repo, 'node_modules/vitest'), path.join(dir, 'node_modules/vitest'), 'dir');
  await symlink('../vitest/vitest.mjs', path.join(dir, 'node_modules/.bin/vitest'));
  await cp(path.join(import.meta.dirname, 'project'), dir, { recursive: true });
  return dir;
}

/** Throws when `dist/` is missing or older than `src/`: the tarball would not be what the tests think. */
export async function assertFreshBuild(repo: string): Promise<void> {
  const built = await stat(path.join(repo, 'dist/index.js')).catch(() => undefined);
  if (!built) throw new Error('dist/ is missing: run `npm run build` first (`npm test` does)');
  for (const file of await readdir(path.join(repo, 'src'), { recursive: true })) {
    const source = await stat(path.join(repo, 'src', file));
    if (source.isFile() && source.mtimeMs > built.mtimeMs) {
      throw new Error(`dist/ is older than src/${file}: run \`npm run build\` first (\`npm test\` does)`);
    }
  }
}
