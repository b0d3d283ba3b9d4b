/**
 * The server side of the benchmarks, in its own process so that its CPU time and garbage are not
 * charged to the client being measured (a real site is another machine; here it is another core).
 * `fake`: the built fake site with the benchmark data; `virtual MiB`: the virtual hub, encoding on
 * its main thread; `lean MiB`: the same file, encoded by two worker threads. Prints one
 * JSON line with what the client needs, then serves until its stdin closes (the parent ended).
 */
import { testing } from './dist.js';
import { addBenchData } from './fake-data.js';
import { startVirtualHub } from './virtual-hub.js';

/** One per core of the benchmark machine. */
const LEAN_ENCODER_THREADS = 2;

async function start(mode: string | undefined, argument: string | undefined) {
  if (mode === 'fake') {
    const server = await testing.startFakeServer();
    return { info: addBenchData(server), close: server.close };
  }
  if (mode === 'virtual' || mode === 'lean') {
    const {
      close,
      requests: _requests,
      ...info
    } = await startVirtualHub(Number(argument) * 1024 * 1024, {
      encoderThreads: mode === 'lean' ? LEAN_ENCODER_THREADS : 0,
    });
    return { info, close };
  }
  throw new Error(`usage: site-process.ts fake | virtual MiB | lean MiB (got ${mode})`);
}

const { info, close } = await start(process.argv[2], process.argv[3]);
process.stdout.write(`${JSON.stringify(info)}\n`);
process.stdin.resume();
process.stdin.on('end', () => void close().finally(() => process.exit(0)));
