/**
 * `npx tsx bench/relay-guard.ts`: the relay against a greedy upstream and slow pages (issue 39),
 * over real HTTP, the relay in a child process of its own (relay-guard-child.ts):
 * 1. the latency other pages see while the relay scrubs a 12 MiB answer of `%41`;
 * 2. the relay's RSS per pending call, with 200 pages whose upstream calls stall;
 * 3. the time to refuse a body sent at 1 byte/s, and an `authorize` that never settles (defaults).
 * Prints one JSON object. (Not part of `npm run bench`: it waits out the default deadlines.)
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';

const BIG = `{"a":"${'%41'.repeat(4 * 1024 * 1024)}"}`;
let mode: 'big' | 'stall' = 'big';
const stalled: ServerResponse[] = [];
const upstream = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    if (request.url?.startsWith('/api.php')) {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"user_id":1}');
    } else if (mode === 'big') response.writeHead(200, { 'Content-Type': 'application/json' }).end(BIG);
    else stalled.push(response);
  });
});
await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`;

async function startRelay(setup: Record<string, unknown>) {
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      new URL('./relay-guard-child.ts', import.meta.url).pathname,
      JSON.stringify({ upstream: upstreamUrl, ...setup }),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  const next = async () => JSON.parse(((await once(lines, 'line')) as [string])[0]);
  const { url } = (await next()) as { url: string };
  return {
    url,
    memory: async () => {
      child.stdin.write('mem\n');
      return (await next()) as NodeJS.MemoryUsage;
    },
    stop: () => {
      child.stdin.end();
      return once(child, 'exit');
    },
  };
}

const ms = (value: number) => Math.round(value);
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * p)] ?? 0;

/** Small calls every 10 ms while `during` runs: their latencies. */
async function latencies(url: string, during: () => Promise<unknown>): Promise<number[]> {
  const seen: number[] = [];
  let done = false;
  const small = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${url}api.php?method=user.getUser`)
        .then((answer) => answer.text())
        .catch(() => {});
      seen.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  await during();
  done = true;
  await small;
  return seen;
}

const results: Record<string, unknown> = {};
{
  mode = 'big';
  const relay = await startRelay({});
  const idle = await latencies(relay.url, () => new Promise((resolve) => setTimeout(resolve, 1000)));
  let bigMs = 0;
  let bigStatus = '';
  const busy = await latencies(relay.url, async () => {
    const started = performance.now();
    bigStatus = await fetch(`${relay.url}api/z/1.0/files`)
      .then(async (answer) => `${answer.status} (${(await answer.text()).length} characters)`)
      .catch((error: Error) => `${error.message} (${String((error.cause as Error | undefined)?.message)})`);
    bigMs = performance.now() - started;
  });
  results.otherPagesDuring12MiBPercent41 = {
    bigAnswerMs: ms(bigMs),
    bigAnswer: bigStatus,
    idle: { p50: ms(percentile(idle, 0.5)), max: ms(Math.max(...idle)) },
    during: {
      calls: busy.length,
      p50: ms(percentile(busy, 0.5)),
      p99: ms(percentile(busy, 0.99)),
      max: ms(Math.max(...busy)),
    },
  };
  await relay.stop();
}
{
  mode = 'stall';
  const pages = 200;
  const relay = await startRelay({ maxPendingCalls: 256 });
  const before = await relay.memory();
  const calls = Array.from({ length: pages }, () =>
    fetch(`${relay.url}api/z/1.0/files`)
      .then((answer) => answer.text())
      .catch(() => ''),
  );
  while (stalled.length < pages) await new Promise((resolve) => setTimeout(resolve, 20));
  const during = await relay.memory();
  for (const response of stalled.splice(0))
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('[]');
  await Promise.all(calls);
  results.stalledPages = {
    pages,
    rssBeforeMiB: +(before.rss / 2 ** 20).toFixed(1),
    rssDuringMiB: +(during.rss / 2 ** 20).toFixed(1),
    rssPerPendingCallKiB: ms((during.rss - before.rss) / pages / 1024),
    heapPerPendingCallKiB: ms((during.heapUsed - before.heapUsed) / pages / 1024),
  };
  await relay.stop();
  const bounded = await startRelay({});
  const boundedCalls = Array.from({ length: pages }, () =>
    fetch(`${bounded.url}api/z/1.0/files`)
      .then((answer) => answer.status)
      .catch(() => 0),
  );
  for (let waited = 0; stalled.length < pages && waited < 3000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const upstreamOpen = stalled.length;
  for (const response of stalled.splice(0))
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('[]');
  const statuses = await Promise.all(boundedCalls);
  results.stalledPagesDefaultBound = {
    upstreamCallsOpen: upstreamOpen,
    answered200: statuses.filter((status) => status === 200).length,
    answered503: statuses.filter((status) => status === 503).length,
  };
  await bounded.stop();
}

/** Time until the relay answers a POST whose 60-byte body comes at 1 byte/s (capped at `capMs`). */
function slowBody(url: string, capMs: number): Promise<string> {
  const target = new URL(`${url}api/z/1.0/item/update`);
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(Number(target.port), target.hostname, () => {
      socket.write(
        `POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 60\r\n\r\n`,
      );
    });
    const timer = setInterval(() => socket.write('a'), 1000);
    const finish = (what: string) => {
      clearInterval(timer);
      socket.destroy();
      resolve(what);
    };
    socket.once('data', (chunk) =>
      finish(`${chunk.toString().split('\r\n')[0]} after ${ms(performance.now() - started)} ms`),
    );
    socket.on('error', () => {});
    setTimeout(() => finish(`no answer after ${capMs} ms`), capMs);
  });
}

{
  mode = 'big';
  const relay = await startRelay({});
  const hanging = await startRelay({ hangAuthorize: true });
  const [body, authorize] = await Promise.all([
    slowBody(relay.url, 40_000),
    (async () => {
      const started = performance.now();
      const answer = await Promise.race([
        fetch(`${hanging.url}api/z/1.0/files`)
          .then((response) => `${response.status} after ${ms(performance.now() - started)} ms`)
          .catch((error: Error) => `${error.message} after ${ms(performance.now() - started)} ms`),
        new Promise<string>((resolve) => setTimeout(() => resolve('no answer after 20000 ms'), 20_000)),
      ]);
      return answer;
    })(),
  ]);
  results.timeToRefuse = { slowBody1BytePerSecond: body, hangingAuthorize: authorize };
  await relay.stop();
  await hanging.stop();
}

console.log(JSON.stringify(results, null, 2));
upstream.closeAllConnections();
upstream.close();
