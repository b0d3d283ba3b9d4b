import { readdir } from 'node:fs/promises';
import { lstatInside, removeInside } from '../node/fs/index.js';
import { localPath } from './layout.js';

/** `.<name>.part` and `.<name>.part.json`: an unfinished download of `<name>` (layout.ts `partialOf`). */
const PARTIAL = /^\.(.+)\.part(\.json)?$/;

/**
 * Removes the partial downloads in `folders` (manifest paths) that this run will not continue:
 * those of files it does not download (gone from the hub, moved, or complete after all), and a
 * `.part.json` without its `.part` (a run killed between the rename into place and the removal of
 * the description, or before the first byte). Safe names never look like these (safe-name.ts), so
 * nothing else is touched. Run under the lock, after planning. Resolves with what was removed.
 */
export async function sweepPartials(out: string, folders: string[], downloads: string[]): Promise<string[]> {
  const continued = new Set(downloads);
  const removed: string[] = [];
  for (const folder of new Set(folders)) {
    let names: string[];
    try {
      // A real folder only: a link planted at `files/Documents` must not have its target swept.
      if (!(await lstatInside(out, folder))?.isDirectory()) continue;
      names = await readdir(localPath(out, folder));
    } catch {
      continue; // not there (yet), or not a real folder: nothing to sweep
    }
    const present = new Set(names);
    for (const name of names) {
      const match = PARTIAL.exec(name);
      if (!match) continue;
      const described = match[2] !== undefined;
      const orphan = described && !present.has(name.slice(0, -'.json'.length));
      if (!orphan && continued.has(`${folder}/${match[1]}`)) continue;
      // A link, FIFO or hard link is unlinked itself (never what it points to); a folder is left.
      const gone = await removeInside(out, `${folder}/${name}`, 'file').catch(() => false);
      if (gone) removed.push(`${folder}/${name}`);
    }
  }
  return removed;
}
