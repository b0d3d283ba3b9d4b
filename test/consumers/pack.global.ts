import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { assertFreshBuild, installPackedPackage } from './install.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The scratch project with the packed package installed, and ./project's files. */
    consumerDir: string;
  }
}

/** Packs and installs once for every consumer test; removes the scratch project afterwards. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const repo = path.resolve(import.meta.dirname, '../..');
  await assertFreshBuild(repo);
  const dir = await installPackedPackage(repo);
  project.provide('consumerDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}
