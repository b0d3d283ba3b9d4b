import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  AbconfigSchema,
  AbookSchema,
  AttachSchema,
  ExportItemSchema,
  FileDataAttachSchema,
  FileExportSchema,
  GroupMemberSchema,
  ItemSchema,
  ItemUpdateResultSchema,
  PhotoDetailSchema,
  PrivacyGroupSchema,
  StreamItemSchema,
  XchanSchema,
} from '../../src/schemas/index.js';
import { hubzillaJson } from '../support/fixtures.js';

/*
 * Runtime zod/mini costs several times a JSON.parse on big lists; `z.compile` (zod >= 4.6) brings
 * it below. The client may parse with compiled clones, so the clones must agree with the
 * runtime on every shape the servers send, failures included.
 */
const cases: [string, z.ZodMiniType, string][] = [
  ['files', z.looseObject({ results: z.array(AttachSchema) }), '22-files-no_params.txt'],
  ['filedata', z.looseObject({ attach: FileDataAttachSchema }), '51-filedata-start_middle.txt'],
  ['filedata folder', z.looseObject({ attach: FileDataAttachSchema }), '56-filedata-folder.txt'],
  ['file/export', FileExportSchema, '32c-file_export-photo.txt'],
  ['photo', PhotoDetailSchema, '62-photo-photo_id_default_scale.txt'],
  ['group', z.array(PrivacyGroupSchema), '70-group-list.txt'],
  ['group_members', z.array(GroupMemberSchema), '71b-group_members-group_id_friends.txt'],
  ['xchan', XchanSchema, '76-xchan-address.txt'],
  ['item/update', ItemUpdateResultSchema, '40-item_update-new_post.txt'],
  ['network/stream', z.array(StreamItemSchema), '18-network_stream-GET_default.txt'],
  ['item/full', z.looseObject({ item: z.array(ExportItemSchema) }), '82-item_full-item_id.txt'],
  ['the deprecated item union', z.array(ItemSchema), '18-network_stream-GET_default.txt'],
  ['abook', z.array(AbookSchema), '85-abook-all.txt'],
  ['abconfig', z.array(AbconfigSchema), '86-abconfig-all.txt'],
];

describe('compiled schemas', () => {
  it.each(cases)('agree with the runtime on %s', (_endpoint, schema, name) => {
    const compiled = z.compile(schema, { strict: true });
    const value = hubzillaJson(name);
    expect(compiled.parse(value)).toEqual(schema.parse(value));
  });

  it('report the same issues as the runtime', () => {
    const schema = z.looseObject({ results: z.array(AttachSchema) });
    const value = hubzillaJson('22-files-no_params.txt') as { results: Record<string, unknown>[] };
    const broken = {
      results: value.results.map((row, index) => (index === 1 ? { ...row, created: 'soon' } : row)),
    };
    const compiled = z.compile(schema, { strict: true }).safeParse(broken);
    expect(compiled.success).toBe(false);
    expect(compiled.error?.issues).toEqual(schema.safeParse(broken).error?.issues);
    expect(compiled.error?.issues[0]?.path).toEqual(['results', 1, 'created']);
  });
});
