import { pause } from '../core/follow/pause.js';
import { addNotification } from './app/add-notification.js';
import { apiPhp, tokenPhp } from './app/router.js';
import { fakeEvents } from './events/events.js';
import { type FaultOptions, Faults, resetResponse, statusResponse } from './faults.js';
import { addFile, filesApi } from './files-api.js';
import { Params } from './http/params.js';
import { type FieldLimits, phpFields } from './http/php-vars.js';
import { addItem } from './native/add-item.js';
import { hubPage, servePage } from './native/hub-pages.js';
import { registerClient } from './native/oauth-clients.js';
import { expireAll } from './native/oauth-tokens.js';
import { hubApi } from './native/router.js';
import { type FakeSiteOptions, resolveOptions } from './options.js';
import type { Runtime } from './runtime.js';
import { CHANNEL_KEYS } from './seed/channel-keys.js';
import { SEEDED_OAUTH_CLIENT } from './seed/hub-oauth.js';
import { seedSite } from './seed/index.js';
import type {
  ChannelCredentials,
  ChannelSigningKey,
  FakeCredentials,
  FakeSite,
  RecordedRequest,
} from './site-types.js';
import { startTrickle, stopTrickles } from './trickle.js';

const HUB_PREFIXES = ['api/z/1.0', 'api/red'];
/** How many requests `site.requests` keeps. */
const REQUEST_LOG_SIZE = 1000;

/**
 * An in-memory fake of the social site: the phpFox Application API (`token.php`, `api.php`) and
 * the Hubzilla Native API (`api/z/1.0/`), behaving like the real servers do (see
 * `docs/server-behaviour.md`), seeded with deterministic data.
 *
 * @example
 * const site = createFakeSite();
 * const response = await site.handler(new Request(`${site.url}token.php?key=${site.credentials.appKey}`));
 */
export function createFakeSite(options: FakeSiteOptions = {}): FakeSite {
  const initialFaults = options.faults;
  let resolved = resolveOptions(options);
  let runtime = build();
  let requests: RecordedRequest[] = [];

  function build(): Runtime {
    const seeded = seedSite(resolved);
    const faults = new Faults();
    faults.current = initialFaults;
    return {
      options: resolved,
      app: seeded.app,
      hub: seeded.hub,
      faults,
      prng: seeded.prng,
      arrivals: seeded.arrivals,
    };
  }

  const appKey = () => [...runtime.app.keys.entries()].find(([, user]) => user === 1)?.[0] ?? '';
  const credentials: FakeCredentials = {
    get appKey() {
      return appKey();
    },
    appUserId: 1,
    channel: channelLogin('alice', 'secret-pass', 'alice@example.com'),
    bob: channelLogin('bob', 'bob-pass', 'bob@example.com'),
    carol: channelLogin('carol', 'colon:pass', 'carol@example.com'),
    secondChannel: 'alice2',
    oauthClient: SEEDED_OAUTH_CLIENT,
    signingKeys: {
      get alice() {
        return signingKey('alice');
      },
      get bob() {
        return signingKey('bob');
      },
    },
  };
  function signingKey(nick: 'alice' | 'bob'): ChannelSigningKey {
    const { siteUrl } = runtime.options;
    const keys = CHANNEL_KEYS[nick];
    if (!keys) throw new Error(`fake site: no keys for ${nick}`);
    return {
      keyId: `acct:${nick}@${new URL(siteUrl).host}`,
      channelUrl: `${siteUrl}/channel/${nick}`,
      ...keys,
    };
  }

  async function handler(request: Request): Promise<Response> {
    const current = runtime;
    current.options.tick();
    const record: RecordedRequest = {
      method: request.method,
      url: request.url,
      // Copied from its entries: msw 2.10's interceptors (the lowest of the peer range) make
      // `new Headers(headers)` of an intercepted request throw on Node 24.
      headers: new Headers([...request.headers]),
      status: 0,
    };
    requests.push(record);
    if (requests.length > REQUEST_LOG_SIZE) requests.shift();
    await current.faults.delay(request.signal);
    const pathname = new URL(request.url).pathname;
    const base = current.options.basePath;
    const path = pathname.startsWith(base) ? pathname.slice(base.length) : undefined;
    const fault = current.faults.forRequest(path ?? pathname, request.method.toUpperCase());
    let response: Response;
    if (fault?.kind === 'status' && !fault.afterHandling) {
      response = statusResponse(fault.status, fault.retryAfter);
    } else {
      response = await route(current, request, path);
      if (fault?.kind === 'status') response = statusResponse(fault.status, fault.retryAfter);
      if (fault?.kind === 'reset') response = await resetResponse(response, fault.afterBytes);
      // A stalled answer: until `ms` have passed or the client gave up.
      if (fault?.kind === 'stall') await pause(fault.ms, request.signal);
    }
    record.status = response.status;
    return response;
  }

  const site: FakeSite = {
    handler,
    get url() {
      return `${runtime.options.siteUrl}${runtime.options.basePath}`;
    },
    credentials,
    files: filesApi(() => runtime),
    get state() {
      return { app: runtime.app, hub: runtime.hub };
    },
    get faults(): FaultOptions {
      return runtime.faults.current;
    },
    set faults(next: FaultOptions) {
      runtime.faults.current = next;
    },
    get requests() {
      return requests;
    },
    addFile: (input) => addFile(runtime, input),
    issueAppKey(userId) {
      if (!runtime.app.users.has(userId)) throw new Error(`fake site: no phpFox user ${userId}`);
      const key = runtime.prng.hex(32);
      runtime.app.keys.set(key, userId);
      return key;
    },
    registerOAuthClient: (input) => registerClient(runtime.hub, runtime.prng, input),
    expireTokens: () => expireAll(runtime),
    addItem: (input) => addItem(runtime, input),
    addNotification: (input = {}) => addNotification(runtime, input),
    events: fakeEvents(() => runtime),
    trickle: (trickleOptions) => startTrickle(site, runtime, trickleOptions),
    reset() {
      stopTrickles(site);
      resolved = resolveOptions(options);
      runtime = build();
      requests = [];
    },
  };
  return site;
}

