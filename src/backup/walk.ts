import type { Attach } from '../index.js';
import { compareText, FILES_DIR, parentOf } from './layout.js';
import { FolderNames, nameKey, safeName } from './safe-name.js';

/** A file or folder of the hub with its place in the backup. */
export interface TreeEntry {
  record: Attach;
  /** Its manifest path: `files/` and the safe names of its folders and itself. */
  path: string;
  /** The hub's own names from the top, `/`-separated (`Documents/notes.txt`). */
  hubPath: string;
}

/** The size of `entries` on the hub (their records' `filesize`), in bytes. */
export function totalSize(entries: readonly TreeEntry[]): number {
  return entries.reduce((sum, entry) => sum + entry.record.filesize, 0);
}

/** The hub's folder tree as local paths. */
export interface Tree {
  /** Parents before their children. */
  folders: TreeEntry[];
  files: TreeEntry[];
  /** Records whose `folder` names no listed folder: they are placed at the top. */
  orphans: Attach[];
  /** Records that cannot be placed (no hash, or inside a cycle of folders). */
  skipped: { record: Attach; reason: string }[];
}

export interface WalkOptions {
  /**
   * Where each hub hash was placed before, and under which hub name: an entry keeps that path while
   * its name and folder are unchanged, so that a collision suffix never moves to another file.
   */
  previous?: ReadonlyMap<string, { path: string; name: string }>;
  /** Manifest paths that stay taken (local copies of files gone from the hub). */
  reserved?: Iterable<string>;
}

/**
 * Places every record of `files.list()` below `files/`, following the `folder` hashes (not the
 * hub's `display_path`), each name made safe ({@link safeName}) and unique in its folder (case and
 * normalization folded), in the hub's order (`id`).
 */
export function walkTree(records: readonly Attach[], options: WalkOptions = {}): Tree {
  const tree: Tree = { folders: [], files: [], orphans: [], skipped: [] };
  const unique = new Map<string, Attach>();
  for (const record of records) {
    if (record.hash === '') tree.skipped.push({ record, reason: 'it has no hash' });
    else if (!unique.has(record.hash)) unique.set(record.hash, record);
  }
  const folderHashes = new Set([...unique.values()].filter((r) => r.is_dir).map((r) => r.hash));
  const children = new Map<string, Attach[]>();
  for (const record of unique.values()) {
    const known = folderHashes.has(record.folder) && record.folder !== record.hash;
    if (record.folder !== '' && !known) tree.orphans.push(record);
    const parent = known ? record.folder : '';
    // Pushed in place: copying the list on every insert made a folder of 40,000 files take 10 s of CPU.
    const siblings = children.get(parent);
    if (siblings) siblings.push(record);
    else children.set(parent, [record]);
  }

  const spaces = new Map<string, FolderNames>();
  const space = (dir: string) => {
    const key = nameKey(dir);
    const names = spaces.get(key) ?? new FolderNames();
    spaces.set(key, names);
    return names;
  };
  for (const path of options.reserved ?? [])
    space(parentOf(path)).claim(path.slice(path.lastIndexOf('/') + 1));

  const placed = new Set<string>();
  const queue = [{ hash: '', path: FILES_DIR, hubPath: '' }];
  // An index, not `shift()`: each folder is taken in constant time.
  for (let next = 0, dir = queue[0]; dir; dir = queue[++next]) {
    const kids = (children.get(dir.hash) ?? []).sort((a, b) => a.id - b.id || compareText(a.hash, b.hash));
    const names = space(dir.path);
    const chosen = new Map<string, string>();
    // First the entries that keep their earlier name, then the others.
    for (const kid of kids) {
      const before = options.previous?.get(kid.hash);
      if (!before || before.name !== kid.filename || parentOf(before.path) !== dir.path) continue;
      const name = before.path.slice(dir.path.length + 1);
      if (name !== '' && safeName(name) === name && names.claim(name)) chosen.set(kid.hash, name);
    }
    for (const kid of kids) {
      const name = chosen.get(kid.hash) ?? names.allocate(safeName(kid.filename), kid.hash);
      placed.add(kid.hash);
      const entry = {
        record: kid,
        path: `${dir.path}/${name}`,
        hubPath: dir.hubPath === '' ? kid.filename : `${dir.hubPath}/${kid.filename}`,
      };
      if (!kid.is_dir) tree.files.push(entry);
      else {
        tree.folders.push(entry);
        queue.push({ hash: kid.hash, path: entry.path, hubPath: entry.hubPath });
      }
    }
  }
  for (const record of unique.values()) {
    if (!placed.has(record.hash)) tree.skipped.push({ record, reason: 'its folders form a cycle' });
  }
  return tree;
}
