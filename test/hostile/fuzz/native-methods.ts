import * as z from 'zod/mini';
import {
  AbconfigSchema,
  AbookSchema,
  AlbumSchema,
  AttachSchema,
  ChannelExportSchema,
  ExportItemSchema,
  FileExportSchema,
  GroupMemberSchema,
  ItemRowSchema,
  type NativeClient,
  NativePhotoSchema,
  type Page,
  PrivacyGroupSchema,
  StreamItemSchema,
  XchanSchema,
} from '../../../src/index.js';
import { firstItems, PAUSE_FOR_AN_HOUR } from './follow.js';
import type { FuzzMethod } from './method.js';
import { expectSchemaValid, expectThat } from './shape.js';

const list = (item: z.ZodMiniType, what: string) => (value: unknown) =>
  expectSchemaValid(z.array(item), value, what);

const page = (item: z.ZodMiniType, what: string) => (value: unknown) => {
  expectSchemaValid(z.array(item), (value as Page<unknown>).items, what);
  expectThat(Number.isSafeInteger((value as Page<unknown>).total), `${what}: an integer total`);
};

const bytes = (value: unknown, what: string) => expectThat(value instanceof Uint8Array, `${what}: bytes`);

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of stream) {
    bytes(part, 'files.download: every chunk');
    parts.push(part);
  }
  return new Uint8Array(await new Blob(parts as Uint8Array<ArrayBuffer>[]).arrayBuffer());
}

