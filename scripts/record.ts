/**
 * `npm run record -- --hub URL --user U --password P [--out DIR] [--as-host HOST]`
 *
 * Replays a fixed list of read requests against a live Hubzilla hub and writes each exchange in
 * the format of `test/fixtures/hubzilla-8.8.7/` (request line, status line, headers in the order and
 * letter case received, body as received), so the fixtures and the fake can be refreshed for another
 * Hubzilla version. Normalized on the way: the password (in the request line and wherever an answer
 * echoes it), session cookies, and the hub's host:port (→ `--as-host`, by default the recorded set's
 * `127.0.0.1:8088`). Exchanges that would carry the channel's private key are not in the list.
 *
 * It records the SERVER, so it uses node:http, not the SDK: raw header case, the status line's HTTP
 * version and a body byte for byte. Requests that need the hub's own ids (a file hash, a connection)
 * take them from its answers first.
 *
 * `npm run record -- --phpfox URL --key APP_KEY [--out DIR]` records a phpFox's Application API
 * instead (scripts/record-phpfox.ts; test/fixtures/phpfox-3.0.1 and phpfox-3.9.0 came from it).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Exchange, Recording, rawExchange } from './raw-exchange.js';
import { recordPhpfox } from './record-phpfox.js';

const { values } = parseArgs({
  options: {
    hub: { type: 'string' },
    user: { type: 'string' },
    password: { type: 'string' },
    out: { type: 'string' },
    'as-host': { type: 'string' },
    phpfox: { type: 'string' },
    key: { type: 'string' },
  },
});
if (values.phpfox) {
  if (!values.key) {
    console.error('usage: npm run record -- --phpfox URL --key APP_KEY [--out DIR] [--as-host HOST]');
    process.exit(2);
  }
  await recordPhpfox({
    site: values.phpfox,
    key: values.key,
    out: values.out ?? 'recorded-phpfox',
    asHost: values['as-host'] ?? 'site.example',
  });
  process.exit(0);
}
if (!values.hub || !values.user || !values.password) {
  console.error(
    'usage: npm run record -- --hub URL --user NAME --password PASSWORD [--out DIR] [--as-host HOST]',
  );
  process.exit(2);
}
const hubUrl = new URL(values.hub.endsWith('/') ? values.hub : `${values.hub}/`);
const user = values.user;
const password = values.password;
const outDir = path.resolve(values.out ?? 'recorded-hub');
const asHost = values['as-host'] ?? '127.0.0.1:8088';
const api = new URL('api/z/1.0/', hubUrl);

/** One request with node:http, answered whole. */
function send(method: string, url: URL, auth: string | undefined, form?: URLSearchParams): Promise<Exchange> {
  const body = form ? Buffer.from(form.toString()) : undefined;
  const headers: Record<string, string> = {};
  if (auth) headers.Authorization = `Basic ${Buffer.from(auth).toString('base64')}`;
  if (body) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    headers['Content-Length'] = String(body.length);
  }
  return rawExchange(method, url, headers, body);
}

/** What the cases need to know about this hub, read from its own answers. */
interface HubFacts {
  files: { hash: string; filename: string; filesize: number; is_dir: boolean }[];
  connections: { abook_id: number; abook_self: boolean; abook_channel: number }[];
  groups: { id: number; gname: string }[];
}

async function readJson(pathAndQuery: string): Promise<unknown> {
  const answer = await send('GET', new URL(pathAndQuery, api), `${user}:${password}`);
  return JSON.parse(answer.body.toString('utf8') || 'null');
}

async function facts(): Promise<HubFacts> {
  const files = ((await readJson('files')) as { results?: HubFacts['files'] }).results ?? [];
  const truthy = (value: unknown) => value === true || value === 1 || value === '1';
  return {
    files: files.map((file) => ({ ...file, filesize: Number(file.filesize), is_dir: truthy(file.is_dir) })),
    connections: ((await readJson('abook')) as HubFacts['connections']).map((row) => ({
      ...row,
      abook_self: truthy(row.abook_self),
    })),
    groups: (await readJson('group')) as HubFacts['groups'],
  };
}

/** A case: its file name and its request (`auth` false: no credentials). */
interface Case {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  form?: Record<string, string>;
  auth?: boolean;
}

