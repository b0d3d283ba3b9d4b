/**
 * The Native channel API: files, a chunked download with progress, albums, groups and members, an
 * identity lookup, a post and a comment.
 * ```sh
 * npx socialsite-sdk example native-basics
 * ```
 * Against a real hub instead of the fake: set HUB_BASE_URL, HUB_USER and HUB_PASSWORD.
 */
import { NativeClient, NotFoundError } from 'socialsite-sdk';
import { exampleSite } from './support/site.js';

const site = await exampleSite();
try {
  const hub = new NativeClient(site.hub);

  const files = await hub.files.list().toArray();
  for (const file of files)
    console.log(`${file.is_dir ? 'dir ' : 'file'} ${file.display_path ?? file.filename} ${file.filesize}`);

  const biggest = files.filter((f) => !f.is_dir).sort((a, b) => b.filesize - a.filesize)[0];
  if (biggest) {
    let received = 0;
    const stream = hub.files.download(biggest.hash, {
      concurrency: 2,
      onProgress: ({ loaded, total }) => console.log(`  ${biggest.filename}: ${loaded}/${total} bytes`),
    });
    for await (const bytes of stream) received += bytes.byteLength;
    console.log(`downloaded ${received} bytes`);
  }

  console.log(
    'albums:',
    (await hub.albums.list()).map((album) => `${album.text} (${album.total})`),
  );
  const groups = await hub.groups.list();
  console.log(
    'groups:',
    groups.map((group) => group.gname),
  );
  const friends = groups.find((group) => !group.deleted);
  if (friends) {
    const members = await hub.groups.members({ group_id: friends.id });
    console.log(
      `members of ${friends.gname}:`,
      members.map((member) => member.xchan_addr),
    );
    const address = members[0]?.xchan_addr;
    if (address) {
      const xchan = await hub.xchan.get({ address });
      console.log(`xchan ${xchan.address}: ${xchan.name}, network ${xchan.network}`);
    }
  }

  // Hubzilla cancels a post or comment whose text repeats one sent in the last 2 minutes
  // ("operation cancelled"): the time makes each run's text new.
  const now = new Date().toISOString();
  const post = await hub.items.update({
    title: 'Hello',
    body: `Posted with [b]socialsite-sdk[/b] at ${now}`,
  });
  const comment = await hub.items.update({ body: `A comment (${now})`, parent: post.item_id });
  console.log(`post ${post.item_id}, comment ${comment.item_id}`);

  try {
    await hub.xchan.get({ address: 'nobody@nowhere.example' });
  } catch (error) {
    if (error instanceof NotFoundError) console.log('unknown identity → NotFoundError');
    else throw error;
  }
} finally {
  await site.close();
}
