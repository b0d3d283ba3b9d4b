import { serverLimitsWithDefaults } from '../core/request/php-limits.js';
import { DEFAULT_APP_ALLOW, DEFAULT_HUB_ALLOW } from './allow-list.js';
import { authorizeCall } from './authorize-call.js';
import { withBodyDeadline } from './body-deadline.js';
import { checkRelayOptions } from './check-options.js';
import { withCors } from './cors.js';
import { failureAnswer } from './failure.js';
import { AppForwarder } from './forward-app.js';
import { HubForwarder } from './forward-hub.js';
import type { Forwarder } from './forwarder.js';
import type { RelayHandler, RelayOptions } from './options.js';
import { PendingCalls } from './pending-calls.js';
import { relayError } from './relay-error.js';
import { normalizeBasePath, routeOf } from './route.js';
import { crossSiteRefusal, trustedOriginTest } from './same-origin.js';
import { appCore, hubCore } from './upstream.js';

/** 10 MiB: phpFox refuses photos over 500 KB by default; hub media uploads are rarely larger. */
const DEFAULT_MAX_REQUEST_BYTES = 10 * 1024 * 1024;
/** 30 s for a whole request body: 10 MiB at 2.8 Mbit/s; a page trickling bytes is let go after it. */
const DEFAULT_BODY_TIMEOUT = 30_000;
/** 10 s for `authorize`: a session look-up takes milliseconds; one that hangs holds no page longer. */
const DEFAULT_AUTHORIZE_TIMEOUT = 10_000;
/** 64 calls under way: about 70 MB measured with 200 stalled pages (bench/relay-guard.ts), and far more than a page's own need. */
const DEFAULT_MAX_PENDING_CALLS = 64;

/**
 * A relay for browser pages: a Fetch-API handler that your server mounts at `basePath` and that
 * forwards the SDK's calls to ONE phpFox site and/or ONE hub, with the credentials kept on the
 * server. The page's client points at the relay (`new AppClient({ relay: '/social/' })`,
 * `new NativeClient({ relay: '/social/' })`) and holds no secret. Only allow-listed calls pass
 * (read-only by default), each one only if `authorize` says so.
 *
 * @example
 * const password = process.env.HUB_PASSWORD;
 * if (!password) throw new Error('Set HUB_PASSWORD');
 * const relay = createRelay({
 *   basePath: '/social/',
 *   authorize: (request) => sessionOf(request) !== undefined,
 *   hub: { baseUrl: 'https://hub.example', username: 'alice', password },
 * });
 * Deno.serve(relay); // or export default { fetch: relay }, or toNodeHandler(relay) for node:http
 */
export function createRelay(options: RelayOptions): RelayHandler {
  checkRelayOptions(options);
  const basePath = normalizeBasePath(options.basePath);
  const maxRequestBytes = options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES;
  const bodyTimeout = options.bodyTimeout ?? DEFAULT_BODY_TIMEOUT;
  const authorizeTimeout = options.authorizeTimeout ?? DEFAULT_AUTHORIZE_TIMEOUT;
  const pending = new PendingCalls(options.maxPendingCalls ?? DEFAULT_MAX_PENDING_CALLS);
  const trusted = trustedOriginTest(options);
  const cores = {
    app: options.app && appCore(options, options.app),
    hub: options.hub && hubCore(options, options.hub),
  };
  const limits = serverLimitsWithDefaults(options.serverLimits);
  // Every answer is scrubbed of every secret the relay holds, whichever site it came from.
  const redactors = [cores.app?.redactor, cores.hub?.redactor].filter((redactor) => redactor !== undefined);
  const forwarders: Record<'app' | 'hub', Forwarder | undefined> = {
    app:
      options.app &&
      cores.app &&
      new AppForwarder(
        cores.app,
        redactors,
        options.app.allow ?? DEFAULT_APP_ALLOW,
        options.app.token,
        limits,
      ),
    hub:
      options.hub &&
      cores.hub &&
      new HubForwarder(
        cores.hub,
        redactors,
        options.hub.allow ?? DEFAULT_HUB_ALLOW,
        options.hub.channel,
        limits,
      ),
  };

  const handle = async (request: Request): Promise<Response> => {
    const timed = withBodyDeadline(request, bodyTimeout);
    try {
      return await handleTimed(timed.request);
    } finally {
      timed.release();
    }
  };

  const handleTimed = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const route = routeOf(url, basePath, request.method);
    if (route === undefined || route.api === 'none') {
      return relayError(
        404,
        'relay.not_found',
        `The relay forwards GET and POST of ${basePath}api.php and ${basePath}api/z/1.0/<endpoint>`,
      );
    }
    if (route.api === 'key-exchange') {
      return relayError(
        403,
        'relay.forbidden',
        'token.php is not relayed: exchange the key on your server (AppClient.fromKey) and give the relay the token',
      );
    }
    const forwarder = forwarders[route.api];
    if (forwarder === undefined) {
      return relayError(
        404,
        'relay.not_found',
        `This relay has no ${route.api === 'app' ? 'Application API' : 'hub'} behind it`,
      );
    }
    // Before anything else about the call: a write another site's page made with the user's cookies.
    const crossSite = crossSiteRefusal(request, url, trusted);
    if (crossSite !== undefined) return crossSite;
    const call = forwarder.call(url, route);
    if (call instanceof Response) return call;
    const refused = await authorizeCall(options.authorize, request, call, authorizeTimeout);
    if (refused !== undefined) return refused;
    return pending.run(async () => {
      try {
        return await forwarder.forward(request, url, call, maxRequestBytes);
      } catch (error) {
        return failureAnswer(error);
      }
    });
  };

  return withCors(options.cors, handle);
}
