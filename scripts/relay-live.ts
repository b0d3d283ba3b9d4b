/**
 * `npx tsx scripts/relay-live.ts [--check] [--port N]`: the relay in front of LIVE sites, with the
 * example pages, for a check in a real browser. Needs APP_BASE_URL + APP_KEY and HUB_BASE_URL +
 * HUB_USER + HUB_PASSWORD (HUB_ALLOW_INSECURE_HTTP=1 for plain http to a host other than loopback).
 *
 * Without `--check` it serves and prints the pages' addresses: open them in Chromium. With `--check`
 * it opens both pages in headless Chromium itself, prints what they showed, checks that no answer
 * of the relay carried a secret, and exits 0 or 1. Reads only, except the photo upload of the
 * browser example when a file is picked by hand.
 */
import { type Browser, chromium } from 'playwright';
import { startAppServer } from '../examples/browser/app-server.js';
import { resolveChromium } from '../test/support/chromium.js';

const env = process.env;
const missing = ['APP_BASE_URL', 'APP_KEY', 'HUB_BASE_URL', 'HUB_USER', 'HUB_PASSWORD'].filter(
  (name) => !env[name],
);
if (missing.length > 0) {
  console.error(`relay-live: set ${missing.join(', ')} (the live sites behind the relay)`);
  process.exit(2);
}
const args = process.argv.slice(2);
const portArg = args.indexOf('--port');
const port = portArg >= 0 ? Number(args[portArg + 1]) : 5173;
const secrets = [env.APP_KEY!, env.HUB_PASSWORD!, btoa(`${env.HUB_USER}:${env.HUB_PASSWORD}`)];

const server = await startAppServer(
  {
    app: { baseUrl: env.APP_BASE_URL!, key: env.APP_KEY! },
    hub: {
      baseUrl: env.HUB_BASE_URL!,
      username: env.HUB_USER!,
      password: env.HUB_PASSWORD!,
      allowInsecureHttp: env.HUB_ALLOW_INSECURE_HTTP === '1',
    },
  },
  args.includes('--check') ? 0 : port,
);
const pages = {
  browser: `${server.url}examples/browser/?run`,
  // The key goes to the app's server only; each exchange cancels the app's previous token.
  iframe: `${server.url}app?key=${encodeURIComponent(env.APP_KEY!)}`,
};
if (!args.includes('--check')) {
  console.log(`The browser example (both APIs): ${pages.browser}`);
  console.log('The phpFox iframe app:           open /app?key=<APP_KEY> on this origin');
  console.log('Stop with Ctrl-C.');
} else {
  let browser: Browser | undefined;
  let failed = false;
  try {
    const { executablePath, args: launchArgs } = await resolveChromium();
    browser = await chromium.launch({ executablePath, args: launchArgs });
    const relayed: string[] = [];
    for (const [name, url] of Object.entries(pages)) {
      const page = await browser.newPage();
      page.on('response', async (response) => {
        if (!response.url().includes('/social/')) return;
        const headers = JSON.stringify(await response.allHeaders());
        relayed.push(`${response.status()} ${headers} ${await response.text().catch(() => '')}`);
      });
      await page.goto(url);
      await page.waitForSelector('body[data-status="done"], body[data-status="failed"]', {
        timeout: 120_000,
      });
      const status = await page.getAttribute('body', 'data-status');
      const lines = await page.$$eval('#results li', (items) => items.map((item) => item.textContent ?? ''));
      console.log(`${name}: ${status}\n  ${lines.join('\n  ')}`);
      if (status !== 'done') failed = true;
    }
    const leaked = relayed.filter((answer) => secrets.some((secret) => answer.includes(secret)));
    const cookies = relayed.filter((answer) => /phpsessid|www-authenticate/i.test(answer));
    console.log(
      `${relayed.length} relay answers: ${leaked.length} with a secret, ${cookies.length} with a site cookie or auth challenge`,
    );
    if (leaked.length > 0 || cookies.length > 0) failed = true;
  } finally {
    await browser?.close();
    await server.close();
  }
  process.exitCode = failed ? 1 : 0;
}