async function route(runtime: Runtime, request: Request, at: string | undefined): Promise<Response> {
  let path = at;
  if (path === 'token.php')
    return tokenPhp(runtime, await Params.read(request, 'phpfox', runtime.options.serverLimits));
  if (path === 'api.php')
    return apiPhp(runtime, await Params.read(request, 'phpfox', runtime.options.serverLimits));
  if (runtime.options.hubRewrite && path !== undefined) {
    const routed = rewrittenPath(path, new URL(request.url).search, runtime.options.serverLimits);
    if (routed === undefined) return serverError();
    path = routed;
  }
  const page = hubPage(path);
  if (page) return servePage(runtime, request, page);
  for (const prefix of HUB_PREFIXES) {
    if (path === prefix || path?.startsWith(`${prefix}/`)) {
      return hubApi(runtime, request, path.slice(prefix.length + 1));
    }
  }
  return new Response('<html><body><h1>Not Found</h1></body></html>', {
    status: 404,
    headers: { 'Content-Type': 'text/html; charset=UTF-8' },
  });
}

/**
 * A login whose `email` is not enumerable: `{ baseUrl, ...credentials.channel }` is then exactly the
 * options of a `NativeClient`, which refuses keys it does not take.
 */
function channelLogin<Nick extends string>(
  username: Nick,
  password: string,
  email: string,
): ChannelCredentials<Nick> {
  return Object.defineProperty({ username, password }, 'email', {
    value: email,
    enumerable: false,
  }) as ChannelCredentials<Nick>;
}

/**
 * The path Hubzilla routes under a `[QSA]` rewrite: `$_GET['q']` of `q=<path>&<the request's
 * query>`, trimmed of `/` and `\\` as `App::init` does; `undefined` when it is an array (PHP 8's
 * `trim()` throws: HTTP 500).
 */
function rewrittenPath(path: string, search: string, limits: FieldLimits): string | undefined {
  const q = phpFields(`q=${encodeURIComponent(path)}&${search.slice(1)}`, limits).get('q');
  return typeof q === 'string' ? q.replace(/^[/\\]+|[/\\]+$/g, '') : undefined;
}

function serverError(): Response {
  return new Response('', { status: 500, headers: { 'Content-Type': 'text/html; charset=UTF-8' } });
}
