/**
 * Create a post, comment on it, edit it, and read the thread back.
 *   npm run example -- post-and-comment
 */
import { NativeClient } from 'socialsite-sdk';
import { exampleSite } from './support/site.js';

const site = await exampleSite();
try {
  const hub = new NativeClient(site.hub);
  const post = await hub.items.update({
    title: 'Weekend',
    body: `Who is up for a hike? (${new Date().toISOString()})`,
    category: ['outdoors'],
  });
  console.log(`posted ${post.item_id}: ${post.item.title}`);
  // Hubzilla cancels a comment whose text repeats one sent in the last 2 minutes: make it new.
  const comment = await hub.items.update({
    parent: post.item_id,
    body: `Count me in! (${new Date().toISOString()})`,
  });
  console.log(`commented ${comment.item_id}`);
  const edited = await hub.items.update({
    post_id: post.item_id,
    title: 'Weekend',
    body: 'Who is up for a hike on Sunday?',
  });
  console.log(`edited ${edited.item_id}: ${edited.item.body}`);
  const thread = await hub.items.full({ item_id: post.item_id });
  for (const item of thread) console.log(`  ${item.body}`);
} finally {
  await site.close();
}
