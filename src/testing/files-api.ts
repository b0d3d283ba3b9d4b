import { type Bytes, utf8 } from './http/base64.js';
import { sqlDate } from './http/dates.js';
import { type HubAttachRow, nextId } from './native/hub-state.js';
import { newAttach } from './native/new-attach.js';
import type { Runtime } from './runtime.js';
import { sha256Hex } from './seed/sha256.js';
import type { AddFileInput, FakeFileInfo, FakeFiles } from './site-types.js';

const TYPES: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  json: 'application/json',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

/** A file's public view. */
export function fileInfo(attach: HubAttachRow): FakeFileInfo {
  let digest: string | undefined;
  return {
    file_id: attach.hash,
    filename: attach.filename,
    filetype: attach.filetype,
    filesize: attach.filesize,
    display_path: attach.display_path,
    get sha256() {
      digest ??= sha256Hex(attach.content());
      return digest;
    },
    bytes: () => attach.content(),
  };
}

/** `site.files` over the live runtime (`current` follows {@link FakeSite.reset}). */
export function filesApi(current: () => Runtime): FakeFiles {
  const find = (path: string) => {
    const found = current().hub.files.find((file) => file.display_path === path);
    if (!found) throw new Error(`fake site: no seeded file ${path}`);
    return fileInfo(found);
  };
  return {
    get notes() {
      return find('Documents/notes.txt');
    },
    get empty() {
      return find('Documents/empty.txt');
    },
    get big() {
      return find('Documents/big.bin');
    },
    get readme() {
      return find('Documents/readme.md');
    },
    get(idOrPath) {
      const found = current().hub.files.find(
        (file) => !file.is_dir && (file.hash === idOrPath || file.display_path === idOrPath),
      );
      return found && fileInfo(found);
    },
    list() {
      return current()
        .hub.files.filter((file) => !file.is_dir)
        .map(fileInfo);
    },
  };
}

/** Stores `input` as a new attach record, creating its folders. */
export function addFile(runtime: Runtime, input: AddFileInput): FakeFileInfo {
  const { hub, prng } = runtime;
  const channel = hub.channels.find((c) => c.nick === (input.channel ?? 'alice'));
  if (!channel) throw new Error(`fake site: no channel ${input.channel}`);
  const bytes = typeof input.bytes === 'string' ? utf8(input.bytes) : input.bytes.slice();
  const now = sqlDate(runtime.options.now());
  const friends = hub.groups.find((g) => g.uid === channel.channel_id && g.gname === 'Friends');
  const record = (
    filename: string,
    parent: HubAttachRow | undefined,
    content: Bytes,
    type: string,
  ): HubAttachRow => {
    const attach = newAttach({
      id: nextId(hub.files),
      hash: prng.uuid(),
      channel,
      filename,
      parent,
      filetype: type,
      filesize: content.length,
      content: () => content,
      created: now,
      allowGid: friends ? `<${friends.hash}>` : '',
    });
    hub.files.push(attach);
    return attach;
  };
  let parent: HubAttachRow | undefined;
  for (const name of (input.folder ?? '').split('/').filter((part) => part !== '')) {
    const path = parent ? `${parent.display_path}/${name}` : name;
    parent =
      hub.files.find((f) => f.uid === channel.channel_id && f.is_dir === 1 && f.display_path === path) ??
      record(name, parent, new Uint8Array(0), 'multipart/mixed');
  }
  const extension = input.filename.split('.').pop()?.toLowerCase() ?? '';
  const type = input.filetype ?? TYPES[extension] ?? 'application/octet-stream';
  return fileInfo(record(input.filename, parent, bytes, type));
}
