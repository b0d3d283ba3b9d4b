import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** The repository's root folder. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Every file git tracks, and the new ones it does not ignore: what a user's clone would hold. */
export function repositoryFiles(): string[] {
  const output = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return output.split('\0').filter((file) => file !== '');
}

/** The files `npm pack` would put in the tarball (`files` in package.json, plus README and LICENSE). */
export function shippedFiles(): string[] {
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  const [pack] = JSON.parse(output) as [{ files: { path: string }[] }];
  return pack.files.map((file) => file.path);
}
