export {
  type Abconfig,
  AbconfigSchema,
  type Abook,
  AbookSchema,
  type PermissionRow,
  PermissionRowSchema,
} from './abook.js';
export { type Attach, AttachSchema, type FileDataAttach, FileDataAttachSchema } from './attach.js';
export { type ChannelExport, ChannelExportSchema, type FileExport, FileExportSchema } from './export.js';
export { type GroupMember, GroupMemberSchema, type PrivacyGroup, PrivacyGroupSchema } from './group.js';
export {
  type ExportItem,
  ExportItemSchema,
  type Item,
  type ItemPerson,
  ItemPersonSchema,
  type ItemRow,
  ItemRowSchema,
  ItemSchema,
  type ItemUpdateResult,
  ItemUpdateResultSchema,
  type StreamItem,
  StreamItemSchema,
} from './item.js';
export {
  type Album,
  AlbumSchema,
  type NativePhoto,
  NativePhotoSchema,
  type PhotoDetail,
  PhotoDetailSchema,
} from './photo.js';
export { type Xchan, XchanSchema } from './xchan.js';
