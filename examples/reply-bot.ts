/**
 * A bot that answers every new comment on the channel's own posts, once, across restarts. It
 * follows the network stream (`hub.network.follow`), replies with `hub.items.reply`, and saves the
 * follow's cursor to a file after each item: a restarted bot resumes right after the last item it
 * handled. Each reply's `message_id` is derived from the comment it answers, so a reply sent again
 * (after a lost answer, or by a bot restarted before it saved its cursor) is stored once: the hub
 * refuses the second and the SDK resolves it to the first. Ctrl-C stops it cleanly.
 * Against the embedded fake, where comments trickle in (`site.trickle`); it ends after 3 replies:
 * ```sh
 * npx socialsite-sdk example reply-bot
 * ```
 * Against a real hub: without `--replies` it runs until Ctrl-C, polling every 30 s unless
 * `--interval` says otherwise, the cursor in ./reply-bot.cursor.json:
 * ```sh real-site
 * HUB_BASE_URL=https://hub.example HUB_USER=alice HUB_PASSWORD=... npx socialsite-sdk example reply-bot --replies 2 --interval 2000
 * ```
 * Options: --cursor FILE, --replies N (stop after N replies), --interval MS (pause between polls).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { NativeClient, type StreamItem } from 'socialsite-sdk';
import { exampleSite } from './support/site.js';

const site = await exampleSite();
const fake = site.fakeHub;
const { values } = parseArgs({
  options: { cursor: { type: 'string' }, replies: { type: 'string' }, interval: { type: 'string' } },
});
// The fake starts empty on every run, so a cursor kept from an earlier run would point past its
// end: there each run gets a temporary file unless --cursor names one.
const temporary = fake && !values.cursor ? await mkdtemp(path.join(tmpdir(), 'reply-bot-')) : undefined;
const cursorFile =
  values.cursor ?? (temporary ? path.join(temporary, 'cursor.json') : 'reply-bot.cursor.json');
const maxReplies = Number(values.replies ?? (fake ? 3 : Number.POSITIVE_INFINITY));
const interval = Number(values.interval ?? (fake ? 500 : 30_000));

const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
// The demo ends by itself even if fewer comments come than expected.
if (fake) setTimeout(() => controller.abort(), 60_000).unref();
// On the fake, a comment every 200 ms: some on alice's own posts, some on other threads.
fake?.trickle({ every: 200, items: false, notifications: false, signal: controller.signal });

try {
  const hub = new NativeClient(site.hub);
  // The channel's own address: its posts are the threads it owns (`owner`).
  const me = (await hub.abook.list()).find((entry) => entry.abook_self)?.xchan_addr;
  if (!me) throw new Error('the channel has no own address-book entry');
  console.log(`following ${me}'s network stream, cursor in ${cursorFile}`);

  const follower = hub.network.follow({ cursor: await loadCursor(), interval, signal: controller.signal });
  let replies = 0;
  for await (const item of follower) {
    if (isCommentOnMyPost(item, me)) {
      const reply = await hub.items.reply(item, {
        body: `Thanks, ${item.author.name}! (re: “${item.body}”)`,
        message_id: replyIdFor(item),
      });
      replies++;
      console.log(`replied to ${item.author.name}: “${item.body}” → item ${reply.item_id}`);
    }
    // After the reply: a crash between the two sends the reply again on restart, with the same
    // message id: stored once, never skipped.
    await saveCursor(follower.cursor);
    if (replies >= maxReplies) break;
  }
  console.log(`stopped after ${replies} replies; cursor saved in ${cursorFile}`);
} finally {
  controller.abort();
  await site.close();
  if (temporary) await rm(temporary, { recursive: true, force: true });
}

/**
 * A comment (not a post) in a thread the channel owns (one of its posts), written by someone else:
 * the bot's own replies come back through the stream too, and must not be answered.
 */
function isCommentOnMyPost(item: StreamItem, me: string): boolean {
  return item.message_id !== item.message_top && item.owner.address === me && item.author.address !== me;
}

/**
 * The message id of the bot's reply to `item`: the same for every attempt and every run (a UUID
 * made of a hash of the comment's own message id), so the hub stores one reply per comment.
 */
function replyIdFor(item: StreamItem): string {
  const hex = createHash('sha256').update(`reply-bot:${item.message_id}`).digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 3) | 8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function loadCursor() {
  try {
    return JSON.parse(await readFile(cursorFile, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined; // first run: start from now
    throw error;
  }
}

/** Written beside and renamed into place, so that a crash never leaves half a cursor. */
async function saveCursor(cursor: unknown) {
  await writeFile(`${cursorFile}.tmp`, JSON.stringify(cursor));
  await rename(`${cursorFile}.tmp`, cursorFile);
}
