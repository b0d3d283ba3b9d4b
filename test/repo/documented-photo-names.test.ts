import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { photoFile } from '../../src/app/upload.js';
import { repoRoot, repositoryFiles } from './repository-files.js';

/*
 * Every `photo_name` the README, the guides, the examples and the JSDoc show must be one the SDK
 * accepts: a copied example that throws `ArgumentError` is a broken promise (the `fileFromPath`
 * JSDoc once showed `photo_name: 'Cat'`). Tests are left out: they show refused names on purpose.
 */

const documented = /\.(md|ts|js|mjs|cjs|html)$/;
const NAME = /photo_name: '([^']*)'/g;

function documentationFiles(): string[] {
  return repositoryFiles().filter(
    (file) =>
      documented.test(file) &&
      !file.startsWith('test/') &&
      !file.startsWith('docs/api/') &&
      // The relay's tables say which kind each field is (`photo_name: 'text'`), not a name to copy.
      file !== 'src/relay/app-calls.ts',
  );
}

const shown = documentationFiles().flatMap((file) =>
  [...readFileSync(path.join(repoRoot, file), 'utf8').matchAll(NAME)].map((match) => ({
    file,
    name: match[1] ?? '',
  })),
);

describe('documented photo names', () => {
  it('are found (the scan itself works)', () => {
    expect(shown.map(({ file }) => file)).toEqual(
      expect.arrayContaining(['README.md', 'src/node/file-from-path.ts', 'docs/uploads-and-downloads.md']),
    );
  });

  it.each(shown)('$file shows photo_name "$name", which the SDK accepts', ({ name }) => {
    expect(() => photoFile(new Uint8Array([1]), name)).not.toThrow();
  });
});