/** Every public method of NativeClient (the coverage test keeps this list complete). */
export const NATIVE_METHODS: readonly FuzzMethod<NativeClient>[] = [
  {
    name: 'version',
    run: (hub) => hub.version(),
    check: (value) => expectThat(typeof value === 'string', 'version: a string'),
  },
  {
    name: 'channel.exportBasic',
    run: (hub) => hub.channel.exportBasic({ sections: ['channel', 'connections'] }),
    check: (value) => expectSchemaValid(ChannelExportSchema, value, 'channel.exportBasic'),
  },
  {
    name: 'channel.stream',
    run: (hub) => hub.channel.stream(),
    check: list(StreamItemSchema, 'channel.stream'),
  },
  {
    name: 'network.stream',
    run: async (hub) => await hub.network.stream({ records: 2 }),
    check: page(StreamItemSchema, 'network.stream'),
  },
  {
    name: 'network.stream',
    variant: 'every page',
    run: (hub) => hub.network.stream({ records: 2 }).toArray({ limit: 50 }),
    check: list(StreamItemSchema, 'network.stream'),
  },
  {
    name: 'network.follow',
    run: (hub) =>
      firstItems((signal) =>
        hub.network.follow({
          cursor: { v: 1, stream: 'network', after: 1, skip: 0, edge: [] },
          pageSize: 2,
          signal,
          ...PAUSE_FOR_AN_HOUR,
        }),
      ),
    check: list(StreamItemSchema, 'network.follow'),
  },
  {
    name: 'files.list',
    run: async (hub) => await hub.files.list(),
    check: page(AttachSchema, 'files.list'),
  },
  {
    name: 'files.list',
    variant: 'every page',
    run: (hub) => hub.files.list({ records: 3 }).toArray({ limit: 50 }),
    check: list(AttachSchema, 'files.list'),
  },
  {
    name: 'files.data',
    run: (hub, { ids }) => hub.files.data({ file_id: ids.fileId, start: 0, length: 16 }),
    check: (value) => {
      const chunk = value as { attach: unknown; start: number; length: number; bytes: Uint8Array };
      expectSchemaValid(AttachSchema, chunk.attach, 'files.data: attach');
      bytes(chunk.bytes, 'files.data');
      expectThat(chunk.length === chunk.bytes.length, 'files.data: length is the byte count');
      expectThat(Number.isSafeInteger(chunk.start) && chunk.start >= 0, 'files.data: a start offset');
    },
  },
  {
    name: 'files.meta',
    run: (hub, { ids }) => hub.files.meta({ file_id: ids.fileId }),
    check: (value) => expectSchemaValid(AttachSchema, value, 'files.meta'),
  },
  {
    name: 'files.get',
    run: (hub, { ids }) => hub.files.get({ file_id: ids.fileId }),
    check: (value) => {
      const file = value as { attach: unknown; bytes: unknown };
      expectSchemaValid(AttachSchema, file.attach, 'files.get: attach');
      bytes(file.bytes, 'files.get');
    },
  },
  {
    name: 'files.export',
    run: (hub, { ids }) => hub.files.export({ file_id: ids.fileId }),
    check: (value) => expectSchemaValid(FileExportSchema, value, 'files.export'),
  },
  {
    name: 'files.download',
    run: (hub, { ids }) => readAll(hub.files.download(ids.fileId, { chunkSize: 16, concurrency: 2 })),
    check: (value) => bytes(value, 'files.download'),
  },
  {
    name: 'files.downloadBlob',
    run: (hub, { ids }) => hub.files.downloadBlob(ids.fileId, { chunkSize: 16, start: 3, end: 40 }),
    check: (value) => expectThat(value instanceof Blob && value.size <= 37, 'files.downloadBlob: a Blob'),
  },
  {
    name: 'albums.list',
    run: (hub) => hub.albums.list(),
    check: list(AlbumSchema, 'albums.list'),
  },
  {
    name: 'photos.list',
    run: (hub) => hub.photos.list(),
    check: list(NativePhotoSchema, 'photos.list'),
  },
  {
    name: 'photos.get',
    run: (hub, { ids }) => hub.photos.get({ photo_id: ids.photoId, scale: 0 }),
    check: (value) => {
      const { bytes: image, item, ...photo } = value as { bytes: unknown; item: unknown };
      bytes(image, 'photos.get');
      expectSchemaValid(NativePhotoSchema, photo, 'photos.get');
      expectSchemaValid(z.array(ExportItemSchema), item, 'photos.get: item');
    },
  },
  {
    name: 'groups.list',
    run: (hub) => hub.groups.list(),
    check: list(PrivacyGroupSchema, 'groups.list'),
  },
  {
    name: 'groups.members',
    run: (hub, { ids }) => hub.groups.members({ group_id: ids.groupId }),
    check: list(GroupMemberSchema, 'groups.members'),
  },
  {
    name: 'xchan.get',
    run: (hub, { ids }) => hub.xchan.get({ address: ids.xchanAddress }),
    check: (value) => expectSchemaValid(XchanSchema, value, 'xchan.get'),
  },
  {
    name: 'items.update',
    run: (hub) => hub.items.update({ body: 'fuzz', title: 'fuzz' }),
    check: (value) => {
      const { item_id, item } = value as { item_id: unknown; item: unknown };
      expectThat(Number.isSafeInteger(item_id), 'items.update: an integer item_id');
      expectSchemaValid(ItemRowSchema, item, 'items.update: item');
    },
  },
  {
    name: 'items.reply',
    run: (hub, { ids }) => hub.items.reply(ids.itemMid, { body: 'fuzz reply' }),
    check: (value) => {
      const { item_id, item } = value as { item_id: unknown; item: unknown };
      expectThat(Number.isSafeInteger(item_id), 'items.reply: an integer item_id');
      expectSchemaValid(ItemRowSchema, item, 'items.reply: item');
    },
  },
  {
    name: 'items.full',
    run: (hub, { ids }) => hub.items.full({ item_id: ids.itemId }),
    check: list(ExportItemSchema, 'items.full'),
  },
  {
    name: 'abook.list',
    run: (hub) => hub.abook.list(),
    check: list(AbookSchema, 'abook.list'),
  },
  {
    name: 'abconfig.list',
    run: (hub, { ids }) => hub.abconfig.list({ abook_id: ids.abookId }),
    check: list(AbconfigSchema, 'abconfig.list'),
  },
  {
    name: 'permissions.allowed',
    variant: 'one permission',
    run: (hub, { ids }) => hub.permissions.allowed({ abook_id: ids.abookId, perm: 'view_stream' }),
    check: (value) => expectThat(typeof value === 'boolean', 'permissions.allowed: a boolean'),
  },
  {
    name: 'permissions.allowed',
    variant: 'every permission',
    run: (hub, { ids }) => hub.permissions.allowed({ abook_id: ids.abookId }),
    check: (value) =>
      expectThat(
        typeof value === 'object' &&
          value !== null &&
          Object.values(value).every((allowed) => typeof allowed === 'boolean'),
        'permissions.allowed: booleans by name',
      ),
  },
];
