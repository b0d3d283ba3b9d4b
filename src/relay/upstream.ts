import { ClientCore } from '../core/client/client-core.js';
import type { OptionOwner } from '../core/options/check-options.js';
import type { ClientOptions } from '../core/options/options.js';
import { checkedRoot } from '../native/auth/basic.js';
import { nativeAuth } from '../native/auth/strategy.js';
import type { RelayAppOptions, RelayHubOptions, RelayOptions } from './options.js';

/**
 * The relay's upstream clients, as option checks and messages name them. No message can name them
 * today: `upstreamOptions` builds the options from checked ones, so no key of them is unknown.
 */
// Stryker disable next-line StringLiteral,ArrayDeclaration: named only in an unknown option's message (none: see above)
const APP_UPSTREAM: OptionOwner = { name: 'createRelay (app)', ownKeys: [] };
// Stryker disable next-line StringLiteral,ArrayDeclaration: as above
const HUB_UPSTREAM: OptionOwner = { name: 'createRelay (hub)', ownKeys: [] };

/** The relay's default per-call time, as the clients'. */
const DEFAULT_TIMEOUT = 30_000;
/** 16 MiB: a `filedata` chunk of the default 1 MiB is 1.4 MB as base64, a page of records far less. */
export const DEFAULT_RELAY_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/*
 * Both cores follow no redirect at all (`redirects: 'never'`), not even the clients' same-origin
 * redirects of reads: a 30x to `channel/export/basic` or `token.php` on the same site would hand the
 * page what the allow-list refuses, answered to the relay's credentials (sent a second time).
 */

/**
 * The client options of the relay's upstream calls. No retries: the page's client retries its reads
 * (a 502/503/504 from the relay included), and retrying here too would multiply the attempts.
 */
function upstreamOptions(options: RelayOptions, baseUrl: string | URL): ClientOptions {
  return {
    baseUrl,
    timeout: options.timeout ?? DEFAULT_TIMEOUT,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_RELAY_MAX_RESPONSE_BYTES,
    retry: 0,
    validation: 'off',
    ...(options.fetch ? { fetch: options.fetch } : {}),
    // The transport's own refusal of a request PHP would cut, at the relay's limits.
    ...(options.serverLimits ? { serverLimits: options.serverLimits } : {}),
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.hooks ? { hooks: options.hooks } : {}),
  };
}

/** The phpFox site's transport: the token goes into each call's query, so the core holds none (but a fixed one is redacted). */
export function appCore(options: RelayOptions, app: RelayAppOptions): ClientCore {
  return new ClientCore({
    options: upstreamOptions(options, app.baseUrl),
    owner: APP_UPSTREAM,
    // Stryker disable next-line ConditionalExpression,ArrayDeclaration: the redactor skips a non-string (a token function) itself
    secrets: typeof app.token === 'string' ? [app.token] : [],
    redirects: 'never',
  });
}

/** The hub's transport, authenticated as a `NativeClient` with the same options would be (cookies never sent). */
export function hubCore(options: RelayOptions, hub: RelayHubOptions): ClientCore {
  const auth = nativeAuth(hub, HUB_UPSTREAM);
  checkedRoot(hub.baseUrl, hub.allowInsecureHttp);
  return new ClientCore({
    options: upstreamOptions(options, hub.baseUrl),
    owner: HUB_UPSTREAM,
    secrets: auth.secrets,
    ...(auth.headers && { headers: auth.headers }),
    authorizer: auth.authorizer,
    credentials: 'omit',
    authenticationHint: auth.hint,
    redirects: 'never',
  });
}
