import * as z from 'zod/mini';
import {
  AbconfigSchema,
  AbookSchema,
  AlbumSchema,
  AttachSchema,
  ExportItemSchema,
  FileDataAttachSchema,
  GroupMemberSchema,
  intSchema,
  NativePhotoSchema,
  PermissionRowSchema,
  PrivacyGroupSchema,
  StreamItemSchema,
} from '../schemas/index.js';

/*
 * The envelopes of the Native endpoints' answers, as really sent by Hubzilla 8.8.7 (the records
 * inside come from `schemas/`). Failure shapes (empty body, `false`, `{success: false}`) never get
 * here: `answer.ts` maps them first.
 */

/** `version`: the version as a JSON string. */
export const VersionAnswerSchema = z.string();

/** `files`: `start` and `records` (the number returned) only when paging. */
export const FilesAnswerSchema = z.looseObject({
  results: z.array(AttachSchema),
  start: z.optional(intSchema),
  records: z.optional(intSchema),
});

/** `filedata`: one chunk, base64 in `attach.content`. */
export const FileDataAnswerSchema = z.looseObject({ attach: FileDataAttachSchema });

/** `filemeta`, `file`: the record (`file` adds the whole content as base64). */
export const AttachAnswerSchema = z.looseObject({ attach: AttachSchema });

/** `file`: the record with the whole content. */
export const FileAnswerSchema = z.looseObject({
  attach: z.looseObject({ ...AttachSchema.shape, content: z.string() }),
});

/** `albums`. */
export const AlbumsAnswerSchema = z.looseObject({ albums: z.array(AlbumSchema) });

/** `photos`: one row per image scale. */
export const PhotosAnswerSchema = z.looseObject({ photos: z.array(NativePhotoSchema) });

/** `channel/stream`, `network/stream`: a flat list of encoded items (threads with their comments). */
export const StreamItemListSchema = z.array(StreamItemSchema);

/**
 * `item/full`: `{item: [...]}` in the mirror-export shape, or `[]` when nothing matches (read as
 * `{item: []}`: one shape, without zod's union, which no other schema of `NativeClient` needs).
 */
export const ItemFullAnswerSchema = z.pipe(
  z.transform((answer: unknown) => (Array.isArray(answer) && answer.length === 0 ? { item: [] } : answer)),
  z.looseObject({ item: z.array(ExportItemSchema) }),
);

export const PrivacyGroupListSchema = z.array(PrivacyGroupSchema);
export const GroupMemberListSchema = z.array(GroupMemberSchema);
export const AbookListSchema = z.array(AbookSchema);
export const AbconfigListSchema = z.array(AbconfigSchema);
export const PermissionRowsSchema = z.array(PermissionRowSchema);
