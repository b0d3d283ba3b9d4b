/**
 * The main job: both clients against the embedded fake site over real loopback HTTP, or against a
 * real site when APP_BASE_URL/APP_KEY and HUB_BASE_URL/HUB_USER/HUB_PASSWORD are set.
 * Exits 0 on success, non-zero with a clear message on any failure.
 */
import { SdkError } from 'socialsite-sdk';
import { startFakeServer } from 'socialsite-sdk/testing';
import { appTour } from './app-tour.js';
import { hubTour } from './hub-tour.js';
import { section } from './output.js';

const env = process.env;
const realApp = env.APP_BASE_URL && env.APP_KEY;
const realHub = env.HUB_BASE_URL && env.HUB_USER && env.HUB_PASSWORD;

async function main(): Promise<void> {
  const fake = realApp && realHub ? undefined : await startFakeServer();
  section('Sites');
  if (fake) console.log(`  the embedded fake site (socialsite-sdk/testing) serves at ${fake.url}`);
  // Each API on its own: a real site when its variables are set, else the fake; always said which.
  console.log(`  Application API: ${realApp ? `live site ${env.APP_BASE_URL}` : 'the embedded fake site'}`);
  console.log(`  Native API: ${realHub ? `live site ${env.HUB_BASE_URL}` : 'the embedded fake site'}`);
  try {
    if (realApp) await appTour(env.APP_BASE_URL!, env.APP_KEY!);
    else if (fake) await appTour(fake.appBaseUrl, fake.credentials.appKey);
    if (realHub)
      await hubTour({ baseUrl: env.HUB_BASE_URL!, username: env.HUB_USER!, password: env.HUB_PASSWORD! });
    else if (fake) {
      const { username, password } = fake.credentials.channel;
      await hubTour(
        { baseUrl: fake.hubBaseUrl, username, password },
        { expectedSha256: fake.site.files.big.sha256 },
      );
    }
  } finally {
    await fake?.close();
  }
  console.log('\nDemo complete: both APIs worked over HTTP.');
}

main().catch((error: unknown) => {
  const kind = error instanceof SdkError ? error.name : 'Error';
  console.error(`\nDemo failed (${kind}): ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
