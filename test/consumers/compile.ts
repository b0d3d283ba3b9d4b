import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { run } from './install.js';

const repo = path.resolve(import.meta.dirname, '../..');
const tsc = path.join(repo, 'node_modules/typescript/bin/tsc');

/** Strict, and `skipLibCheck: false`: the package's own declarations are checked too. */
export const STRICT = { strict: true, skipLibCheck: false, target: 'ES2022' };

/** A Node app with `moduleResolution: node16` and Node's types only (no DOM). */
export const NODE16 = {
  module: 'node16',
  moduleResolution: 'node16',
  lib: ['ES2023'],
  types: ['node'],
  typeRoots: [path.join(repo, 'node_modules/@types')],
};

/** A bundled browser app: `moduleResolution: bundler`, DOM types only. */
export const BUNDLER = {
  module: 'esnext',
  moduleResolution: 'bundler',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  types: [],
};

/**
 * Writes `name` (a tsconfig with `compilerOptions` over {@link STRICT}, for `files`) into the scratch
 * project `dir` and runs the repository's tsc on it; resolves with tsc's output ('' when clean).
 */
export async function compile(
  dir: string,
  name: string,
  compilerOptions: Record<string, unknown>,
  files: string[],
): Promise<string> {
  const config = { compilerOptions: { ...STRICT, ...compilerOptions }, files };
  await writeFile(path.join(dir, name), JSON.stringify(config, null, 2));
  const result = await run(process.execPath, [tsc, '-p', name], { cwd: dir }).catch(
    (error: { stdout?: string }) => error,
  );
  return 'stdout' in result ? (result.stdout ?? '') : '';
}
