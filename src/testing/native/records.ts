import { toBase64 } from '../http/base64.js';
import type { HubAbookRow, HubAttachRow, HubGroupMemberRow, HubPhotoRow, HubXchanRow } from './hub-state.js';

/* The record shapes of Hubzilla 8.8.7, field for field and in its order. */

/** An attach record as `files` lists it. */
export function attachListed(a: HubAttachRow): Record<string, unknown> {
  return {
    id: a.id,
    aid: a.aid,
    uid: a.uid,
    hash: a.hash,
    filename: a.filename,
    filetype: a.filetype,
    filesize: a.filesize,
    revision: a.revision,
    folder: a.folder,
    os_path: a.os_path,
    display_path: a.display_path,
    os_storage: a.os_storage,
    is_dir: a.is_dir,
    is_photo: a.is_photo,
    flags: a.flags,
    created: a.created,
    edited: a.edited,
    ...acl(a),
  };
}

/**
 * An attach record as filemeta (no `content`), file and filedata (with `content`) and file/export
 * return it.
 */
export function attachDetail(a: HubAttachRow, content?: string): Record<string, unknown> {
  return {
    id: a.id,
    aid: a.aid,
    uid: a.uid,
    hash: a.hash,
    creator: a.creator,
    filename: a.filename,
    filetype: a.filetype,
    filesize: a.filesize,
    revision: a.revision,
    folder: a.folder,
    flags: a.flags,
    is_dir: a.is_dir,
    is_photo: a.is_photo,
    os_storage: a.os_storage,
    os_path: a.os_path,
    display_path: a.display_path,
    ...(content === undefined ? {} : { content }),
    created: a.created,
    edited: a.edited,
    ...acl(a),
  };
}

function acl(record: { allow_cid: string; allow_gid: string; deny_cid: string; deny_gid: string }) {
  return {
    allow_cid: record.allow_cid,
    allow_gid: record.allow_gid,
    deny_cid: record.deny_cid,
    deny_gid: record.deny_gid,
  };
}

/** The portable xchan (the `xchan` endpoint): prefix removed, `addr` renamed `address`. */
export function xchanPortable(x: HubXchanRow): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(x)) record[key === 'addr' ? 'address' : key] = value;
  return record;
}

/** The xchan columns of a database join (`xchan_hash`, …, `xchan_addr`). */
export function xchanColumns(x: HubXchanRow): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(x)) record[`xchan_${key}`] = value;
  return record;
}

/** An abook row joined with its xchan (abook, group_members). */
export function abookJoined(abook: HubAbookRow, xchan: HubXchanRow | undefined): Record<string, unknown> {
  return { ...abook, ...(xchan ? xchanColumns(xchan) : {}) };
}

/** A group_members row: the membership, the abook and the xchan. */
export function memberJoined(
  member: HubGroupMemberRow,
  abook: HubAbookRow | undefined,
  xchan: HubXchanRow | undefined,
) {
  return { ...member, ...(abook ?? {}), ...(xchan ? xchanColumns(xchan) : {}) };
}

/** A photo row as `photos` lists it (no content, a `src` URL). */
export function photoListed(site: string, p: HubPhotoRow): Record<string, unknown> {
  return {
    resource_id: p.resource_id,
    created: p.created,
    edited: p.edited,
    title: p.title,
    description: p.description,
    album: p.album,
    filename: p.filename,
    mimetype: p.mimetype,
    height: p.height,
    width: p.width,
    filesize: p.filesize,
    imgscale: p.imgscale,
    photo_usage: p.photo_usage,
    ...acl(p),
    src: `${site}/photo/${p.resource_id}-${p.imgscale}`,
  };
}

/** A photo row as `photo` returns it: every column, the image base64 in `content`. */
export function photoDetail(p: HubPhotoRow): Record<string, unknown> {
  const { content, ...row } = p;
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    record[key] = value;
    if (key === 'filesize') record.content = toBase64(content);
  }
  return record;
}
