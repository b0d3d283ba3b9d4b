import type { OptionGroup } from '../args.js';
import { LIMIT_FLAGS } from './limit-flags.js';

/** The options of `fake-server`, one per option of the fake server, site and fault injection. */
export const FAKE_SERVER_FLAGS: readonly OptionGroup[] = [
  {
    title: 'Server',
    options: [
      { name: 'port', short: 'p', value: 'N', description: 'TCP port; 0 picks a free one', defaultText: '0' },
      { name: 'host', value: 'HOST', description: 'interface to listen on', defaultText: '127.0.0.1' },
      {
        name: 'base-path',
        value: 'PATH',
        description: 'where token.php, api.php and api/z/1.0/ hang',
        defaultText: '/',
      },
      {
        name: 'cors',
        description: 'CORS headers for pages on any origin (the real servers send none)',
        defaultText: 'off, preflights 401 as on Hubzilla',
      },
      {
        name: 'no-cors',
        description: 'no CORS headers (the default; kept for older scripts)',
        defaultText: 'off',
      },
      {
        name: 'admin-token',
        value: 'TOKEN',
        description: 'what callers not on loopback send to the events endpoint (fake-server trigger --token)',
        defaultText: 'a random one, printed',
      },
    ],
  },
  {
    title: 'Site',
    options: [
      { name: 'seed', value: 'N', description: 'data seed: the same seed, the same site', defaultText: '1' },
      {
        name: 'envelope',
        value: 'VERSION',
        description: 'phpFox flavour: 3.0, 3.5 or 3.9',
        defaultText: '3.0',
      },
      {
        name: 'body-prefix',
        value: 'JUNK',
        description: 'junk before App API answers: bom, notice or both',
        defaultText: 'none',
      },
      {
        name: 'list-totals',
        value: 'MODE',
        description: 'api.total of the list methods: count or zero',
        defaultText: 'count',
      },
      {
        name: 'same-second-order',
        value: 'MODE',
        description: 'network stream order of same-second items: unstable (as PostgreSQL) or by-id',
        defaultText: 'unstable',
      },
      {
        name: 'hub-version',
        value: 'VERSION',
        description: 'Hubzilla generation of the Native API: 8.8 (as run live) or 10.3 (from its source)',
        defaultText: '8.8',
      },
      {
        name: 'photo-upload-limit',
        value: 'BYTES',
        description: 'largest photo.addPhoto upload',
        defaultText: '512000',
      },
      {
        name: 'no-app-api',
        description: 'App API switched off (api.enable_api_support)',
        defaultText: 'on',
      },
      {
        name: 'real-clock',
        description: "the site's clock is real time",
        defaultText: 'fixed, +1 s a request',
      },
    ],
  },
  LIMIT_FLAGS,
  {
    title: 'Hub logins besides Basic (OAuth 2.0, HTTP Signatures)',
    options: [
      {
        name: 'token-lifetime',
        value: 'SECONDS',
        description: 'how long an OAuth access token lives',
        defaultText: '3600',
      },
      {
        name: 'no-secret-in-redirect',
        description: "keep the client secret out of /authorize's redirect (8.8.7 leaks it)",
        defaultText: 'leaked, as 8.8.7',
      },
      {
        name: 'stock-code-flow',
        description: '/authorize fails with HTTP 500, as a stock 8.8.7 schema does',
        defaultText: 'works',
      },
      {
        name: 'strict-digest',
        description: 'check a signed Digest against the body (the hub never does)',
        defaultText: 'not checked',
      },
    ],
  },
  {
    title: 'Arrivals (for bots that follow streams)',
    options: [
      {
        name: 'trickle',
        value: 'MS',
        description: 'add a post, comment or notification every MS milliseconds',
        defaultText: 'off',
      },
      {
        name: 'trickle-only',
        value: 'KINDS',
        description: 'what trickles: posts, comments and/or notifications, comma-separated',
        defaultText: 'all three',
      },
    ],
  },
  {
    title: 'Faults (RULE and CHUNK options repeat, fire in the order given; syntax below)',
    options: [
      {
        name: 'latency',
        value: 'MS',
        description: 'delay before every answer, in milliseconds',
        defaultText: '0',
      },
      {
        name: 'stream-junk',
        value: 'PLACES',
        description:
          'junk entries at these places of the unthreaded network stream (0 = newest), comma-separated',
        defaultText: 'none',
      },
      {
        name: 'fail',
        value: 'RULE',
        multiple: true,
        description: 'answer matching requests with an HTTP error page',
        defaultText: 'none',
      },
      {
        name: 'drop',
        value: 'RULE',
        multiple: true,
        description: 'drop the connection of matching requests',
        defaultText: 'none',
      },
      {
        name: 'chunk-error',
        value: 'CHUNK',
        multiple: true,
        description: 'answer a filedata chunk with an HTTP error',
        defaultText: 'none',
      },
      {
        name: 'chunk-short',
        value: 'CHUNK',
        multiple: true,
        description: 'answer a filedata chunk with fewer bytes',
        defaultText: 'none',
      },
      {
        name: 'chunk-reset',
        value: 'CHUNK',
        multiple: true,
        description: 'drop the connection mid-chunk',
        defaultText: 'none',
      },
    ],
  },
];

/** The value syntax of the fault options and examples, after the options in the help. */
export const FAKE_SERVER_EPILOGUE = `RULE: comma-separated name=value fields; the first may leave out its name.
  --fail [status=]STATUS,retry-after=SECONDS|HTTP-DATE,handled=yes|no,path=TEXT,method=METHOD,nth=N,times=N|all
      status 200-599 (default 503); no Retry-After unless given; handled=yes: the request is
      handled first (a write is stored), then failed (default no)
  --drop [after=]BYTES,path=TEXT,method=METHOD,nth=N,times=N|all
      body bytes sent before the drop (default 0: before the status line); the request is
      handled first (a write is stored)
  path: only requests whose path below the site root contains TEXT (default every request);
  method: only that HTTP method (default any); nth: the first matching request to fire on
  (default 1); times: how many fire from there (default 1; all: every one)

CHUNK: [offset=]OFFSET, then fields, for the filedata request with start=OFFSET (the SDK asks
1048576 bytes at a time: 0, 1048576, 2097152...).
  --chunk-error OFFSET,status=STATUS,file=FILE_ID,times=N|all     status default 500
  --chunk-short OFFSET,bytes=N,file=FILE_ID,times=N|all           bytes default half those asked
  --chunk-reset OFFSET,file=FILE_ID,times=N|all
  file: only that file_id (default any file); times: default 1

--trickle: what arrives is chosen and worded by the seeded generator (the same --seed, the same
sequence); posts and comments come from alice's connections, comments mostly on recent threads.

Examples:
  socialsite-sdk fake-server --port 8080
  socialsite-sdk fake-server --trickle 2000 --trickle-only comments,notifications
  socialsite-sdk fake-server --latency 200 --fail 503,retry-after=2,path=api.php,times=2
  socialsite-sdk fake-server --envelope 3.9 --body-prefix both --list-totals zero
  socialsite-sdk fake-server --max-input-vars 3000 --upload-max-filesize 64M --post-max-size 70M
  socialsite-sdk fake-server --drop path=api/z/1.0/files,times=all
  socialsite-sdk fake-server --chunk-short 1048576,bytes=1000 --chunk-reset 2097152`;
