import { AppClient, type ClientOptions } from 'socialsite-sdk';
import { line, note, ok, section } from './output.js';

/** A 1×1 PNG, so the upload works against phpFox's image checks too. */
const PIXEL_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

/** The Application API, end to end: key → token, profile, friends, counts, notifications, upload. */
export async function appTour(
  baseUrl: string,
  key: string,
  options: Partial<ClientOptions> = {},
): Promise<void> {
  section(`Application API at ${baseUrl}`);
  const app = await AppClient.fromKey(key, { ...options, baseUrl });
  ok(`traded the key for a token (${app.token.length} characters, URL-encoded on every call)`);

  const me = await app.user.getUser();
  line(
    'profile',
    `${me.full_name} (@${me.user_name}, id ${me.user_id}, joined ${new Date(me.joined * 1000).toISOString().slice(0, 10)})`,
  );

  let friends = 0;
  const names: string[] = [];
  for await (const friend of app.friend.getFriends()) {
    friends++;
    if (names.length < 3) names.push(friend.full_name ?? friend.name ?? String(friend.user_id));
  }
  line('friends (for await)', `${friends}: ${names.join(', ')}, …`);

  const firstFriend = (await app.friend.getFriends()).items[0];
  if (firstFriend)
    line(
      `isFriend(${firstFriend.user_id})`,
      await app.friend.isFriend({ friend_user_id: firstFriend.user_id }),
    );
  line('unseen mail', await app.mail.getNewCount());
  line('unseen notifications', await app.notification.getNewCount());
  const notifications = await app.notification.get();
  for (const notification of notifications.items.slice(0, 3))
    note(`🔔 ${notification.message.replace(/<[^>]+>/g, '')}`);

  const photos = await app.photo.getPhotos().toArray();
  line('photos', photos.length);
  const uploaded = await app.photo.addPhoto({ photo: PIXEL_PNG, photo_name: 'demo-pixel.png' });
  ok(`uploaded a photo: ${uploaded.photo_original}`);
  line('photos now', (await app.photo.getPhotos().toArray()).length);
}
