/**
 * `node scripts/pack-staged.mjs [DEST]`: the tarball `npm pack` would make, packed from a copy of
 * the package's files (its published package.json, see pack-manifest.mjs) instead of the
 * repository, and its path printed. The repository's own checks pack with this: `npm pack` in the
 * repository swaps package.json for the published one while it packs (prepack/postpack), and an
 * `npm run` started by a parallel step in that moment would find no scripts.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { publishedManifest } from './pack-manifest.mjs';

const repo = resolve(import.meta.dirname, '..');
const npm = (args, cwd) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

export function packStaged(destination = mkdtempSync(join(tmpdir(), 'socialsite-pack-'))) {
  const listed = JSON.parse(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], repo))[0].files;
  const stage = mkdtempSync(join(tmpdir(), 'socialsite-stage-'));
  try {
    for (const { path } of listed) {
      if (path === 'package.json') continue;
      mkdirSync(dirname(join(stage, path)), { recursive: true });
      copyFileSync(join(repo, path), join(stage, path));
    }
    writeFileSync(join(stage, 'package.json'), publishedManifest(join(repo, 'package.json')));
    const packed = JSON.parse(
      npm(['pack', '--json', '--ignore-scripts', '--pack-destination', destination], stage),
    );
    return join(destination, packed[0].filename);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename)
  console.log(packStaged(process.argv[2] && resolve(process.argv[2])));