function cases(hub: HubFacts): Case[] {
  const plain = hub.files.filter((file) => !file.is_dir);
  const biggest = [...plain].sort((a, b) => b.filesize - a.filesize)[0];
  const small = plain.find((file) => file.filesize > 0 && file.filesize < 4096) ?? biggest;
  const empty = plain.find((file) => file.filesize === 0);
  const folder = hub.files.find((file) => file.is_dir);
  const other = hub.connections.find((row) => !row.abook_self);
  const group = hub.groups[0];
  const list: (Case | false | undefined)[] = [
    { name: '00-version-get', path: 'version', auth: false },
    { name: '01-auth-no_credentials', path: 'channel/list', auth: false },
    { name: '22-files-no_params', path: 'files' },
    { name: '26-files-start2_records3', path: 'files?start=2&records=3' },
    small && { name: '30-filemeta-file_id', path: `filemeta?file_id=${small.hash}` },
    { name: '30c-filemeta-unknown_file_id', path: 'filemeta?file_id=nope' },
    folder && { name: '30e-filemeta-folder', path: `filemeta?file_id=${folder.hash}` },
    small && { name: '31-file-file_id_small', path: `file?file_id=${small.hash}` },
    biggest && {
      name: '50-filedata-start0_length1000',
      path: `filedata?file_id=${biggest.hash}&start=0&length=1000`,
    },
    biggest && {
      name: '52-filedata-start_past_end',
      path: `filedata?file_id=${biggest.hash}&start=${biggest.filesize + 10}&length=1000`,
    },
    small && {
      name: '53-filedata-length_missing_small_file',
      path: `filedata?file_id=${small.hash}&start=5`,
    },
    { name: '54-filedata-unknown_file_id', path: 'filedata?file_id=nope&start=0&length=10' },
    empty && { name: '57-filedata-empty_file_no_length', path: `filedata?file_id=${empty.hash}` },
    empty && {
      name: '57b-filedata-empty_file_length10',
      path: `filedata?file_id=${empty.hash}&start=0&length=10`,
    },
    { name: '60-albums-default', path: 'albums' },
    { name: '70-group-list', path: 'group' },
    group && { name: '71-group_members-group_id', path: `group_members?group_id=${group.id}` },
    { name: '73b-group_members-unknown_group_name', path: 'group_members?group_name=Nope' },
    { name: '79-xchan-none', path: 'xchan' },
    { name: '85-abook-all', path: 'abook' },
    { name: '85c-abook-unknown_abook_id', path: 'abook?abook_id=999' },
    { name: '86-abconfig-all', path: 'abconfig' },
    { name: '90-channel_list-two_channels', path: 'channel/list' },
    { name: '18-network_stream-GET_default', path: 'network/stream' },
    other && { name: '95-network_stream-cid_without_uid', path: `network/stream?cid=${other.abook_id}` },
    other && {
      name: '95b-network_stream-cid_with_uid',
      path: `network/stream?cid=${other.abook_id}&uid=${other.abook_channel}`,
    },
    { name: '95c-network_stream-unknown_cid', path: 'network/stream?cid=999999' },
    // `config` only: the `channel` section would carry the channel's private key.
    { name: '96-channel_export_basic-posts_ignored', path: 'channel/export/basic?sections=config&posts=1' },
    {
      name: '96b-channel_export_basic-sections_config_items',
      path: 'channel/export/basic?sections=config,items',
    },
    { name: '10-unknown-endpoint_no_auth', path: 'nope', auth: false },
  ];
  return list.filter((entry): entry is Case => Boolean(entry));
}

/** Every spelling of the password an answer could echo, and the hub's origin, replaced. */
function normalize(text: string): string {
  let result = text;
  for (const secret of [password, encodeURIComponent(password), JSON.stringify(password).slice(1, -1)]) {
    if (secret) result = result.replaceAll(secret, 'secret-pass');
  }
  const escapedHost = hubUrl.host.replaceAll('/', '\\/');
  return result
    .replaceAll(hubUrl.host, asHost)
    .replaceAll(escapedHost, asHost)
    .replace(/PHPSESSID=[A-Za-z0-9,-]+/g, 'PHPSESSID=recordedsession0000000000000');
}

function requestLine(entry: Case): string {
  const url = new URL(entry.path, api);
  const auth = entry.auth === false ? '' : ` -u ${user}:${password}`;
  const data = entry.form ? ` -X POST --data ${new URLSearchParams(entry.form).toString()}` : '';
  const shown = url.search
    ? `${url.origin}${url.pathname}${url.search.replaceAll('?', '\\?').replaceAll('&', '\\&')}`
    : url.href;
  return `curl -sS -i${auth}${data} ${shown}`;
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const hub = await facts();
  const recording = new Recording(outDir, normalize);
  for (const entry of cases(hub)) {
    const url = new URL(entry.path, api);
    const auth = entry.auth === false ? undefined : `${user}:${password}`;
    const form = entry.form ? new URLSearchParams(entry.form) : undefined;
    const answer = await send(entry.method ?? (form ? 'POST' : 'GET'), url, auth, form);
    recording.write(entry.name, requestLine(entry), answer);
  }
  recording.close();
}

main().catch((error: unknown) => {
  console.error(`record failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
