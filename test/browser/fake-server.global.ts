import type { TestProject } from 'vitest/node';
import { startFakeServer } from '../../src/testing/index.js';

/** What the browser tests learn about the loopback fake server (only plain data crosses into the page). */
export interface ProvidedFakeServer {
  url: string;
  appKey: string;
  channel: { username: string; password: string };
  big: { file_id: string; filesize: number; sha256: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    fakeServer: ProvidedFakeServer;
  }
}

/**
 * Starts the fake site on loopback HTTP (Node: it needs a socket) for the browser tests that go over
 * real HTTP. It sends CORS headers, which is what lets a page from the test server's origin call it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startFakeServer();
  const { big } = server.site.files;
  const { username, password } = server.credentials.channel;
  project.provide('fakeServer', {
    url: server.url,
    appKey: server.credentials.appKey,
    channel: { username, password },
    big: { file_id: big.file_id, filesize: big.filesize, sha256: big.sha256 },
  });
  return () => server.close();
}
