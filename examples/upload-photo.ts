/**
 * Upload a photo from disk without reading it into memory (Node), then list the photos (a 1×1 PNG
 * it writes, or the path given after the name):
 * ```sh
 * npx socialsite-sdk example upload-photo
 * ```
 * Against a real site instead of the fake: set APP_BASE_URL and APP_KEY (the key the site hands your app).
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppClient } from 'socialsite-sdk';
import { fileFromPath } from 'socialsite-sdk/node';
import { exampleSite } from './support/site.js';

const site = await exampleSite();
try {
  let path = process.argv[2];
  if (!path) {
    path = join(tmpdir(), 'socialsite-example.png');
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    await writeFile(path, Buffer.from(png, 'base64'));
  }
  const app = await AppClient.fromKey(site.appKey, { baseUrl: site.appBaseUrl });
  const photo = await fileFromPath(path); // a disk-backed File: read while it is sent
  const uploaded = await app.photo.addPhoto({ photo, photo_name: photo.name });
  console.log('uploaded', uploaded);
  const photos = await app.photo.getPhotos().toArray();
  console.log(`${photos.length} photos now`);
} finally {
  await site.close();
}
