import { Params } from '../http/params.js';
import { phpJson } from '../http/php-json.js';
import type { Runtime } from '../runtime.js';
import { login, readBasic, sessionCookie, switchChannel } from './auth.js';
import { channelList, exportBasic, HUB_VERSION, verify } from './channel.js';
import { abconfig, abook, permAllowed, xchan } from './contacts.js';
import type { Endpoint } from './endpoint.js';
import { filedata } from './filedata.js';
import { file, fileExport, filemeta, files } from './files.js';
import { group, groupMembers } from './groups.js';
import { itemUpdate } from './items.js';
import { albums, photo, photos } from './photos.js';
import { addPhpHeaders, empty, loginRequired, notImplemented } from './reply.js';
import { channelStream, itemFull, networkStream } from './streams.js';

/** Sessions kept (the oldest are forgotten first). */
const MAX_SESSIONS = 10_000;

/** The endpoints below `api/z/1.0/` that need a login. */
const ROUTES: Record<string, Endpoint> = {
  'channel/list': channelList,
  'channel/export/basic': exportBasic,
  verify,
  'channel/stream': channelStream,
  'network/stream': networkStream,
  files,
  filedata,
  filemeta,
  file,
  'file/export': fileExport,
  albums,
  photos,
  photo,
  group,
  group_members: groupMembers,
  xchan,
  'item/update': itemUpdate,
  'item/full': itemFull,
  abook,
  abconfig,
  perm_allowed: permAllowed,
};

/**
 * Hubzilla's API module for the path below `api/z/1.0/`: any HTTP method, a `.json` (or other)
 * suffix, unknown endpoints 404 before any login, `version` without login, HTTP Basic with
 * Hubzilla's colon rule, and the PHP session cookie that then stands in for the credentials.
 */
export async function hubApi(runtime: Runtime, request: Request, rest: string): Promise<Response> {
  const { hub } = runtime;
  let path = rest.replace(/\/+$/, '');
  let type = 'json';
  const suffix = /\.([A-Za-z0-9]+)$/.exec(path);
  if (suffix) {
    type = (suffix[1] ?? '').toLowerCase();
    path = path.slice(0, -suffix[0].length);
  }
  const given = sessionCookie(request);
  const session = given !== undefined && hub.sessions.has(given) ? given : undefined;
  const fresh = () => {
    const id = runtime.prng.sessionId();
    hub.sessions.set(id, null);
    // Like PHP's session garbage collection: long runs (benchmarks) must not grow without bound.
    if (hub.sessions.size > MAX_SESSIONS) hub.sessions.delete(hub.sessions.keys().next().value ?? '');
    return id;
  };
  const finish = (response: Response, cookies: string[]) => strip(request, addPhpHeaders(response, cookies));

  if (path === 'version') {
    const response =
      type === 'xml'
        ? new Response(`<?xml version="1.0" encoding="UTF-8"?>\r\n<version>${HUB_VERSION}</version>\r\n`, {
            headers: { 'Content-Type': 'application/xml' },
          })
        : new Response(phpJson(HUB_VERSION), { headers: { 'Content-Type': 'application/json' } });
    return finish(response, session ? [] : [fresh()]);
  }
  const endpoint = ROUTES[path];
  if (!endpoint || type === 'rss' || type === 'atom')
    return finish(notImplemented(type), session ? [] : [fresh()]);

  const params = await Params.read(request);
  let channelId = session === undefined ? null : (hub.sessions.get(session) ?? null);
  let id = session;
  const cookies: string[] = [];
  if (channelId === null) {
    const credentials = readBasic(request.headers.get('authorization'));
    const channel = credentials && login(hub, credentials);
    if (id === undefined) {
      id = fresh();
      cookies.push(id, id);
    }
    if (!channel) return finish(loginRequired(), cookies);
    channelId = channel.channel_id;
    hub.sessions.set(id, channelId);
  }
  let channel = hub.channels.find((c) => c.channel_id === channelId);
  if (!channel) return finish(loginRequired(), cookies);
  const nick = params.get('channel');
  if (nick !== undefined && nick !== channel.nick) {
    const switched = switchChannel(hub, channel, nick);
    if (!switched) return finish(empty(), cookies);
    channel = switched;
    if (id !== undefined) hub.sessions.set(id, channel.channel_id);
  }
  const method = request.method.toUpperCase();
  const site = runtime.options.siteUrl;
  const response = await endpoint({ runtime, request, method, params, channel, site });
  return finish(response, cookies);
}

/** A HEAD answer keeps the status and headers, without the body. */
function strip(request: Request, response: Response): Response {
  if (request.method !== 'HEAD' || response.body === null) return response;
  return new Response(null, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
