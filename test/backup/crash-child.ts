/**
 * Runs `socialsite-sdk backup` in a process of its own that SIGKILLs itself at a chosen moment:
 * just before or just after the n-th file-system change (open for writing, write, rename, rm,
 * mkdir...) or the n-th request, optionally counting only those whose subject (a path, `a -> b`
 * for a rename, or a URL) matches a pattern. The moment is `CRASH_AT`, JSON:
 * `{ "nth": 3, "when": "after", "ops": ["rename"], "match": "\\.part$" }`. With `CRASH_TRACE=FILE`
 * every counted step is appended to FILE (`op subject`), to spread kills over a whole run.
 *
 * The fs functions are replaced on `fs/promises` itself and pushed to every importer with
 * `syncBuiltinESMExports`, before the backup's modules are loaded. With `CRASH_BARRIER=1` the
 * process writes `ready` to stderr and waits for a line on stdin before it starts the backup.
 */
import { appendFileSync } from 'node:fs';
import fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';

interface CrashAt {
  nth: number;
  when: 'before' | 'after';
  ops?: string[];
  match?: string;
}

const crashAt = process.env.CRASH_AT ? (JSON.parse(process.env.CRASH_AT) as CrashAt) : undefined;
const pattern = crashAt?.match ? new RegExp(crashAt.match) : undefined;
const trace = process.env.CRASH_TRACE;
let counted = 0;

/** Whether this step is the one to die at. */
function count(op: string, subject: string): boolean {
  if (trace) appendFileSync(trace, `${op} ${subject}\n`);
  if (!crashAt || (crashAt.ops && !crashAt.ops.includes(op)) || (pattern && !pattern.test(subject)))
    return false;
  counted++;
  return counted === crashAt.nth;
}

function die(): never {
  process.kill(process.pid, 'SIGKILL');
  // SIGKILL to oneself is delivered before kill() returns; this only satisfies the type.
  throw new Error('unreachable');
}

type AnyAsync = (...args: unknown[]) => Promise<unknown>;
const fsApi = fsp as unknown as Record<string, AnyAsync>;

function wrap(op: string, subjectOf: (args: unknown[]) => string | undefined): void {
  const original = fsApi[op]!;
  fsApi[op] = async (...args: unknown[]) => {
    const subject = subjectOf(args);
    const chosen = subject !== undefined && count(op, subject);
    if (chosen && crashAt?.when === 'before') die();
    const result = await original(...args);
    if (chosen) die();
    return result;
  };
}

const first = (args: unknown[]) => String(args[0]);
// Opens for reading change nothing: not counted.
wrap('open', (args) =>
  args[1] === undefined || args[1] === 'r' ? undefined : `${String(args[0])} ${String(args[1])}`,
);
wrap('rename', (args) => `${String(args[0])} -> ${String(args[1])}`);
for (const op of ['writeFile', 'rm', 'rmdir', 'mkdir', 'unlink', 'truncate']) wrap(op, first);

// Writes through a file handle (the bytes of a download, the temporary file of an atomic write).
const probe = await fsp.open(process.execPath, 'r');
const handleApi = Object.getPrototypeOf(probe) as Record<string, AnyAsync>;
await probe.close();
for (const op of ['write', 'writeFile', 'sync', 'truncate']) {
  const original = handleApi[op]!;
  handleApi[op] = async function (this: unknown, ...args: unknown[]) {
    const chosen = count(`handle.${op}`, '');
    if (chosen && crashAt?.when === 'before') die();
    const result = await original.apply(this, args);
    if (chosen) die();
    return result;
  };
}
syncBuiltinESMExports();

const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  const chosen = count('fetch', url);
  if (chosen && crashAt?.when === 'before') die();
  const response = await realFetch(input, init);
  if (chosen) die();
  return response;
};

const { runBackupCli } = await import('../../src/backup/index.js');
if (process.env.CRASH_BARRIER) {
  // Started together with others: say "ready" and wait for the word to go, so that all start at once.
  process.stderr.write('ready\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  process.stdin.destroy();
}
process.exitCode = await runBackupCli(process.argv.slice(2));
