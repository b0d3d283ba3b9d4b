/**
 * Download the largest file of the channel to disk with a progress line; a failed or aborted
 * download leaves nothing at the target (the OS temp folder, or the path given after the name):
 * ```sh
 * npx socialsite-sdk example download-to-disk
 * ```
 * Against a real hub instead of the fake: set HUB_BASE_URL, HUB_USER and HUB_PASSWORD.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NativeClient } from 'socialsite-sdk';
import { downloadToFile } from 'socialsite-sdk/node';
import { exampleSite } from './support/site.js';

const site = await exampleSite();
try {
  const hub = new NativeClient(site.hub);
  const files = await hub.files.list().toArray();
  const file = files.filter((f) => !f.is_dir).sort((a, b) => b.filesize - a.filesize)[0];
  if (!file) throw new Error('the channel has no files');
  const target = process.argv[2] ?? join(tmpdir(), file.filename);
  let lastPercent = -1;
  const result = await downloadToFile(hub, file, target, {
    // the record, or its hash
    concurrency: 4,
    onProgress: ({ loaded, total }) => {
      const percent = Math.floor((loaded / total) * 100);
      if (percent >= lastPercent + 25 || (loaded === total && lastPercent < 100)) {
        lastPercent = percent;
        console.log(`${percent}% (${loaded}/${total})`);
      }
    },
  });
  console.log(`saved ${result.bytes} bytes to ${result.path}`);
} finally {
  await site.close();
}
