/**
 * The package under test: the BUILT one, as users get it (`npm run bench` builds first), found
 * through package.json `exports` so that a change of the dist/ layout needs no change here.
 * `BENCH_SOURCE=src` loads the TypeScript source through tsx instead, for quick iterations on a
 * fix. Loaded by path because tsx and the type checker map the package name to `src/` (tsconfig
 * `paths`); the types come from the source, whose API the build mirrors.
 */
import { readFileSync } from 'node:fs';
import type * as Sdk from 'socialsite-sdk';
import type * as NodeHelpers from 'socialsite-sdk/node';
import type * as Testing from 'socialsite-sdk/testing';

export const fromSource = process.env.BENCH_SOURCE === 'src';

const root = new URL('../', import.meta.url);
const { exports } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  exports: Record<string, { import: { node?: string; default: string } }>;
};

function entry(subpath: '.' | './node' | './testing', source: string): string {
  // What Node loads (the `node` condition, issue 32), else what bundlers read.
  const built = exports[subpath]?.import.node ?? exports[subpath]?.import.default;
  if (!built) throw new Error(`package.json exports no ESM "${subpath}"`);
  return new URL(fromSource ? `src/${source}.ts` : built, root).href;
}

export const sdk = (await import(entry('.', 'index'))) as typeof Sdk;
export const nodeHelpers = (await import(entry('./node', 'node/index'))) as typeof NodeHelpers;
export const testing = (await import(entry('./testing', 'testing/index'))) as typeof Testing;
