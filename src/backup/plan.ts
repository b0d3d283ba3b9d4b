import type { Attach } from '../index.js';
import type { ManifestFile } from './manifest.js';
import type { Tree, TreeEntry } from './walk.js';

/** A file whose local copy must change place (its hub name or folder changed). */
export interface PlannedMove {
  entry: TreeEntry;
  from: ManifestFile;
}

/** What a run does, decided before it touches anything. */
export interface Plan {
  /** Files whose local copy is of the hub's version (some after a move). */
  unchanged: TreeEntry[];
  /** Local copies to move first (then downloaded again too if their version changed). */
  moves: PlannedMove[];
  /** Files to fetch: new, changed on the hub, or whose local copy is missing or of the wrong size. */
  downloads: TreeEntry[];
  /** Files that left the hub since the last run. */
  newlyGone: ManifestFile[];
  /** All files not on the hub any more (newly or earlier gone). */
  gone: ManifestFile[];
}

/**
 * Compares the hub's tree with the manifest. A file is unchanged when its hash, size, revision and
 * edit time are those of the manifest AND its local copy is there with the manifest's size
 * (`locate`, which may find it parked by an interrupted move: it is then moved to its place); contents are
 * re-hashed only by `verify`.
 */
export async function planRun(
  tree: Tree,
  gone: ManifestFile[],
  previous: (hash: string) => ManifestFile | undefined,
  locate: (file: ManifestFile) => Promise<{ size: number; parked: boolean } | undefined>,
): Promise<Plan> {
  const plan: Plan = {
    unchanged: [],
    moves: [],
    downloads: [],
    newlyGone: gone.filter((file) => file.goneSince === undefined),
    gone,
  };
  for (const entry of tree.files) {
    const before = previous(entry.record.hash);
    const found = before && (await locate(before));
    if (!before || found?.size !== before.size) {
      plan.downloads.push(entry);
      continue;
    }
    if (before.path !== entry.path || found.parked) plan.moves.push({ entry, from: before });
    if (sameVersion(before, entry.record)) plan.unchanged.push(entry);
    else plan.downloads.push(entry);
  }
  return plan;
}

/** The version fields of a hub record as the manifest keeps them. */
export function versionOf(record: Attach): Pick<ManifestFile, 'size' | 'revision' | 'edited' | 'created'> {
  return {
    size: record.filesize,
    revision: record.revision,
    edited: isoDate(record.edited),
    created: isoDate(record.created),
  };
}

/** The manifest entry of a file whose local copy is complete. */
export function manifestEntry(
  entry: TreeEntry,
  record: Attach,
  sha256: string,
  savedAt: string,
): ManifestFile {
  return {
    path: entry.path,
    hash: record.hash,
    name: record.filename,
    hubPath: entry.hubPath,
    ...versionOf(record),
    filetype: record.filetype,
    sha256,
    savedAt,
  };
}

function sameVersion(file: ManifestFile, record: Attach): boolean {
  const version = versionOf(record);
  return file.size === version.size && file.revision === version.revision && file.edited === version.edited;
}

function isoDate(date: Date | null): string {
  return date instanceof Date ? date.toISOString() : '';
}
