/**
 * Create a post, reply to it, reply to a post from the network stream, edit, and read the thread
 * back. See docs/posting.md.
 * ```sh
 * npx socialsite-sdk example post-and-comment
 * ```
 * Against a real hub instead of the fake: set HUB_BASE_URL, HUB_USER and HUB_PASSWORD.
 */
import { NativeClient } from 'socialsite-sdk';
import { exampleSite } from './support/site.js';

const site = await exampleSite();
try {
  const hub = new NativeClient(site.hub);
  // Hubzilla cancels a post or comment whose text repeats one sent in the last 2 minutes: make each new.
  const now = new Date().toISOString();
  const post = await hub.items.update({
    title: 'Weekend',
    body: `Who is up for a hike? (${now})`,
    category: ['outdoors'],
  });
  console.log(`posted ${post.item_id}: ${post.item.title}`);

  // A reply: to any item the SDK returned (here the row items.update answered) or its message id.
  const comment = await hub.items.reply(post.item, { body: `Count me in! (${now})` });
  console.log(`commented ${comment.item_id} in thread ${comment.item.parent}`);

  // Stream items have no row id: reply to them the same way (never `parent: item.id`).
  const { items } = await hub.network.stream(); // the first page: the latest threads
  const other = items.find(
    (item) => item.message_id === item.message_top && item.message_id !== post.item.mid,
  );
  if (other) {
    const reply = await hub.items.reply(other, { body: `Nice one! (${now})` });
    console.log(`replied ${reply.item_id} to a post by ${other.author.name}`);
  }

  const edited = await hub.items.update({
    post_id: post.item_id,
    title: 'Weekend',
    body: 'Who is up for a hike on Sunday?',
  });
  console.log(`edited ${edited.item_id}: ${edited.item.body}`);
  const thread = await hub.items.full({ item_id: post.item_id });
  for (const item of thread) console.log(`  ${item.id === item.parent ? '' : '↳ '}${item.body}`);
} finally {
  await site.close();
}
