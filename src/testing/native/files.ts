import { toBase64 } from '../http/base64.js';
import { NULL_DATE, parseDateParam, sqlDate } from '../http/dates.js';
import type { HubCall } from './endpoint.js';
import type { HubAttachRow } from './hub-state.js';
import { photoItems } from './photos.js';
import { attachDetail, attachListed, photoDetail } from './records.js';
import { empty, json } from './reply.js';

/** The channel's files and folders, oldest first. */
export function channelFiles(call: HubCall): HubAttachRow[] {
  return call.runtime.hub.files
    .filter((file) => file.uid === call.channel.channel_id)
    .sort((a, b) => a.created.localeCompare(b.created) || a.id - b.id);
}

/**
 * files: `filehash` exact, `filename`/`filetype` substrings (case-sensitive), `since`/`until` on
 * `created`; `start` applies only with `records` > 0. `start` and `records` (the count returned)
 * are added when either was given.
 */
export function files(call: HubCall): Response {
  const { params } = call;
  const hash = params.get('filehash') ?? '';
  const filename = params.get('filename') ?? '';
  const filetype = params.get('filetype') ?? '';
  const start = params.int('start');
  const records = params.int('records');
  const since = parseDateParam(params.get('since')) ?? NULL_DATE;
  const until = parseDateParam(params.get('until')) ?? sqlDate(call.runtime.options.now());
  let rows = channelFiles(call).filter(
    (file) =>
      (hash === '' || file.hash === hash) &&
      file.filename.includes(filename) &&
      file.filetype.includes(filetype) &&
      file.created >= since &&
      file.created <= until,
  );
  if (records > 0) rows = rows.slice(Math.max(start, 0), Math.max(start, 0) + records);
  const answer: Record<string, unknown> = { success: true, results: rows.map(attachListed) };
  if (start !== 0 || records !== 0) {
    answer.start = start;
    answer.records = rows.length;
  }
  return json(answer);
}

/** The channel's file whose hash is exactly `file_id`. */
function exactFile(call: HubCall): HubAttachRow | undefined {
  const id = call.params.get('file_id') ?? '';
  return id === '' ? undefined : channelFiles(call).find((file) => file.hash === id);
}

/** filemeta: `{attach}` without content; unknown or missing id: empty 200. */
export function filemeta(call: HubCall): Response {
  const file = exactFile(call);
  return file ? json({ attach: attachDetail(file) }) : empty();
}

/** file: `{attach}` with the whole content base64 (folders: `""`). */
export function file(call: HubCall): Response {
  const found = exactFile(call);
  if (!found) return empty();
  return json({ attach: attachDetail(found, found.is_dir ? '' : toBase64(found.content())) });
}

/**
 * file/export: the parent folders and the file with server paths in `content` (not data), plus the
 * photo rows of a photo. Unknown id: an empty `attach` list.
 */
export function fileExport(call: HubCall): Response {
  if (!call.params.has('file_id') || call.params.get('file_id') === '') return empty();
  const found = exactFile(call);
  const answer: Record<string, unknown> = {
    fetch_url: `${call.site}/getfile`,
    original_channel: call.channel.nick,
    attach: [],
  };
  if (found) {
    const chain: HubAttachRow[] = [found];
    for (let parent = found.folder; parent !== ''; ) {
      const folder = channelFiles(call).find((candidate) => candidate.hash === parent);
      if (!folder) break;
      chain.unshift(folder);
      parent = folder.folder;
    }
    answer.attach = chain.map((entry) => ({
      ...attachDetail(entry, `store/${call.channel.nick}/${entry.os_path}`),
      term: [],
    }));
    const photos = call.runtime.hub.photos.filter((photo) => photo.resource_id === found.hash);
    if (photos.length > 0) answer.photo = photos.map(photoDetail);
    const items = photoItems(call, found.hash);
    if (items.length > 0) answer.item = items;
  }
  return json(answer);
}
