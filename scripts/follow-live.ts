/**
 * `npx tsx scripts/follow-live.ts`: `hub.network.follow` against a LIVE hub while another channel
 * posts and comments (writes to the hub!). Needs HUB_BASE_URL, HUB_USER + HUB_PASSWORD (the
 * follower) and HUB_OTHER_USER + HUB_OTHER_PASSWORD (a channel connected to it). The other channel
 * posts a burst larger than a page, comments on the follower's OLDEST thread and on its own new
 * post; the follower is restarted from its cursor half-way. Prints what was seen, how often, and
 * how long after each write it came.
 */
import { NativeClient, type NetworkCursor } from '../src/index.js';

const env = process.env;
const missing = ['HUB_BASE_URL', 'HUB_USER', 'HUB_PASSWORD', 'HUB_OTHER_USER', 'HUB_OTHER_PASSWORD'].filter(
  (name) => !env[name],
);
if (missing.length > 0) {
  console.error(`follow-live: set ${missing.join(', ')}`);
  process.exit(2);
}
const baseUrl = env.HUB_BASE_URL as string;
let requests = 0;
const hooks = { onRequest: () => void requests++ };
const follower = () =>
  new NativeClient({
    baseUrl,
    username: env.HUB_USER as string,
    password: env.HUB_PASSWORD as string,
    hooks,
  });
const other = new NativeClient({
  baseUrl,
  username: env.HUB_OTHER_USER as string,
  password: env.HUB_OTHER_PASSWORD as string,
});
const run = `live ${new Date().toISOString()}`;
const interval = Number(env.FOLLOW_INTERVAL ?? 2000);
const pageSize = 3;

const written = new Map<string, number>(); // body → when written
const seen: { body: string; at: number; top: boolean }[] = [];
const t0 = Date.now();

async function write(body: string, parent?: Parameters<typeof other.items.reply>[0]) {
  written.set(body, Date.now());
  if (parent) await other.items.reply(parent, { body });
  else await other.items.update({ body });
}

async function follow(cursor: NetworkCursor | undefined, stopAfter: number, signal: AbortSignal) {
  const f = follower().network.follow({ interval, pageSize, signal, ...(cursor ? { cursor } : {}) });
  const iterator = f[Symbol.asyncIterator]();
  const pending = iterator.next();
  while (f.cursor === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
  started();
  for (let next = await pending; !next.done; next = await iterator.next()) {
    const item = next.value;
    seen.push({ body: item.body, at: Date.now(), top: item.message_id === item.message_top });
    if (seen.length >= stopAfter) break;
  }
  await iterator.return?.();
  return f.cursor as NetworkCursor;
}
let started: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  started = resolve;
});

const controller = new AbortController();
const deadline = setTimeout(() => controller.abort(), Number(env.FOLLOW_TIMEOUT ?? 180_000));
const writer = (async () => {
  await ready;
  // The follower's oldest thread, as the other channel sees it.
  const theirs = await other.network.stream({ records: 100 }).toArray();
  const oldest = theirs
    .filter(
      (item) => item.message_id === item.message_top && item.author?.address?.startsWith(`${env.HUB_USER}@`),
    )
    .sort((a, b) => Number(a.created) - Number(b.created))[0];
  if (!oldest) throw new Error('no thread of the follower visible to the other channel');
  console.log(
    `oldest thread of ${env.HUB_USER}: created ${oldest.created?.toISOString()} "${oldest.body.slice(0, 40)}"`,
  );
  for (let i = 1; i <= 4; i++) await write(`${run} burst post ${i}`); // a burst larger than a page (3)
  await write(`${run} comment 1 on the OLD thread`, oldest);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  written.set(`${run} post 5`, Date.now());
  const post = await other.items.update({ body: `${run} post 5` });
  await write(`${run} comment on post 5`, post.item);
  await write(`${run} comment 2 on the OLD thread`, oldest);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await write(`${run} comment 3 on the OLD thread`, oldest);
  await write(`${run} post 6`);
})();

const cursor = await follow(undefined, 4, controller.signal);
console.log(
  `restart after ${seen.length} items; cursor ${JSON.stringify(cursor).length} bytes:`,
  JSON.stringify(cursor),
);
const resumed = JSON.parse(JSON.stringify(cursor)) as NetworkCursor;
const expected = 10;
await Promise.all([writer, follow(resumed, expected, controller.signal)]);
clearTimeout(deadline);

const ours = seen.filter((entry) => entry.body.startsWith(run));
const counts = new Map<string, number>();
for (const entry of seen) counts.set(entry.body, (counts.get(entry.body) ?? 0) + 1);
console.log(
  `\n${seen.length} items yielded (${ours.length} of this run's ${written.size} writes), ${requests} requests, ${((Date.now() - t0) / 1000).toFixed(1)} s`,
);
for (const entry of seen) {
  const at = written.get(entry.body);
  console.log(
    `  ${entry.top ? 'post   ' : 'comment'} seen ${counts.get(entry.body)}× ${at ? `${((entry.at - at) / 1000).toFixed(1)} s after writing` : '(not written by this run)'}: ${entry.body.slice(0, 70)}`,
  );
}
const missed = [...written.keys()].filter((body) => !counts.has(body));
const twice = [...counts].filter(([, n]) => n > 1);
console.log(`missed: ${missed.length} ${JSON.stringify(missed)}; seen more than once: ${twice.length}`);
process.exit(missed.length === 0 && twice.length === 0 ? 0 : 1);
