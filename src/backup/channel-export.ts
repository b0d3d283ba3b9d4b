import { join } from 'node:path';
import type { BackupRun } from './backup-run.js';
import { describeError, sha256Of, writeFileAtomic } from './fs-utils.js';
import { EXPORT_FILE } from './layout.js';
import { BackupSetupError, EXIT_CODES } from './outcome.js';

/**
 * Saves the channel's export as `channel-export.json` and records it in the manifest. A failed
 * export is reported and the run goes on to the files; an export of another channel than the
 * folder's is refused (BackupSetupError).
 */
export async function saveExport(
  run: BackupRun,
  { sections, posts }: { sections: string[]; posts: boolean },
): Promise<void> {
  try {
    const data = await run.options.hub.channel.exportBasic({ sections, posts }, { signal: run.signal });
    const channel = data.relocate.channel_address;
    const known = run.store.manifest.channel;
    if (known && channel && known !== channel) {
      throw new BackupSetupError(
        EXIT_CODES.usage,
        `${run.out} holds the backup of channel ${known}, not ${channel}: choose another --out`,
      );
    }
    // The `channel` section holds the channel's private key: readable by the owner only.
    const text = `${JSON.stringify(data, null, 2)}\n`;
    await writeFileAtomic(join(run.out, EXPORT_FILE), text, 0o600);
    const asked = posts ? [...new Set([...sections, 'items'])] : sections;
    const size = Buffer.byteLength(text);
    const savedAt = new Date().toISOString();
    run.store.update({
      export: { path: EXPORT_FILE, sections: asked, size, sha256: sha256Of(text), savedAt },
      ...(channel ? { channel } : {}),
    });
    run.record.exported = 'saved';
    run.emit({ type: 'export', path: EXPORT_FILE, size, sections: asked });
  } catch (error) {
    if (error instanceof BackupSetupError) throw error;
    if (run.stopped(error)) return;
    run.record.exported = 'failed';
    run.emit({ type: 'export-failed', error: describeError(error) });
  }
}
