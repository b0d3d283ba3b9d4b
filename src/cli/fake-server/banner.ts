import { resolveOptions } from '../../testing/options.js';
import type { FakeServer, FakeServerOptions } from '../../testing/server.js';
import { describeFaults } from './describe-faults.js';
import { describeLimits } from './limit-flags.js';
import { describeTrickle, type TrickleFlags } from './trickle-flags.js';

/**
 * What `fake-server` prints once it listens: where, the seeded logins, the site flavour, the faults
 * and what trickles in.
 */
export function banner(server: FakeServer, options: FakeServerOptions, trickle?: TrickleFlags): string {
  const { credentials: c } = server;
  const site = resolveOptions(options);
  const big = server.site.files.big;
  const faults = describeFaults(options.faults);
  return [
    'socialsite-sdk fake server: phpFox Application API + Hubzilla 8.8.7 Native API',
    `  Site root (baseUrl): ${server.url}`,
    `  App key:             ${c.appKey}   (phpFox user ${c.appUserId}; ${server.url}token.php?key=...)`,
    `  Channel:             ${c.channel.username} / ${c.channel.password}   (${c.channel.email}; second channel ${c.secondChannel})`,
    `  Other channel:       ${c.bob.username} / ${c.bob.password}`,
    `  Colon password:      ${c.carol.username} / ${c.carol.password}   (accepted with the lower-case "basic" scheme only)`,
    `  OAuth 2.0 client:    ${c.oauthClient.clientId} / ${c.oauthClient.clientSecret}   (${c.oauthClient.channel}; ${server.url}token, ${server.url}authorize)`,
    `  Signing key:         ${c.signingKeys.alice.keyId}   (alice's private key: site.credentials.signingKeys.alice)`,
    `  Big file:            ${big.file_id}   (${big.display_path}, ${big.filesize} bytes, for chunked downloads)`,
    `  Site:                phpFox ${site.envelope}, seed ${site.seed}, list totals ${site.listTotals}, body prefix ${site.bodyPrefix ?? 'none'},`,
    `                       photo uploads up to ${site.photoUploadLimit} bytes, app API ${site.appApiEnabled ? 'on' : 'off'}, CORS ${options.cors === true ? 'on' : 'off'}, ${options.now === undefined ? 'fixed' : 'real'} clock`,
    `  PHP limits:          ${describeLimits(options.serverLimits)}`,
    ...(faults.length === 0
      ? ['  Faults:              none']
      : ['  Faults:', ...faults.map((fault) => `    ${fault}`)]),
    `  Trickle:             ${describeTrickle(trickle)}`,
    `  Events:              socialsite-sdk fake-server trigger post --as bob --body "bob posts now" --url ${server.url}`,
    `                       (or POST JSON to ${server.eventsUrl}post; other machines send X-Fake-Admin-Token: ${server.adminToken})`,
    '  Press Ctrl+C to stop.',
    '',
  ].join('\n');
}
