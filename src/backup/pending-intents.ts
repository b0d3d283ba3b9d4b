import { removeIntent } from './journal.js';
import type { Manifest, ManifestFile } from './manifest.js';

/**
 * The entries of completed files, by hub hash, until a manifest write holds them: only then is
 * their download intent done with (journal.ts), as a kill before that write leaves the intent to
 * tell the next run that the file is complete.
 */
export class PendingIntents {
  readonly #out: string;
  readonly #unwritten = new Map<string, ManifestFile>();

  constructor(out: string) {
    this.#out = out;
  }

  /** `entry` was set in the manifest store; its intent goes once a write holds this very object. */
  awaitWrite(entry: ManifestFile): void {
    this.#unwritten.set(entry.hash, entry);
  }

  /** Intents whose entries a manifest write now holds are done with (`ManifestStore`'s `onWritten`). */
  async dropWritten(written: Manifest): Promise<void> {
    // The written files are the very entry objects set (identity, not equal content): an entry
    // replaced since (the file downloaded again) keeps its intent until its own write.
    const entries = new Set(written.files);
    for (const [hash, entry] of this.#unwritten) {
      if (!entries.has(entry)) continue;
      this.#unwritten.delete(hash);
      await removeIntent(this.#out, hash);
    }
  }
}
