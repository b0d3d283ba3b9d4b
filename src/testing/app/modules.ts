import type { PhpfoxVersion } from '../options.js';
import type { Method } from './call.js';
import {
  getFriends,
  getMail,
  getNotifications,
  getUser,
  isFriend,
  mailNewCount,
  newNotificationCount,
  updateStatus,
} from './methods.js';
import { addPhoto, getPhotos } from './photos.js';

/**
 * Which modules a phpFox version has, and what api.php does with each: a method of `methods`
 * runs (names are case-insensitive, as PHP's); another method of a module in `methods` or
 * `services` answers `api.method_not_valid_for_module`; a module of `serviceless` (installed,
 * without `include/service/api.class.php`) answers HTTP 500 with an empty body (phpFox's fatal
 * "Unable to load service class", hidden); any other module `"5"`, "Module does not exist.".
 */
export interface VersionModules {
  methods: Readonly<Record<string, Readonly<Record<string, Method>>>>;
  services: ReadonlySet<string>;
  serviceless: ReadonlySet<string>;
}

/** The modules a stock site installs that have no API service in any version. */
const NEVER_SERVICED = [
  'ad',
  'admincp',
  'announcement',
  'apps',
  'attachment',
  'ban',
  'captcha',
  'contact',
  'custom',
  'egift',
  'emoticon',
  'error',
  'favorite',
  'help',
  'im',
  'invite',
  'janrain',
  'language',
  'log',
  'mobile',
  'music',
  'newsletter',
  'page',
  'poke',
  'poll',
  'privacy',
  'quiz',
  'rate',
  'report',
  'request',
  'rss',
  'search',
  'share',
  'shoutbox',
  'subscribe',
  'tag',
  'theme',
  'tinymce',
  'track',
];

/** Modules that gained an API service after 3.0 (3.9.0 has one for each; 3.0.1 none). */
const SERVICED_SINCE_35 = [
  'blog',
  'comment',
  'core',
  'event',
  'feed',
  'forum',
  'like',
  'link',
  'marketplace',
  'pages',
  'profile',
  'video',
];

/**
 * phpFox 3.0.1: nine methods in all (checked on a live 3.0.1: the kit's `aadityajs/keylinkz`
 * tree). `api` and `facebook` have services with none of the App API's methods; `blog`, `poll`
 * and the other installed modules answer HTTP 500 with an empty body.
 */
const MODULES_30: VersionModules = {
  methods: {
    friend: { getfriends: getFriends, isfriend: isFriend },
    mail: { getnewcount: mailNewCount },
    notification: { getnewcount: newNotificationCount, get: getNotifications },
    photo: { addphoto: addPhoto, getphotos: getPhotos },
    user: { getuser: getUser, updatestatus: updateStatus },
  },
  services: new Set(['api', 'facebook']),
  serviceless: new Set([...NEVER_SERVICED, ...SERVICED_SINCE_35]),
};

/**
 * phpFox 3.5 to 3.9: the 3.0 methods, plus (3.9) the short names `user.get`, `friend.get`,
 * `photo.get` and `mail.get`. `blog.get` answers as 3.9 does on a site without public blogs; the
 * other methods of the modules with an API service (`blog.getBlogs`, `user.status`, `mail.add`,
 * …) are not implemented and answer `api.method_not_valid_for_module`, as 3.9 does for a method
 * its service lacks. 3.9 also installs `input` (no API service).
 */
const MODULES_35: VersionModules = {
  methods: {
    blog: { get: () => ({ output: [], total: 0 }) },
    friend: { getfriends: getFriends, isfriend: isFriend },
    mail: { getnewcount: mailNewCount },
    notification: { getnewcount: newNotificationCount, get: getNotifications },
    photo: { addphoto: addPhoto, getphotos: getPhotos },
    user: { getuser: getUser, updatestatus: updateStatus },
  },
  services: new Set(['api', 'facebook', ...SERVICED_SINCE_35]),
  serviceless: new Set([...NEVER_SERVICED, 'input']),
};

const MODULES_39: VersionModules = {
  ...MODULES_35,
  methods: {
    ...MODULES_35.methods,
    friend: { ...MODULES_35.methods.friend, get: getFriends },
    mail: { ...MODULES_35.methods.mail, get: getMail },
    photo: { ...MODULES_35.methods.photo, get: getPhotos },
    user: { ...MODULES_35.methods.user, get: getUser },
  },
};

/** The modules of the phpFox version the fake imitates. */
export function modulesOf(version: PhpfoxVersion): VersionModules {
  return version === '3.0' ? MODULES_30 : version === '3.5' ? MODULES_35 : MODULES_39;
}
