/**
 * `npx tsx scripts/follow-notifications-live.ts`: `app.notification.follow` against a LIVE phpFox
 * (it marks the user's notifications seen!). Needs APP_BASE_URL, APP_KEY, and NOTIFY_CMD, a shell
 * command that creates one new notification for the app's user (phpFox's API cannot: e.g. an SQL
 * INSERT into `phpfox_notification`). Stops in the middle of an answer and resumes from the cursor,
 * then simulates a crash between `notification.get` and saving the cursor, and prints what came.
 */
import { execSync } from 'node:child_process';
import { AppClient, type NotificationCursor } from '../src/index.js';

const env = process.env;
const missing = ['APP_BASE_URL', 'APP_KEY', 'NOTIFY_CMD'].filter((name) => !env[name]);
if (missing.length > 0) {
  console.error(`follow-notifications-live: set ${missing.join(', ')}`);
  process.exit(2);
}
let calls = 0;
const app = await AppClient.fromKey(env.APP_KEY as string, {
  baseUrl: env.APP_BASE_URL as string,
  hooks: { onRequest: () => void calls++ },
});
const notify = (count: number) => {
  for (let i = 0; i < count; i++) execSync(env.NOTIFY_CMD as string, { stdio: 'inherit' });
};
const seen: number[] = [];
async function take(cursor: NotificationCursor | undefined, count: number, save = true) {
  const follow = app.notification.follow({ interval: 1000, ...(cursor ? { cursor } : {}) });
  let taken = 0;
  for await (const n of follow) {
    seen.push(n.notification_id);
    if (++taken === count) break;
  }
  return save ? (JSON.parse(JSON.stringify(follow.cursor)) as NotificationCursor) : cursor;
}

const unseen = await app.notification.getNewCount();
console.log(`unseen at the start: ${unseen}`);
let cursor = await take(undefined, 3); // in the middle of the first answer of 5
console.log(
  `stopped after 3; cursor ${JSON.stringify(cursor).length} bytes, pending ${cursor?.pending.length}`,
);
notify(6);
cursor = await take(cursor, unseen - 3 + 6);
console.log(`after the resume: ${seen.length} yielded, ${new Set(seen).size} distinct`);
// A crash: the next answer is fetched (marked seen) and one item handled, but the cursor not saved.
notify(2);
await take(cursor, 1, false);
const before = seen.length;
await take(cursor, 2); // the fill-up brings back both; the one handled before the crash comes again
console.log(
  `crash recovery: ${seen.length - before} yielded after resuming from the last saved cursor: ${seen.slice(-3).join(', ')}`,
);
const expected = unseen + 6 + 2;
const distinct = new Set(seen).size;
console.log(`${seen.length} yielded, ${distinct} distinct of ${expected} notifications, ${calls} requests`);
console.log(`now unseen: ${await app.notification.getNewCount()}`);
process.exit(distinct === expected ? 0 : 1);
