import { Params } from '../http/params.js';
import { phpJson } from '../http/php-json.js';
import type { Runtime } from '../runtime.js';
import { apiLogin, isSignatureLogin } from './api-login.js';
import { switchChannel } from './auth.js';
import { channelList, exportBasic, verify } from './channel.js';
import { abconfig, abook, permAllowed, xchan } from './contacts.js';
import type { Endpoint } from './endpoint.js';
import { filedata } from './filedata.js';
import { file, fileExport, filemeta, files } from './files.js';
import { group, groupMembers } from './groups.js';
import { HUB_RELEASES } from './hub-version.js';
import { itemUpdate } from './items.js';
import { albums, photo, photos } from './photos.js';
import {
  addPhpHeaders,
  empty,
  loginRequired,
  notImplemented,
  serverError,
  withoutBodyForHead,
} from './reply.js';
import { knownSession, startSession } from './sessions.js';
import { channelStream, itemFull, networkStream } from './streams.js';

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
 * suffix, unknown endpoints 404 before any login, `version` without login, the logins of
 * {@link apiLogin} (OAuth 2.0 Bearer, HTTP Basic with Hubzilla's colon rule, HTTP Signatures), and
 * the PHP session cookie that then stands in for the credentials.
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
  const session = knownSession(runtime, request);
  const fresh = () => startSession(runtime);
  const finish = (response: Response, cookies: string[]) =>
    withoutBodyForHead(request, addPhpHeaders(response, cookies));

  if (path === 'version') {
    const release = HUB_RELEASES[runtime.options.hubVersion];
    const response =
      type === 'xml'
        ? new Response(`<?xml version="1.0" encoding="UTF-8"?>\r\n<version>${release}</version>\r\n`, {
            headers: { 'Content-Type': 'application/xml' },
          })
        : new Response(phpJson(release), { headers: { 'Content-Type': 'application/json' } });
    return finish(response, session ? [] : [fresh()]);
  }
  const endpoint = ROUTES[path];
  if (!endpoint || type === 'rss' || type === 'atom')
    return finish(notImplemented(type), session ? [] : [fresh()]);

  let channelId = session === undefined ? null : (hub.sessions.get(session) ?? null);
  // A strict Digest check needs the raw body, which reading the parameters consumes.
  const body =
    channelId === null && runtime.options.auth.strictDigest && isSignatureLogin(request)
      ? request
          .clone()
          .arrayBuffer()
          .catch(() => new ArrayBuffer(0))
      : undefined;
  const params = await Params.read(request, 'hubzilla', runtime.options.serverLimits);
  let id = session;
  const cookies: string[] = [];
  if (channelId === null) {
    const outcome = await apiLogin(runtime, request, params, body);
    if (id === undefined) {
      id = fresh();
      cookies.push(id, id);
    }
    if (outcome === 'fatal') return finish(serverError(), cookies);
    if (outcome === 'refused') return finish(loginRequired(), cookies);
    channelId = outcome.channel_id;
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
