import { type Bytes, utf8 } from '../http/base64.js';
import type { HubAttachRow, HubChannel, HubPhotoRow } from '../native/hub-state.js';
import { newAttach } from '../native/new-attach.js';
import { minutesAgo, type SeedContext } from './context.js';
import { solidJpeg, solidPng } from './images.js';

/** The size of the seeded big binary file: 3 MiB and a ragged tail, like the recorded `big.bin`. */
export const BIG_FILE_SIZE = 3 * 1024 * 1024 + 12_345;
export const NOTES_TEXT = 'Line one of notes\nLine two: Hubzilla test file\n';
const README_TEXT = '# Read me\n\nOnly Bob may read this file.\n';

/** Hubzilla's photo scales: the largest side of scales 1 to 3. */
const SCALE_LIMITS = [Number.POSITIVE_INFINITY, 1024, 640, 320] as const;

export interface SeededFiles {
  files: HubAttachRow[];
  photos: HubPhotoRow[];
}

/** alice's cloud files: folders Documents, Photos and Vacation, the last two being photo albums. */
export function seedFiles(
  context: SeedContext,
  alice: HubChannel,
  friendsGroup: string,
  bob: string,
): SeededFiles {
  const prng = context.prng.fork('files');
  const files: HubAttachRow[] = [];
  const photos: HubPhotoRow[] = [];
  let minute = 500;
  const add = (
    filename: string,
    folder: HubAttachRow | undefined,
    content: () => Bytes,
    size: number,
    type: string,
  ) => {
    const record = newAttach({
      id: files.length + 1,
      hash: prng.uuid(),
      channel: alice,
      filename,
      parent: folder,
      filetype: type,
      filesize: size,
      content,
      created: minutesAgo(context, minute--),
      allowGid: `<${friendsGroup}>`,
    });
    files.push(record);
    return record;
  };
  const folder = (name: string) => add(name, undefined, () => new Uint8Array(0), 0, 'multipart/mixed');
  const text = (name: string, parent: HubAttachRow, body: string, type = 'text/plain') => {
    const bytes = utf8(body);
    return add(name, parent, () => bytes, bytes.length, type);
  };

  const documents = folder('Documents');
  text('notes.txt', documents, NOTES_TEXT);
  let big: Bytes | undefined;
  const bigPrng = prng.fork('big.bin');
  add(
    'big.bin',
    documents,
    () => (big ??= bigPrng.bytes(BIG_FILE_SIZE)),
    BIG_FILE_SIZE,
    'application/octet-stream',
  );
  text('empty.txt', documents, '');
  const readme = text('readme.md', documents, README_TEXT, 'text/markdown');
  Object.assign(readme, { flags: 1, allow_cid: `<${bob}>`, allow_gid: '' });

  const albums = folder('Photos');
  const photo = (name: string, parent: HubAttachRow, width: number, height: number, shade: number) => {
    const png = name.endsWith('.png');
    const image = (w: number, h: number) =>
      png ? solidPng(w, h, [shade, 120, 255 - shade]) : solidJpeg(w, h, shade);
    const original = image(width, height);
    const record = add(name, parent, () => original, original.length, png ? 'image/png' : 'image/jpeg');
    record.is_photo = 1;
    photos.push(...photoRows(record, parent.filename, width, height, image, photos.length + 1));
  };
  photo('sunset.png', albums, 48, 32, 220);
  photo('forest.jpg', albums, 640, 480, 70);
  const vacation = folder('Vacation');
  photo('beach.jpg', vacation, 800, 600, 200);
  return { files, photos };
}

/** The rows of every scale of a photo stored as `attach`, in album `album`. */
export function photoRows(
  attach: HubAttachRow,
  album: string,
  width: number,
  height: number,
  image: (width: number, height: number) => Bytes,
  firstId: number,
): HubPhotoRow[] {
  return SCALE_LIMITS.map((limit, scale) => {
    const factor = Math.min(1, limit / Math.max(width, height));
    const w = Math.round(width * factor);
    const h = Math.round(height * factor);
    const content = scale === 0 ? attach.content() : image(w, h);
    return {
      id: firstId + scale,
      aid: attach.aid,
      uid: attach.uid,
      xchan: '',
      resource_id: attach.hash,
      created: attach.created,
      edited: attach.created,
      expires: plusOneDay(attach.created),
      title: '',
      description: '',
      album,
      filename: attach.filename,
      mimetype: attach.filetype,
      height: String(h),
      width: String(w),
      filesize: content.length,
      content,
      imgscale: String(scale),
      profile: '0',
      photo_usage: 0,
      is_nsfw: 0,
      os_storage: 1,
      os_path: attach.os_path,
      display_path: attach.display_path,
      photo_flags: 0,
      allow_cid: attach.allow_cid,
      allow_gid: attach.allow_gid,
      deny_cid: attach.deny_cid,
      deny_gid: attach.deny_gid,
    };
  });
}

function plusOneDay(date: string): string {
  const time = Date.parse(`${date.replace(' ', 'T')}Z`) + 86_400_000;
  return new Date(time).toISOString().slice(0, 19).replace('T', ' ');
}
