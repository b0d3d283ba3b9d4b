import * as z from 'zod/mini';
import type { KnownFields } from '../known-fields.js';
import { AttachSchema } from './attach.js';
import { ExportItemSchema } from './item.js';
import { NativePhotoSchema } from './photo.js';

/**
 * The fields of {@link FileExport}, with the docs editors show on hover. The records of other
 * modules are typed by name (`as`): declaration files keep their fields' docs only that way.
 */
const fileExportFields = {
  /** URL another hub fetches the file's data from when it imports the export. */
  fetch_url: z.string(),
  /** The nickname of the channel the file belongs to. */
  original_channel: z.string(),
  /** The file's record, preceded by the records of its parent folders; `[]` for an unknown id. */
  attach: z.array(AttachSchema) as z.ZodMiniArray<typeof AttachSchema>,
  /** When the file is a photo: its photo rows, one per scale (`content` holds server paths). */
  photo: z.optional(z.array(NativePhotoSchema)) as z.ZodMiniOptional<
    z.ZodMiniArray<typeof NativePhotoSchema>
  >,
  /** When the file is a photo: the item that announced it, in the export shape. */
  item: z.optional(z.array(ExportItemSchema)) as z.ZodMiniOptional<z.ZodMiniArray<typeof ExportItemSchema>>,
};
/** The schema of {@link FileExport}. */
export const FileExportSchema: z.ZodMiniObject<typeof fileExportFields, z.core.$loose> =
  z.looseObject(fileExportFields);
/**
 * The answer of `file/export` (`file_id`): the file's record preceded by its parent folders, plus
 * its photo rows and item when the file is a photo. Beware: the `content` fields here hold base64
 * of server paths, not file data. An unknown id gives `attach: []`.
 */
export interface FileExport extends KnownFields<z.infer<typeof FileExportSchema>> {}

/** An export section: kept as the hub sends it (lists of database rows), not validated. */
const section = z.optional(z.unknown());

/** The `compatibility` member of a channel export. */
const exportCompatibilityFields = {
  /** The software: `hubzilla`. */
  project: z.string(),
  /** Its version (`8.8.7`). */
  version: z.string(),
};

/** The `relocate` member of a channel export. */
const exportRelocateFields = {
  /** The channel's nickname. */
  channel_address: z.string(),
  /** URL of the hub. */
  url: z.string(),
};

// Named and typed, like the records: an inline `z.looseObject()` would lose the fields' docs in
// the declaration files.
const ExportCompatibilitySchema: z.ZodMiniObject<typeof exportCompatibilityFields, z.core.$loose> =
  z.looseObject(exportCompatibilityFields);
const ExportRelocateSchema: z.ZodMiniObject<typeof exportRelocateFields, z.core.$loose> =
  z.looseObject(exportRelocateFields);

/** The fields of {@link ChannelExport}, with the docs editors show on hover. */
const channelExportFields = {
  /** Which software and version made the export. */
  compatibility: ExportCompatibilitySchema,
  /** Where the channel lived, for an import elsewhere to relocate it. */
  relocate: ExportRelocateSchema,
  /** Section `channel`: the channel row, PRIVATE KEY included. Never log it. Kept as sent. */
  channel: section,
  /** Sections `channel` and `profile`: the channel's profiles. Kept as sent. */
  profile: section,
  /** Section `connections`: the address-book rows, each with its `abconfig`. Kept as sent. */
  abook: section,
  /** Section `connections`: the connections' xchan rows. Kept as sent. */
  xchan: section,
  /** Section `connections`: the privacy groups. Kept as sent. */
  group: section,
  /** Section `connections`: the privacy groups' members. Kept as sent. */
  group_member: section,
  /** Section `config`: the channel's settings rows. Kept as sent. */
  config: section,
  /** Section `apps`: the channel's installed apps. Kept as sent. */
  app: section,
  /** Section `chatrooms`: the channel's chat rooms. Kept as sent. */
  chatroom: section,
  /** Section `events`: the channel's calendar events. Kept as sent. */
  event: section,
  /** Section `webpages`: the channel's webpages, layouts and blocks. Kept as sent. */
  webpages: section,
  /** Section `wikis`: the channel's wikis. Kept as sent. */
  wiki: section,
  /** Section `items`: the channel's posts and comments, in the shape of {@link ExportItem}, but kept as sent: not validated, dates stay text. */
  item: section,
};
/** The schema of {@link ChannelExport}. */
export const ChannelExportSchema: z.ZodMiniObject<typeof channelExportFields, z.core.$loose> =
  z.looseObject(channelExportFields);
/**
 * The answer of `channel/export/basic`. Only `compatibility` and `relocate`, which every export
 * carries, are checked; the members of the sections asked for (see `ChannelExportParams.sections`)
 * are `unknown`, kept as sent and unvalidated. The `channel` section holds the channel's PRIVATE
 * KEY: never log an export.
 */
export interface ChannelExport extends KnownFields<z.infer<typeof ChannelExportSchema>> {}
