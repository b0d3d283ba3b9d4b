/**
 * Paging three ways: one page, every item with `for await`, and page by page.
 * ```sh
 * npx socialsite-sdk example iterate-friends
 * ```
 * Against a real site instead of the fake: set APP_BASE_URL and APP_KEY (the key the site hands your app).
 */
import { AppClient } from 'socialsite-sdk';
import { exampleSite } from './support/site.js';

const site = await exampleSite();
try {
  const app = await AppClient.fromKey(site.appKey, { baseUrl: site.appBaseUrl });

  const first = await app.friend.getFriends();
  console.log(`first page: ${first.items.length} friends, more: ${first.hasNextPage()}`);

  for await (const page of app.friend.getFriends().pages()) {
    console.log(`page of ${page.items.length}: ${page.items.map((f) => f.user_id).join(', ')}`);
  }

  const firstFifteen = await app.friend.getFriends().toArray({ limit: 15 });
  console.log(`toArray({ limit: 15 }) → ${firstFifteen.length} friends`);

  // Stop a long walk with an AbortSignal.
  const controller = new AbortController();
  let seen = 0;
  try {
    for await (const _friend of app.friend.getFriends({}, { signal: controller.signal })) {
      if (++seen === 12) controller.abort();
    }
  } catch (error) {
    console.log(`stopped after ${seen}: ${(error as Error).name}`);
  }
} finally {
  await site.close();
}
