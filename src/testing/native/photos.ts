import type { HubCall } from './endpoint.js';
import type { HubPhotoRow } from './hub-state.js';
import { encodeItem } from './item-encode.js';
import { photoDetail, photoListed } from './records.js';
import { empty, json } from './reply.js';

/** The channel's photo rows (every scale), by creation, photo and scale. */
function channelPhotos(call: HubCall): HubPhotoRow[] {
  return call.runtime.hub.photos
    .filter((photo) => photo.uid === call.channel.channel_id)
    .sort(
      (a, b) =>
        a.created.localeCompare(b.created) ||
        a.resource_id.localeCompare(b.resource_id) ||
        Number(a.imgscale) - Number(b.imgscale),
    );
}

/** albums: one entry per album (photo folder), by name; none: `{success: false}`. */
export function albums(call: HubCall): Response {
  const names = [...new Set(channelPhotos(call).map((photo) => photo.album))].sort();
  if (names.length === 0) return json({ success: false });
  const list = names.map((name) => {
    const folder = call.runtime.hub.files.find(
      (file) => file.uid === call.channel.channel_id && file.is_dir === 1 && file.filename === name,
    );
    const hash = folder?.hash ?? '';
    const total = new Set(
      channelPhotos(call)
        .filter((p) => p.album === name)
        .map((p) => p.resource_id),
    ).size;
    return {
      text: name,
      shorttext: name,
      jstext: name.replaceAll("'", "\\'"),
      total,
      url: `${call.site}/photos/${call.channel.nick}/album/${hash}`,
      urlencode: encodeURIComponent(name).replaceAll('%20', '+'),
      bin2hex: hash,
    };
  });
  return json({ success: true, albums: list });
}

/** photos: the rows of `album` (by name), or of every album; unknown album: `{success: false}`. */
export function photos(call: HubCall): Response {
  const album = call.params.get('album');
  const rows = channelPhotos(call).filter((photo) => album === undefined || photo.album === album);
  if (rows.length === 0) return json({ success: false });
  return json({ success: true, photos: rows.map((photo) => photoListed(call.site, photo)) });
}

/** photo: one scale (default 0) of `photo_id`, image base64 in `content`; unknown: empty 200. */
export function photo(call: HubCall): Response {
  const id = call.params.get('photo_id') ?? '';
  const scale = String(call.params.int('scale'));
  const row = channelPhotos(call).find((p) => p.resource_id === id && p.imgscale === scale);
  if (!row) return empty();
  const items = photoItems(call, row.resource_id);
  return json(items.length > 0 ? { photo: photoDetail(row), item: items } : { photo: photoDetail(row) });
}

/** The hidden items of a photo, in the full encoding. */
export function photoItems(call: HubCall, resourceId: string): Record<string, unknown>[] {
  return call.runtime.hub.items
    .filter((item) => item.row.uid === call.channel.channel_id && item.row.resource_type === 'photo')
    .filter((item) => item.row.resource_id === resourceId)
    .map((item) => encodeItem(call.runtime.hub, item, true));
}
