import type { ChunkFault, FaultOptions } from '../../testing/faults.js';
import type { FakeAuthOptions } from '../../testing/options.js';
import type { FakeServerOptions } from '../../testing/server.js';
import type { ParsedArgs } from '../args.js';
import { integer, nonEmpty, oneOf, optional } from '../values.js';
import { chunkFault, dropRule, type EveryField, failRule } from './fault-rules.js';
import { toServerLimits } from './limit-flags.js';

/** What the flags set: every option of the fake server except those only code can give (`hubRewrite`: tests of relays). */
type FlaggedOptions = Omit<FakeServerOptions, 'site' | 'siteUrl' | 'faults' | 'hubRewrite'>;

/** setTimeout's ceiling is 2^31 - 1 ms; an hour is more than anyone waits for an answer. */
const MAX_LATENCY_MS = 3_600_000;

const CHUNK_FLAGS: Record<string, ChunkFault['fault']> = {
  'chunk-error': 'error',
  'chunk-short': 'short',
  'chunk-reset': 'reset',
};

/**
 * The options of `startFakeServer` from the flags (an option not given stays `undefined`, so the
 * fake's own default applies). Throws `UsageError` for a bad value.
 */
export function toServerOptions(args: ParsedArgs): FakeServerOptions {
  const options: EveryField<FlaggedOptions> = {
    port: optional(args.value('port'), (value) => integer(value, '--port', 0, 65535)),
    host: optional(args.value('host'), (value) => nonEmpty(value, '--host')),
    basePath: optional(args.value('base-path'), (value) => nonEmpty(value, '--base-path')),
    adminToken: optional(args.value('admin-token'), (value) => nonEmpty(value, '--admin-token')),
    cors: args.has('no-cors') ? false : args.has('cors') ? true : undefined,
    seed: optional(args.value('seed'), (value) => integer(value, '--seed', 0, 2 ** 32 - 1)),
    envelope: optional(args.value('envelope'), (value) => oneOf(value, '--envelope', ['3.0', '3.5', '3.9'])),
    bodyPrefix: optional(args.value('body-prefix'), (value) =>
      oneOf(value, '--body-prefix', ['bom', 'notice', 'both']),
    ),
    listTotals: optional(args.value('list-totals'), (value) =>
      oneOf(value, '--list-totals', ['count', 'zero']),
    ),
    sameSecondOrder: optional(args.value('same-second-order'), (value) =>
      oneOf(value, '--same-second-order', ['unstable', 'by-id']),
    ),
    photoUploadLimit: optional(args.value('photo-upload-limit'), (value) =>
      integer(value, '--photo-upload-limit', 0),
    ),
    hubVersion: optional(args.value('hub-version'), (value) =>
      oneOf(value, '--hub-version', ['8.8', '10.3']),
    ),
    appApiEnabled: args.has('no-app-api') ? false : undefined,
    now: args.has('real-clock') ? () => new Date() : undefined,
    auth: toAuthOptions(args),
    serverLimits: toServerLimits(args),
  };
  return { ...options, faults: toFaultOptions(args) };
}

function toAuthOptions(args: ParsedArgs): FakeAuthOptions | undefined {
  const auth: EveryField<FakeAuthOptions> = {
    accessTokenLifetime: optional(args.value('token-lifetime'), (value) =>
      integer(value, '--token-lifetime', 1, 2 ** 31 - 1),
    ),
    clientSecretInRedirect: args.has('no-secret-in-redirect') ? false : undefined,
    authorizationCodeFlow: args.has('stock-code-flow') ? 'stock-8.8.7' : undefined,
    strictDigest: args.has('strict-digest') ? true : undefined,
  };
  return Object.values(auth).some((value) => value !== undefined) ? auth : undefined;
}

function toFaultOptions(args: ParsedArgs): FaultOptions {
  const faults: EveryField<FaultOptions> = {
    latencyMs: optional(args.value('latency'), (value) => integer(value, '--latency', 0, MAX_LATENCY_MS)),
    fail: args
      .all('fail', 'drop')
      .map(({ name, value = '' }) => (name === 'fail' ? failRule(value) : dropRule(value))),
    filedata: args
      .all(...Object.keys(CHUNK_FLAGS))
      .map(({ name, value = '' }) => chunkFault(CHUNK_FLAGS[name] ?? 'error', value)),
    streamJunk: optional(args.value('stream-junk'), (value) =>
      value.split(',').map((place) => integer(place.trim(), '--stream-junk', 0, 1_000_000)),
    ),
  };
  return faults;
}
