/**
 * `npm run record -- --phpfox URL --key APP_KEY --out DIR [--as-host HOST]`
 *
 * Replays a fixed list of Application API requests (token.php, api.php) against a live phpFox and
 * writes each exchange in the format of `test/fixtures/hubzilla-8.8.7/` (request line, status line,
 * headers in the order and letter case received, body as received), so `test/fixtures/phpfox-*`
 * can be refreshed for another phpFox version. Normalized on the way: the token (in request lines
 * `token=TOKEN`; in token.php's answer a stand-in of the same length whose `+`, `/` and `=` stay
 * where they were), session cookies, and the site's host:port (→ `--as-host`, `site.example`).
 *
 * The list WRITES: it marks notifications seen, uploads a photo and posts a status. Record a fresh
 * site (the live kit: `down.sh PORT --purge && up.sh …`, or `UPDATE phpfox_notification SET
 * is_seen=0`), and the fake-site comparison (test/testing/phpfox-recorded.test.ts) reads the
 * exchanges in the order recorded.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { solidJpeg } from '../src/testing/seed/images.js';
import { type Exchange, Recording, rawExchange } from './raw-exchange.js';

/** A case: its file name, the script, and its query (`TOKEN` stands for the token). */
export interface PhpfoxCase {
  name: string;
  script: 'token.php' | 'api.php';
  query: Record<string, string>;
  /** Multipart fields; `photo` is sent as the upload file {@link UPLOAD_FILE}. */
  multipart?: Record<string, string>;
}

/** The JPEG every recorded upload sends (and the comparison test sends again). */
export const UPLOAD_FILE = { name: 'sdk-upload.jpg', bytes: () => solidJpeg(64, 48, 120) } as const;

/** A `photo_name` without an image extension: phpFox answers `photo.photo_add_photo_load`. */
const REFUSED_PHOTO_NAME = 'SDK upload';

const api = (name: string, method: string, more: Record<string, string> = {}): PhpfoxCase => ({
  name,
  script: 'api.php',
  query: { token: 'TOKEN', method, ...more },
});

/** The same list for every version; numbered in the order they run (later ones see earlier writes). */
export function phpfoxCases(key: string): PhpfoxCase[] {
  return [
    { name: '00-token-key', script: 'token.php', query: { key } },
    { name: '01-token-bad_key', script: 'token.php', query: { key: 'nope' } },
    api('02-api-bad_token', 'user.getUser', { token: 'nope' }),
    api('03-api-no_method', ''),
    api('04-api-method_without_dot', 'friend'),
    api('05-api-unknown_module', 'nosuchmodule.get'),
    api('06-api-unknown_method', 'friend.getEnemies'),
    api('07-api-mail_get', 'mail.get'),
    api('08-api-blog_getBlogs', 'blog.getBlogs'),
    api('09-api-poll_get', 'poll.get'),
    api('10-user_getUser-self', 'user.getUser'),
    api('11-user_getUser-bob', 'user.getUser', { user_id: '2' }),
    api('12-user_getUser-unknown', 'user.getUser', { user_id: '999999' }),
    api('20-friend_getFriends-no_page', 'friend.getFriends'),
    api('21-friend_getFriends-page_0', 'friend.getFriends', { page: '0' }),
    api('22-friend_getFriends-page_1', 'friend.getFriends', { page: '1' }),
    api('23-friend_getFriends-page_2', 'friend.getFriends', { page: '2' }),
    api('24-friend_getFriends-page_3', 'friend.getFriends', { page: '3' }),
    api('25-friend_getFriends-page_4', 'friend.getFriends', { page: '4' }),
    api('26-friend_getFriends-no_friends', 'friend.getFriends', { user_id: '25' }),
    api('27-friend_getFriends-unknown_user', 'friend.getFriends', { user_id: '999999' }),
    api('28-friend_isFriend-friend', 'friend.isFriend', { friend_user_id: '2' }),
    api('29-friend_isFriend-stranger', 'friend.isFriend', { friend_user_id: '25' }),
    api('29b-friend_isFriend-no_friend_user_id', 'friend.isFriend'),
    api('30-photo_getPhotos-no_page', 'photo.getPhotos'),
    api('31-photo_getPhotos-page_0', 'photo.getPhotos', { page: '0' }),
    api('32-photo_getPhotos-page_1', 'photo.getPhotos', { page: '1' }),
    api('33-photo_getPhotos-page_2', 'photo.getPhotos', { page: '2' }),
    api('34-photo_getPhotos-page_3', 'photo.getPhotos', { page: '3' }),
    api('40-mail_getNewCount', 'mail.getNewCount'),
    api('41-notification_getNewCount-before', 'notification.getNewCount'),
    api('42-notification_get-first', 'notification.get'),
    api('43-notification_getNewCount-after_first', 'notification.getNewCount'),
    api('44-notification_get-second', 'notification.get'),
    api('45-notification_getNewCount-after_second', 'notification.getNewCount'),
    api('46-notification_get-third', 'notification.get'),
    {
      ...api('50-photo_addPhoto-jpg', 'photo.addPhoto'),
      multipart: { photo: UPLOAD_FILE.name, photo_name: UPLOAD_FILE.name },
    },
    {
      ...api('51-photo_addPhoto-no_extension', 'photo.addPhoto'),
      // A name phpFox refuses on purpose (the SDK would refuse it before sending).
      multipart: { photo: UPLOAD_FILE.name, photo_name: REFUSED_PHOTO_NAME },
    },
    api('52-photo_getPhotos-after_upload', 'photo.getPhotos'),
    api('60-user_updateStatus', 'user.updateStatus', { user_status: 'Recorded by socialsite-sdk' }),
    api('60b-user_updateStatus-repeat', 'user.updateStatus', { user_status: 'Recorded by socialsite-sdk' }),
    api('61-user_updateStatus-empty', 'user.updateStatus'),
    // 3.9.0's own methods: 3.0.1 does not have them.
    api('70-user_get', 'user.get'),
    api('71-friend_get', 'friend.get'),
    api('72-photo_get', 'photo.get'),
  ];
}

