// Every record type lists its documented fields only: a misspelled field is a compile error. Each
// `@ts-expect-error` below fails the type check ("unused directive") the moment a record type gets
// its `[x: string]: unknown` index signature back. The test checks this file names every record
// type the package exports.
import {
  type Abconfig,
  type Abook,
  type Album,
  type ApiInfo,
  type Attach,
  type ChannelExport,
  type ExportItem,
  extraField,
  type FileDataAttach,
  type FileExport,
  type Friend,
  type GroupMember,
  type IsFriend,
  type Item,
  type ItemPerson,
  type ItemRow,
  type ItemUpdateResult,
  type NativePhoto,
  type Notification,
  type PermissionRow,
  type Photo,
  type PhotoDetail,
  type PrivacyGroup,
  type StreamItem,
  type TokenResponse,
  type UploadedPhoto,
  type User,
  type Xchan,
} from 'socialsite-sdk';

declare const apiInfo: ApiInfo;
declare const tokenResponse: TokenResponse;
declare const user: User;
declare const friend: Friend;
declare const notification: Notification;
declare const photo: Photo;
declare const uploadedPhoto: UploadedPhoto;
declare const isFriend: IsFriend;
declare const xchan: Xchan;
declare const abook: Abook;
declare const abconfig: Abconfig;
declare const permissionRow: PermissionRow;
declare const attach: Attach;
declare const fileDataAttach: FileDataAttach;
declare const fileExport: FileExport;
declare const channelExport: ChannelExport;
declare const privacyGroup: PrivacyGroup;
declare const groupMember: GroupMember;
declare const itemRow: ItemRow;
declare const streamItem: StreamItem;
declare const exportItem: ExportItem;
// The deprecated union of the three; not a record type of its own (no `ItemSchema` interface).
const item = streamItem as Item;
declare const itemPerson: ItemPerson;
declare const itemUpdateResult: ItemUpdateResult;
declare const album: Album;
declare const nativePhoto: NativePhoto;
declare const photoDetail: PhotoDetail;

export const read: unknown[] = [
  // @ts-expect-error total
  apiInfo.totl,
  // @ts-expect-error token
  tokenResponse.tokn,
  // @ts-expect-error full_name
  user.full_nmae,
  // @ts-expect-error full_name
  friend.ful_name,
  // @ts-expect-error message
  notification.mesage,
  // @ts-expect-error photo_original
  photo.photo_orginal,
  // @ts-expect-error photo_original (3.0.x's `original` is renamed, not kept)
  uploadedPhoto.original,
  // @ts-expect-error is_friend
  isFriend.isfriend,
  // @ts-expect-error address
  xchan.adress,
  // @ts-expect-error abook_xchan
  abook.abook_xchn,
  // @ts-expect-error cat
  abconfig.category,
  // @ts-expect-error allowed
  permissionRow.alowed,
  // @ts-expect-error filesize
  attach.filesise,
  // @ts-expect-error content
  fileDataAttach.contents,
  // @ts-expect-error fetch_url
  fileExport.fetchurl,
  // @ts-expect-error relocate
  channelExport.relocation,
  // @ts-expect-error gname
  privacyGroup.name,
  // @ts-expect-error gid
  groupMember.group_id,
  // @ts-expect-error body
  itemRow.bdy,
  // @ts-expect-error body
  streamItem.bdy,
  // @ts-expect-error body
  exportItem.bdy,
  // @ts-expect-error body
  item.bdy,
  // Each shape lists only its own fields: a stream item has no row id, a row no message_id.
  // @ts-expect-error id
  streamItem.id,
  // @ts-expect-error parent
  streamItem.parent,
  // @ts-expect-error message_id (the row's is `mid`)
  itemRow.message_id,
  // @ts-expect-error mid (the export's is `message_id`)
  exportItem.mid,
  // @ts-expect-error id: not every shape of the deprecated union has one
  item.id,
  // @ts-expect-error address
  itemPerson.addr,
  // @ts-expect-error item_id
  itemUpdateResult.itemid,
  // @ts-expect-error total
  album.count,
  // @ts-expect-error imgscale
  nativePhoto.scale,
  // @ts-expect-error photo
  photoDetail.foto,
  // Nested records are exact too.
  // @ts-expect-error version
  channelExport.compatibility.verison,
  // @ts-expect-error filename
  fileExport.attach[0]?.file_name,
  // @ts-expect-error content
  photoDetail.photo.contnt,
  // @ts-expect-error name
  streamItem.owner.nmae,
  // @ts-expect-error body
  itemUpdateResult.item.boddy,
  // The documented fields compile, typed; unknown ones are read through extraField, as `unknown`.
  user.full_name satisfies string,
  attach.filesize satisfies number,
  item.created satisfies Date | null,
  streamItem.message_id satisfies string,
  exportItem.id satisfies number,
  itemRow.parent_mid satisfies string,
  extraField(user, 'profile_link') satisfies unknown,
];
