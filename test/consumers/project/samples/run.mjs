// Runs the compiled runnable samples (```ts runnable in the guides), each against a new fake site,
// with the names the guides use without declaring them (see globals.d.ts) bound to real values.
// Prints a JSON report: { [file]: 'ok' | 'ErrorName: message' }.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AppClient, extraField, NativeClient } from 'socialsite-sdk';
import { downloadReadable, downloadToFile, fileFromPath } from 'socialsite-sdk/node';
import { createFakeSite, startFakeServer } from 'socialsite-sdk/testing';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const report = {};
const home = process.cwd();
for (const file of process.argv.slice(2)) {
  const server = await startFakeServer();
  const scratch = await mkdtemp(path.join(tmpdir(), 'socialsite-sample-'));
  try {
    const app = await AppClient.fromKey(server.credentials.appKey, { baseUrl: server.appBaseUrl });
    const hub = new NativeClient({ baseUrl: server.hubBaseUrl, ...server.credentials.channel });
    const [big] = await hub.files.list({ filename: 'big.bin' }).toArray();
    Object.assign(globalThis, {
      AppClient,
      NativeClient,
      extraField,
      downloadToFile,
      downloadReadable,
      fileFromPath,
      createFakeSite,
      app,
      hub,
      file: big,
      key: server.credentials.appKey,
      baseUrl: server.appBaseUrl,
      photo: new Blob([PNG], { type: 'image/png' }),
      signal: new AbortController().signal,
      me: await app.user.getUser(),
      onProgress: () => {},
      saveSomewhere: () => {},
      loadToken: () => app.token,
      render: () => {},
      show: () => {},
    });
    process.chdir(scratch); // a sample that writes files writes them here
    await import(pathToFileURL(path.resolve(home, file)).href);
    report[file] = 'ok';
  } catch (error) {
    report[file] = `${error?.name}: ${error?.message}`;
  } finally {
    process.chdir(home);
    await rm(scratch, { recursive: true, force: true });
    await server.close();
  }
}
console.log(JSON.stringify(report));
