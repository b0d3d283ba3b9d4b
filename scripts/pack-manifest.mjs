/**
 * `prepack` / `postpack`: the package.json that `npm pack` (and `npm publish`) puts in the tarball
 * carries what an install needs, not the repository's development scripts, devDependencies and
 * overrides (a user's `npm run` in the package's folder would find scripts that need a clone).
 *
 *   node scripts/pack-manifest.mjs strip     saves package.json aside, writes the published one
 *   node scripts/pack-manifest.mjs restore   puts the saved one back
 *
 * The saved copy is package.json.prepack beside it (git-ignored, never packed: `files` lists what
 * is): a `strip` that finds one (an earlier pack that failed before `postpack`) restores it first,
 * so the repository's package.json is never lost. Beside it, not in node_modules: a worktree may
 * share its node_modules with other clones.
 */
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..');
const manifest = join(repo, 'package.json');
const saved = join(repo, 'package.json.prepack');
/** What only the repository uses. */
const DEVELOPMENT_FIELDS = ['scripts', 'devDependencies', 'overrides'];

/** The text of the published package.json made from the one at `path`. */
export function publishedManifest(path) {
  const pkg = JSON.parse(readFileSync(path, 'utf8'));
  for (const field of DEVELOPMENT_FIELDS) delete pkg[field];
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

const action = process.argv[1] === import.meta.filename ? process.argv[2] : 'module';
if (action === 'strip') {
  if (existsSync(saved)) copyFileSync(saved, manifest);
  copyFileSync(manifest, saved);
  writeFileSync(manifest, publishedManifest(saved));
} else if (action === 'module') {
  // imported (pack-staged.mjs): nothing to do
} else if (action === 'restore') {
  if (existsSync(saved)) {
    copyFileSync(saved, manifest);
    rmSync(saved);
  }
} else {
  throw new Error('usage: node scripts/pack-manifest.mjs strip|restore');
}
