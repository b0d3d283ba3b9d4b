import { type Browser, chromium, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from '../../examples/browser/app-server.js';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';
import { resolveChromium } from '../support/chromium.js';

/**
 * examples/browser and examples/phpfox-app in Chromium: the pages load the built ESM (`dist/`) as
 * plain modules through their import map and call the relay their server mounts at `/social/`, in
 * front of a fake site that sends no CORS headers (as the real servers). No secret reaches a page.
 */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

let fake: FakeServer;
let pages: AppServer;
let browser: Browser;
/** Everything the pages received from the relay: status, headers and body. */
const received: string[] = [];
beforeAll(async () => {
  fake = await startFakeServer();
  pages = await startAppServer({
    app: { baseUrl: fake.appBaseUrl, key: fake.credentials.appKey },
    hub: { baseUrl: fake.hubBaseUrl, ...fake.credentials.channel },
  });
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
  // A completed call must not show as failed in DevTools (`no-store` answers read as streams did).
  page.on('requestfailed', (request) => problems.push(`${request.failure()?.errorText} ${request.url()}`));
  page.on('response', async (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    if (!response.url().includes('/social/')) return;
    const headers = Object.entries(await response.allHeaders()).map(([name, value]) => `${name}: ${value}`);
    received.push(`${response.status()}\n${headers.join('\n')}\n\n${await response.text().catch(() => '')}`);
  });
  await page.goto(`${pages.url}${query}`);
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
  it('renders results from both APIs through the relay', async () => {
    const { page, problems } = await open('examples/browser/?run');
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
    const { page } = await open('examples/browser/?run');
    await finished(page);
    const before = fake.site.state.app.photos.length;
    await page.setInputFiles('input[name="photo"]', { name: 'cat.png', mimeType: 'image/png', buffer: PNG });
    await page.click('button[type="submit"]');
    const results = await finished(page);
    expect(results.upload).toMatch(/^Uploaded cat\.png: http:\/\/127\.0\.0\.1:\d+\//);
    expect(fake.site.state.app.photos).toHaveLength(before + 1);
  });

  it('runs the phpFox iframe app: the key exchanged on the server, the page calls through the relay', async () => {
    const key = fake.site.issueAppKey(fake.credentials.appUserId);
    const { page, problems } = await open(`app?key=${key}`);
    const results = await finished(page);
    expect(results.user).toBe('Hello John Doe');
    expect(results.friends).toMatch(/^Some friends: /);
    expect(page.url()).not.toContain(key);
    expect(problems).toEqual([]);
  });

  it('shows an AuthenticationError in the iframe app when phpFox’s key is refused', async () => {
    const { page } = await open('app?key=not-the-key');
    const results = await finished(page);
    expect(results.failure).toMatch(/^AuthenticationError: /);
    expect(await page.getAttribute('body', 'data-status')).toBe('failed');
  });

  it('never gave a page a secret: no token, key, password or cookie of the sites in any relay answer', () => {
    const { username, password } = fake.credentials.channel;
    const secrets = [password, btoa(`${username}:${password}`), fake.credentials.appKey];
    // Every token the relay used (the example's, the iframe sessions'), as the site received them.
    for (const request of fake.site.requests) {
      const token = new URL(request.url).searchParams.get('token');
      if (token) secrets.push(token);
    }
    expect(secrets.length).toBeGreaterThan(3);
    expect(received.length).toBeGreaterThan(5);
    for (const answer of received) {
      for (const secret of secrets) expect(answer).not.toContain(secret);
      expect(answer.toLowerCase()).not.toMatch(/phpsessid|www-authenticate/);
    }
  });
});