function send(url: URL, multipart?: Record<string, string>): Promise<Exchange> {
  let body: Buffer | undefined;
  const headers: Record<string, string> = {};
  if (multipart) {
    const boundary = '----socialsite-sdk-record';
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(multipart)) {
      const file = name === 'photo';
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${value}"\r\nContent-Type: image/jpeg` : ''}\r\n\r\n`,
        ),
        file ? Buffer.from(UPLOAD_FILE.bytes()) : Buffer.from(value),
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    body = Buffer.concat(parts);
    headers['Content-Type'] = `multipart/form-data; boundary=${boundary}`;
    headers['Content-Length'] = String(body.length);
  }
  return rawExchange(multipart ? 'POST' : 'GET', url, headers, body);
}

/** A stand-in of the token's length and character classes: `+`, `/` and `=` stay where they were. */
export function tokenStandIn(token: string): string {
  const filler = 'recordedtoken0';
  return [...token].map((char, index) => (/[A-Za-z0-9]/.test(char) ? filler[index % 14] : char)).join('');
}

/** `curl` as the exchange was sent (what the comparison test replays). */
function requestLine(site: URL, entry: PhpfoxCase): string {
  const url = new URL(entry.script, site);
  for (const [name, value] of Object.entries(entry.query)) url.searchParams.set(name, value);
  const form = Object.entries(entry.multipart ?? {})
    .map(([name, value]) => ` -F ${name}=${name === 'photo' ? '@' : ''}${value.replaceAll(' ', '\\ ')}`)
    .join('');
  return `curl -sS -i${form} ${url.href.replaceAll('?', '\\?').replaceAll('&', '\\&')}`;
}

export async function recordPhpfox(options: {
  site: string;
  key: string;
  out: string;
  asHost: string;
}): Promise<void> {
  const site = new URL(options.site.endsWith('/') ? options.site : `${options.site}/`);
  const outDir = path.resolve(options.out);
  mkdirSync(outDir, { recursive: true });
  const secrets: string[] = [];
  const normalize = (text: string) => {
    let result = text;
    for (const secret of secrets) {
      result = result
        .replaceAll(secret, tokenStandIn(secret))
        .replaceAll(encodeURIComponent(secret), tokenStandIn(secret));
    }
    return result
      .replaceAll(site.host, options.asHost)
      .replace(/PHPSESSID=[A-Za-z0-9,-]+/g, 'PHPSESSID=recordedsession0000000000000')
      .replace(/(core[0-9a-f]*visit)=\d+/g, '$1=1795000000');
  };
  const recording = new Recording(outDir, normalize);
  let token = '';
  for (const entry of phpfoxCases(options.key)) {
    const url = new URL(entry.script, site);
    for (const [name, value] of Object.entries(entry.query))
      url.searchParams.set(name, value === 'TOKEN' ? token : value);
    const answer = await send(url, entry.multipart);
    if (entry.name === '00-token-key') {
      token = (JSON.parse(answer.body.toString('utf8')) as { token: string }).token;
      secrets.push(token);
    }
    recording.write(entry.name, requestLine(site, entry), answer);
  }
  recording.close();
}
