/**
 * The follower of `crash-soak.test.ts`, as a bot author writes one: it logs each item, then saves
 * the cursor (atomically: a kill never leaves half a file). Killed with SIGKILL at any moment and
 * started again, it resumes from the last cursor saved.
 * Arguments: baseUrl username password cursorFile logFile.
 */
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { NativeClient, type NetworkCursor } from '../../src/index.js';

const [baseUrl, username, password, cursorFile, logFile] = process.argv.slice(2) as string[];
const save = (cursor: NetworkCursor | undefined) => {
  if (cursor === undefined) return;
  writeFileSync(`${cursorFile}.tmp`, JSON.stringify(cursor));
  renameSync(`${cursorFile}.tmp`, cursorFile as string);
};
const hub = new NativeClient({
  baseUrl: baseUrl as string,
  username: username as string,
  password: password as string,
  validation: 'warn',
  hooks: { onValidationWarning: () => {} },
});
const saved = existsSync(cursorFile as string)
  ? (JSON.parse(readFileSync(cursorFile as string, 'utf8')) as NetworkCursor)
  : undefined;
const follow = hub.network.follow({ interval: 20, pageSize: 10, ...(saved ? { cursor: saved } : {}) });
const iterator = follow[Symbol.asyncIterator]();
const first = iterator.next();
// A follow without a cursor starts at the newest item: save where it stands, then say so.
while (follow.cursor === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
if (!saved) save(follow.cursor);
process.stdout.write('ready\n');
for (let next = await first; !next.done; next = await iterator.next()) {
  appendFileSync(logFile as string, `${next.value.body}\n`);
  save(follow.cursor);
}
