import type { TrapKind } from '../../support/fs-traps.js';

/*
 * The file-system rows of the fault matrix: what `socialsite-sdk backup` (and through it
 * `downloadToFile` with `resume`) does when a link, a FIFO, a folder or a second hard link was
 * planted in a backup folder, in each place it writes. Every cell also checks what holds
 * everywhere: nothing outside the backup folder is written, moved or deleted, the run settles (a
 * FIFO is never waited on), and a run that exits 0 has a manifest of regular files that `verify`
 * passes.
 */

/** A place the backup writes, relative to the backup folder, after one complete run. */
export interface TrapPlace {
  id: 'part' | 'sidecar' | 'file' | 'folder' | 'manifest' | 'export' | 'lock';
  title: string;
  /** Where the trap goes. */
  path: string;
  /** Removed before the trap is planted (the saved copy, so the run downloads it again). */
  clear: string[];
}

export const TRAP_PLACES: readonly TrapPlace[] = [
  {
    id: 'part',
    title: '`.big.bin.part`',
    path: 'files/Documents/.big.bin.part',
    clear: ['files/Documents/big.bin'],
  },
  {
    id: 'sidecar',
    title: '`.big.bin.part.json`',
    path: 'files/Documents/.big.bin.part.json',
    clear: ['files/Documents/big.bin'],
  },
  { id: 'file', title: 'a saved file', path: 'files/Documents/big.bin', clear: ['files/Documents/big.bin'] },
  {
    id: 'folder',
    title: 'a folder (`files/Documents`)',
    path: 'files/Documents',
    clear: ['files/Documents'],
  },
  { id: 'manifest', title: '`manifest.json`', path: 'manifest.json', clear: ['manifest.json'] },
  {
    id: 'export',
    title: '`channel-export.json`',
    path: 'channel-export.json',
    clear: ['channel-export.json'],
  },
  { id: 'lock', title: '`.lock`', path: '.lock', clear: [] },
];

/**
 * What becomes of the trap, and the exit code: `left` (refused, or failed on, and left exactly as
 * found), `replaced` (a regular file renamed over it: a rename replaces a link, never writes
 * through it), `removed` (an orphan `.part.json`, or a lock folder with no owner: the link, FIFO or
 * name itself is deleted, never what it points to). A `.lock` the backup cannot read as its own is
 * left, and the run refused with the lock message (exit 1).
 */
export interface TrapOutcome {
  trap: 'left' | 'replaced' | 'removed';
  exit: 0 | 1 | 3;
}

const left3: TrapOutcome = { trap: 'left', exit: 3 };
const left1: TrapOutcome = { trap: 'left', exit: 1 };
const replaced: TrapOutcome = { trap: 'replaced', exit: 0 };
const removed: TrapOutcome = { trap: 'removed', exit: 0 };

/** `undefined`: not a trap there (a folder is what belongs at a folder's place). */
export const TRAP_OUTCOMES: Record<TrapKind, Record<TrapPlace['id'], TrapOutcome | undefined>> = {
  'symlink to a file': {
    part: left3,
    sidecar: removed,
    file: replaced,
    folder: left3,
    manifest: left1,
    export: replaced,
    lock: left1,
  },
  'symlink to a folder': {
    part: left3,
    sidecar: removed,
    file: replaced,
    folder: left3,
    manifest: left1,
    export: replaced,
    lock: left1,
  },
  FIFO: {
    part: left3,
    sidecar: removed,
    file: replaced,
    folder: left3,
    manifest: left1,
    export: replaced,
    lock: left1,
  },
  folder: {
    part: left3,
    sidecar: left3,
    file: left3,
    folder: undefined,
    manifest: left1,
    export: left3,
    lock: removed,
  },
  'hard link': {
    part: left3,
    sidecar: removed,
    file: replaced,
    folder: left3,
    manifest: left1,
    export: replaced,
    lock: left1,
  },
};

const TRAP_WORDS: Record<TrapOutcome['trap'], string> = {
  left: 'left as is',
  replaced: 'replaced',
  removed: 'removed',
};

const ROW_NAMES: Record<TrapKind, string> = {
  'symlink to a file': 'A symbolic link to a file outside',
  'symlink to a folder': 'A symbolic link to a folder outside',
  FIFO: 'A FIFO (named pipe)',
  folder: 'An empty folder',
  'hard link': 'A second hard link of a file outside',
};

export function renderTrapTable(kinds: readonly TrapKind[]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const header = ['Planted', ...TRAP_PLACES.map((place) => place.title)];
  const rows = kinds.map((kind) => [
    ROW_NAMES[kind],
    ...TRAP_PLACES.map((place) => {
      const outcome = TRAP_OUTCOMES[kind][place.id];
      return outcome ? `${TRAP_WORDS[outcome.trap]}, exit ${outcome.exit}` : '—';
    }),
  ]);
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
