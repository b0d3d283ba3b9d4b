import * as z from 'zod/mini';
import { AttachSchema } from './attach.js';
import { ItemSchema } from './item.js';
import { NativePhotoSchema } from './photo.js';

/**
 * The answer of `file/export` (`file_id`): the file's record preceded by its parent folders, plus
 * its photo rows and item when the file is a photo. Beware: the `content` fields here hold base64
 * of server paths, not file data. An unknown id gives `attach: []`.
 */
export const FileExportSchema = z.looseObject({
  fetch_url: z.string(),
  original_channel: z.string(),
  attach: z.array(AttachSchema),
  photo: z.optional(z.array(NativePhotoSchema)),
  item: z.optional(z.array(ItemSchema)),
});
export type FileExport = z.infer<typeof FileExportSchema>;

/**
 * The answer of `channel/export/basic`. Only the two members every export carries are checked;
 * the requested sections (channel, connections, config, apps, items, ...) are kept as sent,
 * unvalidated. The `channel` section holds the channel's PRIVATE KEY: never log an export.
 */
export const ChannelExportSchema = z.looseObject({
  compatibility: z.looseObject({
    project: z.string(),
    version: z.string(),
  }),
  relocate: z.looseObject({
    channel_address: z.string(),
    url: z.string(),
  }),
});
export type ChannelExport = z.infer<typeof ChannelExportSchema>;
