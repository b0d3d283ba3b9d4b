/** The Application API's (phpFox) data, as the fake keeps it. Ids are numbers here; the wire gets strings. */

/** A phpFox user of the fake (the SDK's `User` is what user.getUser makes of it). */
export interface AppUser {
  /** The user's id; sent as a numeric string. */
  user_id: number;
  /** The user name, the profile's address. */
  user_name: string;
  /** The name shown for the user. */
  full_name: string;
  /** `null` as some real rows have it. */
  email: string | null;
  /** Unix seconds. */
  joined: number;
  /** `null` (unset) reads `"Female"` on the wire, as phpFox does. */
  gender: 'Male' | 'Female' | null;
  /** The ISO 3166-1 alpha-2 country code, or `null` when unset. */
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

/** A notification of a phpFox user. */
export interface AppNotification {
  /** The notification's id; sent as a numeric string. */
  notification_id: number;
  /** Whose notification it is. */
  user_id: number;
  /** URL of what it is about. */
  link: string;
  /** May hold HTML. */
  message: string;
  /** URL of its icon, or `null`. */
  icon: string | null;
  /** Unix seconds. */
  time_stamp: number;
  /** Seen already: notification.get marks what it returns as seen. */
  is_seen: boolean;
}

/** A photo a phpFox user uploaded. */
export interface AppPhoto {
  /** The photo's id. */
  photo_id: number;
  /** Whose photo it is. */
  user_id: number;
  /** Its title: for an upload, `photo_name` as sent (extension included, as phpFox stores it). */
  title: string;
  /** Its description (3.9's records); `null` for an upload, `Description of <title>` when left out. */
  description?: string | null;
  /** The stored name below `file/pic/photo/`, without the size suffix: `2026/11/<md5>`. */
  destination: string;
  /** Unix seconds. */
  time_stamp: number;
  /**
   * Added through `photo.addPhoto` on phpFox 3.0 (its `type_id` 1): `photo.getPhotos` neither lists
   * nor counts it there (it selects `type_id = 0`).
   */
  fromApi?: boolean;
}

/** A status update posted with `user.updateStatus`. */
export interface AppStatus {
  /** The status' (feed item's) id. */
  status_id: number;
  /** Whose status it is. */
  user_id: number;
  /** What it says. */
  text: string;
  /** Unix seconds. */
  time_stamp: number;
}

/** Everything the Application API serves. */
export interface AppState {
  /** The users, by id. */
  users: Map<number, AppUser>;
  /** Each user's friends, in the order phpFox lists them (kept symmetric). */
  friends: Map<number, number[]>;
  /** Every user's notifications. */
  notifications: AppNotification[];
  /** Every user's photos. */
  photos: AppPhoto[];
  /** Status updates posted through the API. */
  statuses: AppStatus[];
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
