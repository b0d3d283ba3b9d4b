import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, shippedFiles } from './repository-files.js';

/*
 * Whoever installs the package reads its README and guides inside `node_modules` (or on a mirror of
 * the tarball): every relative link in what `npm pack` ships must land on a file it ships too, and
 * an `#anchor` into a Markdown file on one of its headings. Web links are not followed (no network).
 */

/** Markdown `[text](target)` and HTML `href`/`src` attributes. */
const LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)|\b(?:href|src)="([^"]+)"/g;

/** GitHub's heading slug: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchors(markdown: string): Set<string> {
  const outsideCode = markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  return new Set([...outsideCode.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1] ?? '')));
}

/** Every relative link of `file` (a shipped path) whose target is not shipped, as `file: target`. */
function deadLinks(file: string, text: string, shipped: ReadonlySet<string>): string[] {
  const dead: string[] = [];
  for (const match of text.matchAll(LINK)) {
    const target = match[1] ?? match[2] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue; // https:, mailto:, data:
    const [pathPart = '', anchor] = target.split('#');
    const resolved =
      pathPart === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart));
    const isFolder = pathPart.endsWith('/') || [...shipped].some((name) => name.startsWith(`${resolved}/`));
    if (!shipped.has(resolved) && !isFolder) {
      dead.push(`${file}: ${target}`);
      continue;
    }
    if (anchor && resolved.endsWith('.md')) {
      const headings = anchors(
        resolved === file ? text : readFileSync(path.join(repoRoot, resolved), 'utf8'),
      );
      if (!headings.has(anchor)) dead.push(`${file}: ${target} (no such heading)`);
    }
  }
  return dead;
}

describe('links in what the package ships', () => {
  const shipped = shippedFiles();
  const shippedSet = new Set(shipped);
  const documents = shipped.filter((file) => /\.(md|html)$/.test(file));

  it('the package ships the guides, the examples and the changelog the README links to', () => {
    expect(shipped).toEqual(
      expect.arrayContaining([
        'README.md',
        'LICENSE',
        'CHANGELOG.md',
        'docs/README.md',
        'docs/getting-started.md',
        'examples/app-basics.ts',
        'examples/browser/index.html',
      ]),
    );
    expect(shipped.filter((file) => file.startsWith('docs/api/'))).toEqual([]);
  });

  it('no relative link is dead', () => {
    expect(documents.length).toBeGreaterThan(10);
    const dead = documents.flatMap((file) =>
      deadLinks(file, readFileSync(path.join(repoRoot, file), 'utf8'), shippedSet),
    );
    expect(dead).toEqual([]);
  });

  it('the check finds a dead file, a dead anchor, and passes web links and live ones', () => {
    const files = new Set(['README.md', 'docs/paging.md', 'docs/README.md']);
    const text = [
      '[a](docs/paging.md) [b](docs/missing.md) [c](https://example.com/x.md) [d](docs/paging.md#paging)',
      '[e](docs/paging.md#nowhere) [f](docs/) <a href="LICENSE">',
    ].join('\n');
    expect(deadLinks('README.md', text, files)).toEqual([
      'README.md: docs/missing.md',
      'README.md: docs/paging.md#nowhere (no such heading)',
      'README.md: LICENSE',
    ]);
  });
});
