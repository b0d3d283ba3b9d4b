/**
 * The conformance entry of runtimes with a file system and `node:` modules (Node, Deno, Bun): the
 * config as the first argument, the results as one `CONFORMANCE <json>` line on stdout.
 */
import { createHash, randomFillSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { conformanceCases } from '../cases.js';
import type { ConformanceConfig, FileSystemAccess } from '../contract.js';
import { runCases } from '../harness.js';
import { relayCases } from '../relay-cases.js';

const config = JSON.parse(process.argv[2] ?? '{}') as ConformanceConfig;
const scratch = await mkdtemp(join(tmpdir(), 'socialsite-conformance-'));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const fs: FileSystemAccess = {
  async makeFile(name, size) {
    const bytes = randomFillSync(new Uint8Array(size));
    const path = join(scratch, name);
    await writeFile(path, bytes);
    return { path, sha256: sha256(bytes) };
  },
  scratchPath: (name) => join(scratch, name),
  sha256: async (path) => sha256(await readFile(path)),
};

try {
  const results = await runCases([...conformanceCases, ...relayCases], { config, fs });
  console.log(`CONFORMANCE ${JSON.stringify(results)}`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
