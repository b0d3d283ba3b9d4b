import type { AppNotification, AppPhoto, AppState, AppUser } from '../app/app-state.js';
import { befriend } from '../app/app-state.js';
import { daysAgoUnix, type SeedContext } from './context.js';

const FIRST = [
  'Jane',
  'Mary',
  'Ann',
  'Liu',
  'Omar',
  'Ines',
  'Tom',
  'Sara',
  'Ken',
  'Ada',
  'Raj',
  'Eva',
  'Nils',
  'Zoe',
];
const LAST = ['Doe', 'Smith', 'Garcia', 'Chen', 'Haddad', 'Novak', 'Okafor', 'Rossi', 'Berg', 'Kim', 'Silva'];
const COUNTRIES = ['US', 'DE', 'FR', 'BR', 'IN', 'JP', 'NG', 'SE', null] as const;

/** The app user's id: the user that the seeded key opens the app for. */
export const APP_USER_ID = 1;
/** How many friends the app user has: three pages of friend.getFriends (10, 10, 3). */
export const APP_USER_FRIENDS = 23;

/**
 * phpFox data: user 1 (John Doe, as in phpFox's samples) with 23 friends, 8 notifications (5 new),
 * 14 photos and 3 unread messages; 29 other users, user 7 being the samples' Jane Doe.
 */
export function seedApp(context: SeedContext): AppState {
  const prng = context.prng.fork('app');
  const users = new Map<number, AppUser>();
  const user = (fields: Partial<AppUser> & Pick<AppUser, 'user_id' | 'full_name'>): AppUser => ({
    user_name: fields.full_name.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-'),
    email: `${fields.full_name.toLowerCase().replaceAll(/[^a-z0-9]+/g, '.')}@example.com`,
    joined: daysAgoUnix(context, 900 - fields.user_id * 11),
    gender: prng.pick(['Male', 'Female', null] as const),
    country_iso: prng.pick(COUNTRIES),
    photo: `2011/08/${prng.hex(32)}`,
    friendsPrivate: false,
    allowPhotoUpload: true,
    unreadMail: 0,
    ...fields,
  });
  users.set(1, user({ user_id: 1, full_name: 'John Doe', gender: 'Male', country_iso: 'US', unreadMail: 3 }));
  for (let id = 2; id <= 30; id++) {
    const full_name = id === 7 ? 'Jane Doe' : `${prng.pick(FIRST)} ${prng.pick(LAST)} ${id}`;
    users.set(
      id,
      user({ user_id: id, full_name, ...(id === 7 ? { gender: 'Female', country_iso: 'US' } : {}) }),
    );
  }
  // Quirks that real rows have: no e-mail, no country, an unset gender, a private friend list.
  Object.assign(users.get(12) ?? {}, { email: null, country_iso: null, gender: null });
  Object.assign(users.get(29) ?? {}, { friendsPrivate: true, allowPhotoUpload: false });

  const state: AppState = {
    users,
    friends: new Map(),
    notifications: [],
    photos: [],
    statuses: [],
    keys: new Map(),
    tokens: new Map(),
  };
  for (let id = 2; id <= APP_USER_FRIENDS + 1; id++) befriend(state, APP_USER_ID, id);
  for (const [a, b] of [
    [7, 8],
    [7, 9],
    [7, 26],
    [12, 27],
    [29, 30],
  ] as const) {
    befriend(state, a, b);
  }
  state.notifications = seedNotifications(context);
  state.photos = seedPhotos(context);
  return state;
}

function seedNotifications(context: SeedContext): AppNotification[] {
  const site = context.siteUrl;
  const icon = `${site}/module/blog/static/image/default/default/activity.png`;
  const texts: [string, string | null][] = [
    ['Jane Doe commented on your wall', icon],
    ['<span class="drop_data_user">Mary Smith</span> likes your photo', icon],
    ['Ann Garcia added you as a friend', null],
    ['Jane Doe commented on your <b>blog</b>', icon],
    ['Liu Chen tagged you in a photo', icon],
    ['Omar Haddad wrote on your wall', icon],
    ['<a href="#">Ines Novak</a> shared your link', null],
    ['Tom Okafor poked you', icon],
  ];
  return texts.map(([message, iconUrl], index) => ({
    notification_id: index + 1,
    user_id: APP_USER_ID,
    link: `${site}/john-doe/comment-id_${index + 1}/`,
    message,
    icon: iconUrl,
    time_stamp: daysAgoUnix(context, 8 - index),
    is_seen: index < 3,
  }));
}

function seedPhotos(context: SeedContext): AppPhoto[] {
  const prng = context.prng.fork('app-photos');
  return Array.from({ length: 14 }, (_, index) => ({
    photo_id: index + 1,
    user_id: APP_USER_ID,
    title: `Photo ${index + 1}`,
    destination: `2026/11/${prng.hex(32)}`,
    time_stamp: daysAgoUnix(context, 14 - index),
  }));
}
