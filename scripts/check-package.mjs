/**
 * `npm run check:package`: attw (exports map, types, module formats) on the tarball as published,
 * packed from a copy (pack-staged.mjs, so package.json is never swapped under the parallel steps of
 * `npm test`), then publint --strict on the repository.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { packStaged } from './pack-staged.mjs';

const repo = resolve(import.meta.dirname, '..');
const bin = (name) => resolve(repo, 'node_modules/.bin', name);
const run = (command, args) => spawnSync(command, args, { cwd: repo, stdio: 'inherit' }).status ?? 1;

const tarball = packStaged();
try {
  // --quiet first; on a failure, again without it for the full table.
  let status = run(bin('attw'), [tarball, '--quiet']);
  if (status !== 0) status = run(bin('attw'), [tarball]);
  if (status === 0) status = run(bin('publint'), ['--strict', '--level', 'warning']);
  process.exitCode = status;
} finally {
  rmSync(dirname(tarball), { recursive: true, force: true });
}
