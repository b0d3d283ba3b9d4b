import type { Runtime } from '../runtime.js';
import type { AppPhoto, AppUser } from './app-state.js';

/** The user's profile photo and page URLs. */
function links(runtime: Runtime, user: AppUser) {
  const base = `${runtime.options.siteUrl}/file/pic/user/${user.photo}`;
  return {
    photo_50px: `${base}_50.jpg`,
    photo_50px_square: `${base}_50_square.jpg`,
    photo_120px: `${base}_120.jpg`,
    photo_original: `${base}.jpg`,
    profile_url: `${runtime.options.siteUrl}/index.php?do=/${user.user_name}/`,
  };
}

/** user.getUser's record: database values as strings, as phpFox sends them. */
export function userRecord(runtime: Runtime, user: AppUser): Record<string, unknown> {
  const link = links(runtime, user);
  const record: Record<string, unknown> = {
    user_id: String(user.user_id),
    user_name: user.user_name,
    joined: String(user.joined),
    gender: user.gender ?? 'Female',
    country_iso: user.country_iso,
    full_name: user.full_name,
    email: user.email,
    ...link,
  };
  if (runtime.options.envelope === '3.9') return userRecord39(user, record, link);
  if (runtime.options.envelope !== '3.0') {
    record.profile_link = `<a href="${link.profile_url}">${user.full_name}</a>`;
    record.photo_50px_link = `<a href="${link.profile_url}"><img src="${link.photo_50px}" alt="${user.full_name}" /></a>`;
  }
  return record;
}

/**
 * phpFox 3.9.0's user record, as a live site sent it: the 3.0 fields with `full_name_link` after
 * `email`, then the pictures, an HTML `<a><img></a>` link for each, and `profile_url` last.
 */
function userRecord39(
  user: AppUser,
  record: Record<string, unknown>,
  link: ReturnType<typeof links>,
): Record<string, unknown> {
  const { profile_url, ...pictures } = link;
  const anchor = (inner: string) =>
    `<a href="${profile_url}" title="${user.full_name}" target="_parent">${inner}</a>`;
  const result: Record<string, unknown> = {
    user_id: record.user_id,
    user_name: record.user_name,
    joined: record.joined,
    gender: record.gender,
    country_iso: record.country_iso,
    full_name: record.full_name,
    email: record.email,
    full_name_link: `<a href="${profile_url}">${user.full_name}</a>`,
    ...pictures,
  };
  for (const [name, url] of Object.entries(pictures))
    result[`${name}_link`] = anchor(`<img src="${url}"  alt="${user.full_name}" />`);
  result.profile_url = profile_url;
  return result;
}

/** An item of friend.getFriends: 3.0 a user record without e-mail, 3.5 a short card. */
export function friendRecord(runtime: Runtime, user: AppUser): Record<string, unknown> {
  const link = links(runtime, user);
  if (runtime.options.envelope !== '3.0') {
    return {
      user_id: String(user.user_id),
      full_name: user.full_name,
      name: user.user_name,
      photo_50px: link.photo_50px,
      photo_50px_square: link.photo_50px_square,
      photo_120px: link.photo_120px,
      permalink: link.profile_url,
    };
  }
  return {
    user_id: String(user.user_id),
    user_name: user.user_name,
    full_name: user.full_name,
    joined: String(user.joined),
    country_iso: user.country_iso,
    gender: user.gender ?? 'Female',
    ...link,
  };
}

/** The URL of a stored phpFox photo at one size (`''` for the original). */
export function photoUrl(runtime: Runtime, photo: AppPhoto, size: string): string {
  return `${runtime.options.siteUrl}/file/pic/photo/${photo.destination}${size === '' ? '' : `_${size}`}.jpg`;
}

/** An item of photo.getPhotos: 3.0 three URLs, 3.5 a fuller record. */
export function photoRecord(runtime: Runtime, photo: AppPhoto): Record<string, unknown> {
  const urls = {
    photo_100px: photoUrl(runtime, photo, '100'),
    photo_240px: photoUrl(runtime, photo, '240'),
    photo_original: photoUrl(runtime, photo, ''),
  };
  if (runtime.options.envelope === '3.0') return urls;
  if (runtime.options.envelope === '3.9') return photoRecord39(runtime, photo, urls);
  return {
    photo_id: String(photo.photo_id),
    title: photo.title,
    time_stamp: String(photo.time_stamp),
    ...urls,
    photo_500px: photoUrl(runtime, photo, '500'),
    photo_1024px: photoUrl(runtime, photo, '1024'),
    permalink: `${runtime.options.siteUrl}/photo/${photo.photo_id}/`,
  };
}

/** phpFox 3.9.0's photo item, as a live site sent it: every number a string. */
function photoRecord39(
  runtime: Runtime,
  photo: AppPhoto,
  urls: Record<string, string>,
): Record<string, unknown> {
  const owner = runtime.app.users.get(photo.user_id);
  const site = runtime.options.siteUrl;
  return {
    id: String(photo.photo_id),
    title: photo.title,
    likes: '0',
    comments: '0',
    uploaded_by: owner?.full_name ?? '',
    uploaded_by_id: String(photo.user_id),
    uploaded_by_url: `${site}/index.php?do=/${owner?.user_name ?? ''}/`,
    uploaded_by_username: owner?.user_name ?? '',
    description: photo.description === undefined ? `Description of ${photo.title}` : photo.description,
    permalink: `${site}/index.php?do=/photo/${photo.photo_id}/`,
    is_liked: false,
    convert_time_stamp: 'a moment ago',
    uploaded_by_image: `${site}/theme/frontend/default/style/default/image/noimage/profile_50.png`,
    photo_100px: urls.photo_100px,
    photo_240px: urls.photo_240px,
    photo_500px: photoUrl(runtime, photo, '500'),
    photo_1024px: photoUrl(runtime, photo, '1024'),
    photo_original: urls.photo_original,
  };
}
