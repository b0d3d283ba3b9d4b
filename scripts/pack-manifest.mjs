/**
 * `prepack` / `postpack`: the package.json that `npm pack` (and `npm publish`) puts in the tarball
 * carries what an install needs, not the repository's development scripts, devDependencies and
 * overrides (a user's `npm run` in the package's folder would find scripts that need a clone).
 *
 *   node scripts/pack-manifest.mjs strip     saves package.json aside, writes the published one
 *   node scripts/pack-manifest.mjs restore   puts the saved one back
 *
 * The saved copy is node_modules/.cache/pack-manifest/package.json: a `strip` that finds one
 * (an earlier pack that failed before `postpack`) restores it first, so the repository's
 * package.json is never lost.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..');
const manifest = join(repo, 'package.json');
const saved = join(repo, 'node_modules/.cache/pack-manifest/package.json');
/** What only the repository uses. */
const DEVELOPMENT_FIELDS = ['scripts', 'devDependencies', 'overrides'];

const action = process.argv[2];
if (action === 'strip') {
  if (existsSync(saved)) copyFileSync(saved, manifest);
  mkdirSync(join(saved, '..'), { recursive: true });
  copyFileSync(manifest, saved);
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  for (const field of DEVELOPMENT_FIELDS) delete pkg[field];
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
} else if (action === 'restore') {
  if (existsSync(saved)) {
    copyFileSync(saved, manifest);
    rmSync(saved);
  }
} else {
  throw new Error('usage: node scripts/pack-manifest.mjs strip|restore');
}
