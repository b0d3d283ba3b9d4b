import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** A server running in a child process (see `site-process.ts`). */
export interface SiteProcess<Info> {
  info: Info;
  stop: () => Promise<void>;
}

/** Starts `site-process.ts` with `args` and waits for the JSON line that describes the server. */
export async function spawnSite<Info>(...args: string[]): Promise<SiteProcess<Info>> {
  const script = new URL('./site-process.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const [line] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`site-process ${args.join(' ')} exited with ${code} before it was ready`);
    }),
  ])) as [string];
  return {
    info: JSON.parse(line) as Info,
    stop: async () => {
      const exited = once(child, 'exit');
      // Closing its stdin is the child's signal to close its server and exit.
      child.stdin.end();
      await exited;
    },
  };
}
