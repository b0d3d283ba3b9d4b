/**
 * The Application API methods a relay lets through by default: the reads without side effects.
 * `notification.get` is left out because phpFox 3.9 marks every notification it returns as seen.
 */
export const DEFAULT_APP_ALLOW: readonly string[] = Object.freeze([
  'user.getUser',
  'friend.getFriends',
  'friend.isFriend',
  'mail.getNewCount',
  'notification.getNewCount',
  'photo.getPhotos',
]);

const READ = Object.freeze(['GET'] as const);

/**
 * The Native endpoints a relay lets through by default, GET only: the reads the SDK makes, minus
 * those that expose what a page should not see (`channel/export/basic` holds the channel's private
 * key, `file/export` server paths, `verify` the whole channel).
 */
export const DEFAULT_HUB_ALLOW: Readonly<Record<string, readonly ('GET' | 'POST')[]>> = Object.freeze({
  version: READ,
  files: READ,
  filedata: READ,
  filemeta: READ,
  file: READ,
  albums: READ,
  photos: READ,
  photo: READ,
  group: READ,
  group_members: READ,
  xchan: READ,
  'item/full': READ,
  'channel/stream': READ,
  'network/stream': READ,
  abook: READ,
  abconfig: READ,
  perm_allowed: READ,
});
