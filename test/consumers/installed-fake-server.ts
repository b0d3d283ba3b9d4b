import { spawn } from 'node:child_process';
import path from 'node:path';

/** The fake server as `npx socialsite-sdk fake-server` starts it, with what it printed. */
export interface CliFakeServer {
  url: string;
  appKey: string;
  username: string;
  password: string;
  stop(): Promise<void>;
}

/**
 * Runs the installed package's `socialsite-sdk fake-server` in `dir` (a free port, CORS, and `flags`)
 * and reads its banner.
 */
export async function startInstalledFakeServer(dir: string, flags: string[] = []): Promise<CliFakeServer> {
  const bin = path.join(dir, 'node_modules/.bin/socialsite-sdk');
  const child = spawn(process.execPath, [bin, 'fake-server', '--port', '0', '--cors', ...flags], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let banner = '';
  const ready = await new Promise<CliFakeServer>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`fake-server exited with ${code}: ${banner}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      banner += chunk.toString();
      const url = /baseUrl\):\s+(\S+)/.exec(banner)?.[1];
      const appKey = /App key:\s+(\S+)/.exec(banner)?.[1];
      const channel = /Channel:\s+(\S+) \/ (\S+)/.exec(banner);
      if (url && appKey && channel?.[2]) {
        resolve({
          url,
          appKey,
          username: channel[1] ?? '',
          password: channel[2],
          stop: async () => {
            child.kill('SIGINT');
            await exited;
          },
        });
      }
    });
  });
  return ready;
}
