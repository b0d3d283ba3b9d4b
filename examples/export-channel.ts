/**
 * Export a channel's basic data (some sections) and list what came back. The `channel` section
 * holds the channel's private key: treat an export like a password.
 * ```sh
 * npx socialsite-sdk example export-channel
 * ```
 * Against a real hub instead of the fake: set HUB_BASE_URL, HUB_USER and HUB_PASSWORD.
 */
import { NativeClient } from 'socialsite-sdk';
import { exampleSite } from './support/site.js';

const site = await exampleSite();
try {
  const hub = new NativeClient(site.hub);
  const exported = await hub.channel.exportBasic({ sections: ['channel', 'connections', 'config'] });
  console.log(`exported from ${exported.compatibility.project} ${exported.compatibility.version}`);
  for (const [section, value] of Object.entries(exported)) {
    const size = Array.isArray(value) ? `${value.length} entries` : typeof value;
    console.log(`  ${section}: ${size}`);
  }
} finally {
  await site.close();
}
