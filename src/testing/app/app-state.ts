/** The Application API's (phpFox) data, as the fake keeps it. Ids are numbers here; the wire gets strings. */

export interface AppUser {
  user_id: number;
  user_name: string;
  full_name: string;
  /** `null` as some real rows have it. */
  email: string | null;
  /** Unix seconds. */
  joined: number;
  /** `null` (unset) reads `"Female"` on the wire, as phpFox does. */
  gender: 'Male' | 'Female' | null;
  country_iso: string | null;
  /** The stem of the profile photo paths, e.g. `2011/08/9d67…`. */
  photo: string;
  /** friend.getFriends on this user answers the method error `friend.get_friends`. */
  friendsPrivate: boolean;
  /** `false`: photo.addPhoto answers `photo.add_photo` ("User did not allow…"). */
  allowPhotoUpload: boolean;
  /** mail.getNewCount. */
  unreadMail: number;
}

export interface AppNotification {
  notification_id: number;
  user_id: number;
  link: string;
  /** May hold HTML. */
  message: string;
  icon: string | null;
  /** Unix seconds. */
  time_stamp: number;
  is_seen: boolean;
}

export interface AppPhoto {
  photo_id: number;
  user_id: number;
  title: string;
  /** The stored name below `file/pic/photo/`, without the size suffix: `2026/11/<md5>`. */
  destination: string;
  /** Unix seconds. */
  time_stamp: number;
}

export interface AppState {
  users: Map<number, AppUser>;
  /** Each user's friends, in the order phpFox lists them (kept symmetric). */
  friends: Map<number, number[]>;
  notifications: AppNotification[];
  photos: AppPhoto[];
  /** Keys the site handed to the app (iframe `key=`), to the user they open the app for. */
  keys: Map<string, number>;
  /** Live tokens, to their user. A new token replaces the user's previous one. */
  tokens: Map<string, number>;
}

/** Makes `a` and `b` friends (both ways), if they are not already. */
export function befriend(state: AppState, a: number, b: number): void {
  for (const [one, other] of [
    [a, b],
    [b, a],
  ] as const) {
    const list = state.friends.get(one) ?? [];
    if (!list.includes(other)) list.push(other);
    state.friends.set(one, list);
  }
}
