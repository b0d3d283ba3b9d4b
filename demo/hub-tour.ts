import { createHash } from 'node:crypto';
import { type ClientOptions, NativeClient } from 'socialsite-sdk';
import { line, note, ok, progressBar, section } from './output.js';

export interface HubLogin {
  baseUrl: string;
  username: string;
  password: string;
}

/** The Native channel API: files and a chunked download, albums, groups, an identity, a post and a comment. */
export async function hubTour(
  login: HubLogin,
  { expectedSha256, ...options }: Partial<ClientOptions> & { expectedSha256?: string } = {},
) {
  section(`Native channel API at ${login.baseUrl} as ${login.username}`);
  // The demo's own expectedSha256 stays out: the client refuses options it does not take.
  const hub = new NativeClient({ ...options, ...login });

  const files = await hub.files.list().toArray();
  const folders = files.filter((file) => file.is_dir).length;
  line('files', `${files.length - folders} files in ${folders} folders`);
  const biggest = files.filter((file) => !file.is_dir).sort((a, b) => b.filesize - a.filesize)[0];
  if (biggest) {
    const bar = progressBar(biggest.filename.padEnd(12));
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of hub.files.download(biggest.hash, {
      concurrency: 4,
      chunkSize: 256 * 1024,
      onProgress: bar.update,
    })) {
      hash.update(chunk);
      bytes += chunk.byteLength;
    }
    bar.done();
    const digest = hash.digest('hex');
    if (bytes !== biggest.filesize)
      throw new Error(`downloaded ${bytes} bytes, the record says ${biggest.filesize}`);
    if (expectedSha256 && digest !== expectedSha256) {
      throw new Error(`sha256 mismatch: got ${digest}, expected ${expectedSha256}`);
    }
    ok(
      `${biggest.filename}: ${bytes} bytes in 256 KiB chunks, 4 at a time, sha256 ${digest.slice(0, 16)}…${expectedSha256 ? ' (matches)' : ''}`,
    );
  }

  const albums = await hub.albums.list();
  line('albums', albums.map((album) => `${album.text} (${album.total})`).join(', ') || 'none');

  const groups = await hub.groups.list();
  line(
    'privacy groups',
    groups.map((group) => `${group.gname}${group.deleted ? ' (deleted)' : ''}`).join(', '),
  );
  const group = groups.find((candidate) => !candidate.deleted);
  if (group) {
    const members = await hub.groups.members({ group_id: group.id });
    line(`members of ${group.gname}`, members.map((member) => member.xchan_name).join(', ') || 'none');
    const someone = members.find((member) => member.xchan_addr);
    if (someone?.xchan_addr) {
      const xchan = await hub.xchan.get({ address: someone.xchan_addr });
      line('xchan lookup', `${xchan.address} → ${xchan.name} on ${xchan.network}`);
    }
  }

  const stamp = new Date().toISOString();
  const post = await hub.items.update({
    body: `Hello from socialsite-sdk at ${stamp}`,
    title: 'Demo',
  });
  ok(`posted item ${post.item_id}`);
  const comment = await hub.items.reply(post.item, { body: `And a comment on it (${stamp}).` });
  ok(`commented: item ${comment.item_id} in thread ${comment.item.parent}`);
  const thread = await hub.items.full({ item_id: post.item_id });
  note(`the thread now holds ${thread.length} item(s)`);
}
