/**
 * Sign in with the key the site hands your app, read the profile, walk every friend, read the
 * counts and upload a photo. Run it from your project, against a fake site it starts:
 * ```sh
 * npx socialsite-sdk example app-basics
 * ```
 * Against a real site instead of the fake: set APP_BASE_URL and APP_KEY (the key the site hands your app).
 */
import { AppClient, NotFoundError } from 'socialsite-sdk';
import { exampleSite } from './support/site.js';

const site = await exampleSite();
try {
  // The site opens your app with ?key=...; trade it for a token (keep app.token for later runs).
  const app = await AppClient.fromKey(site.appKey, { baseUrl: site.appBaseUrl });

  const me = await app.user.getUser();
  console.log(`Signed in as ${me.full_name} (id ${me.user_id}, ${me.email ?? 'no e-mail'})`);

  // `for await` walks every page and stops by itself.
  let count = 0;
  for await (const friend of app.friend.getFriends()) {
    count++;
    if (count <= 3) console.log(`  friend: ${friend.full_name ?? friend.name}`);
  }
  console.log(`${count} friends`);

  console.log(`unseen mail: ${await app.mail.getNewCount()}`);
  console.log(`unseen notifications: ${await app.notification.getNewCount()}`);

  // A 1×1 PNG; in Node use fileFromPath('photo.jpg') from 'socialsite-sdk/node' for real files.
  const png = Uint8Array.from(
    atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
    (c) => c.charCodeAt(0),
  );
  const uploaded = await app.photo.addPhoto({ photo: png, photo_name: 'pixel.png' });
  console.log(`uploaded: ${uploaded.photo_original}`);

  // Typed errors: instanceof works.
  try {
    await app.user.getUser({ user_id: 999_999 });
  } catch (error) {
    if (error instanceof NotFoundError) console.log(`no such user (${error.code})`);
    else throw error;
  }
} finally {
  await site.close();
}
