import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const text = (path: string) => readFile(new URL(path, root), 'utf8');

/** `npm run docs` builds the reference (typedoc.json); these keep it whole and findable. */
describe('the API reference', () => {
  it('is built by npm run docs into docs/api, which is not committed', async () => {
    const manifest = JSON.parse(await text('package.json'));
    expect(manifest.scripts.docs).toBe('typedoc');
    expect(JSON.parse(await text('typedoc.json')).out).toBe('docs/api');
    expect((await text('.gitignore')).split('\n')).toContain('docs/api/');
  });

  it('holds every guide of docs/ as a page (not as a raw file beside it)', async () => {
    const guides = (await readdir(new URL('docs/', root)))
      .filter((name) => name.endsWith('.md') && name !== 'README.md')
      .map((name) => `docs/${name}`);
    const { projectDocuments } = JSON.parse(await text('typedoc.json'));
    expect([...projectDocuments].sort()).toEqual(guides.sort());
  });

  it('is named in CONTRIBUTING.md with how to build it, not linked from the README (it is not in the package)', async () => {
    expect(await text('README.md')).not.toContain('](docs/api/');
    expect(await text('CONTRIBUTING.md')).toMatch(/`npm run docs`[^\n]*\n?[^\n]*docs\/api\/index\.html/);
  });
});
