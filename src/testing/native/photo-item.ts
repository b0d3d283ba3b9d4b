import type { HubAttachRow, HubChannel, HubPhotoRow } from './hub-state.js';
import { buildItem } from './item-factory.js';
import type { HubItem } from './item-row.js';

/**
 * The hidden item Hubzilla creates for every stored photo (`resource_type` "photo"): not in the
 * streams, but returned by `photo` and `file/export`, with an Image `object` and the album as
 * `target`.
 */
export function photoItem(
  site: string,
  id: number,
  uuid: string,
  channel: HubChannel,
  photo: HubAttachRow,
  folder: HubAttachRow,
  rows: readonly HubPhotoRow[],
  /** Uploaded with a post (item/update `media`): the object names its author. */
  withPost = false,
): HubItem {
  const album = `${site}/photos/${channel.nick}/album/${folder.hash}`;
  const image = `${site}/photos/${channel.nick}/image/${photo.hash}`;
  const body = `[footer][zrl=${site}/channel/${channel.nick}]${channel.name}[/zrl] uploaded [zrl=${image}]a new photo[/zrl] to [zrl=${album}]${folder.filename}[/zrl][/footer]`;
  const extension = photo.filetype === 'image/png' ? 'png' : photo.filetype === 'image/gif' ? 'gif' : 'jpg';
  const mid = `${site}/item/${uuid}`;
  const published = `${photo.created.replace(' ', 'T')}Z`;
  const object = {
    type: 'Image',
    name: photo.filename,
    published,
    updated: published,
    attributedTo: withPost ? `${site}/channel/${channel.nick}` : null,
    id: mid,
    'diaspora:guid': uuid,
    url: rows.map((row) => ({
      type: 'Link',
      mediaType: row.mimetype,
      href: `${site}/photo/${photo.hash}-${row.imgscale}.${extension}`,
      width: Number(row.width),
      height: Number(row.height),
    })),
    source: { content: body, mediaType: 'text/bbcode' },
    content: `<div class="wall-item-footer">${channel.name} uploaded a new photo to ${folder.filename}</div>`,
    to: [
      photo.allow_gid === ''
        ? 'https://www.w3.org/ns/activitystreams#Public'
        : `${site}/channel/${channel.nick}`,
    ],
  };
  const target = {
    type: 'orderedCollection',
    name: folder.filename,
    id: `${site}/album/${channel.nick}/${folder.hash}`,
  };
  return buildItem(site, {
    id,
    uid: channel.channel_id,
    aid: channel.account_id,
    uuid,
    created: photo.created,
    owner: channel.hash,
    author: channel.hash,
    body,
    acl: {
      allow_cid: photo.allow_cid,
      allow_gid: photo.allow_gid,
      deny_cid: photo.deny_cid,
      deny_gid: photo.deny_gid,
    },
    wall: false,
    origin: true,
    title: photo.filename,
    fields: {
      resource_id: photo.hash,
      resource_type: 'photo',
      obj_type: 'http://activitystrea.ms/schema/1.0/photo',
      obj: JSON.stringify(object),
      tgt_type: 'orderedCollection',
      target: JSON.stringify(target),
      item_hidden: 1,
      item_unseen: 1,
    },
  });
}
