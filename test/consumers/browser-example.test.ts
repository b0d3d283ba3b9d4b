import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaticServer, startStaticServer } from '../../examples/browser/static-server.js';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';
import { resolveChromium } from '../support/chromium.js';

/**
 * examples/browser in Chromium: the page loads the built ESM (`dist/`) as plain modules through its
 * import map and calls a fake server on another origin, as its instructions say.
 */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

let fake: FakeServer;
let pages: StaticServer;
let browser: Browser;
beforeAll(async () => {
  fake = await startFakeServer();
  pages = await startStaticServer(path.resolve(import.meta.dirname, '../..'));
  const { executablePath, args } = await resolveChromium();
  browser = await chromium.launch({ executablePath, args });
});
afterAll(async () => {
  await browser?.close();
  await pages?.close();
  await fake?.close();
});

/** Opens the example and collects what went wrong in the page (script errors, failed loads). */
async function open(query: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(`${pages.url}examples/browser/${query}`);
  return { page, problems };
}

async function finished(page: Page): Promise<Record<string, string>> {
  await page.waitForSelector('body[data-status="done"], body[data-status="failed"]');
  const lines = await page.$$eval('#results li', (items) =>
    items.map((item) => [(item as HTMLElement).dataset.step ?? '', item.textContent ?? '']),
  );
  return Object.fromEntries(lines);
}

describe('the browser example page', () => {
  it('renders results from both APIs when given the fake server in ?site=', async () => {
    const { page, problems } = await open(`?site=${encodeURIComponent(fake.url)}`);
    const results = await finished(page);
    const notes = new TextDecoder().decode(fake.site.files.notes.bytes());
    expect(results).toEqual({
      user: 'Signed in to the Application API as John Doe (user 1)',
      friends: '23 friends (for await over every page)',
      files: expect.stringMatching(/^\d+ files in the channel: .*notes\.txt/),
      download: `notes.txt (${notes.length} bytes): ${notes}`,
      error: 'An unknown identity is a typed error: NotFoundError',
    });
    expect(problems).toEqual([]);
  });

  it('uploads the photo picked in the file input', async () => {
    const { page } = await open(`?site=${encodeURIComponent(fake.url)}`);
    await finished(page);
    const before = fake.site.state.app.photos.length;
    await page.setInputFiles('input[name="photo"]', { name: 'cat.png', mimeType: 'image/png', buffer: PNG });
    await page.click('button[type="submit"]');
    const results = await finished(page);
    expect(results.upload).toMatch(/^Uploaded cat\.png: http:\/\/127\.0\.0\.1:\d+\//);
    expect(fake.site.state.app.photos).toHaveLength(before + 1);
  });

  it('shows a failure instead of results when the site is wrong', async () => {
    const { page } = await open(`?site=${encodeURIComponent(fake.url)}&key=not-the-key`);
    const results = await finished(page);
    expect(results.failure).toMatch(/^AuthenticationError: /);
    expect(await page.getAttribute('body', 'data-status')).toBe('failed');
  });
});
