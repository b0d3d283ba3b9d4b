/**
 * `npm run example:browser`: the example pages and the relay in front of the sites, on one
 * loopback origin. The sites are real ones when APP_BASE_URL + APP_KEY and HUB_BASE_URL + HUB_USER +
 * HUB_PASSWORD are set, else the embedded fake (which, like the real servers, sends no CORS headers).
 */
import { exampleSite } from '../support/site.js';
import { startAppServer } from './app-server.js';

const port = Number(process.argv[2] ?? 5173);
const site = await exampleSite();
const server = await startAppServer(
  {
    app: { baseUrl: site.appBaseUrl, key: site.appKey },
    hub: { ...site.hub, allowInsecureHttp: process.env.HUB_ALLOW_INSECURE_HTTP === '1' },
  },
  port,
);
console.log(`Browser example:      ${server.url}examples/browser/`);
const key = process.env.APP_KEY ? '<the key phpFox adds>' : site.appKey;
console.log(`phpFox iframe app:    ${server.url}app?key=${key}`);
console.log('The pages call the sites through the relay at /social/; the secrets stay in this process.');
process.once('SIGINT', async () => {
  await server.close();
  await site.close();
});
