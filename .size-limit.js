/**
 * Size budgets: what an app's bundle grows by, minified and gzipped, zod INCLUDED (the SDK's one
 * runtime dependency since issue 24, so users pay for it; ky until then). Checked by `npm run size` in `npm test`.
 *
 * The budgets asked for were 16 kB (AppClient), 18 kB (NativeClient) and 22 kB (everything). They
 * cannot be met without dropping behaviour: ky 2 alone is 8.6 kB here and ky plus the zod/mini
 * features the schemas use (objects, unions, pipes, transforms, defaults) 14.4 kB, which would
 * leave 1.6 kB for the whole AppClient (transport, redaction, tolerant body reading, errors,
 * paging, validation, five modules). The limits below are the measured sizes plus about 0.3-0.5 kB,
 * so that growth is a decision, not an accident. Measured with this tool (rolldown), before the
 * one-file-per-module ESM build: 21.0 / 26.4 / 28.8 kB; after: 20.3 / 26.5 / 28.9 kB; with the
 * transport and download work that landed beside it: 20.4 / 26.7 / 29.1 kB; with the one answer
 * pipeline, the hardened transport and redaction (issue 11): 23.1 / 29.5 / 32.3 kB; with raw response
 * access, logging, upload progress, exact types (issue 12) and the auth strategies (issue 13):
 * 24.9 / 34.3 / 37.7 kB; with filedata decoded from bytes (issue 14): 24.9 / 35.0 / 38.6 kB; with
 * fewer zod schema kinds (no tuple, extend, minLength or default): 25.0 / 33.6 / 37.2 kB; with the
 * per-call work (URL redacted as text, one-node normalizers), `filedata` decoded as it arrives
 * (a streaming body collector: 3 ms less CPU per MiB chunk) and one abort signal per attempt:
 * 25.3 / 34.3 / 38.0 kB; with one item schema per wire shape and `items.reply`, unknown options
 * and parameters refused with did-you-mean, files named by hash or record and the baseUrl checks
 * (issue 19), redaction by what a text decodes to (issue 20; 1.4 kB of it the decoder with its
 * map), the bounds of issue 20, the runtime detection (issue 21) and the clients' `relay` option
 * and the browser's CORS-refusal message (issue 22): 30.3 / 41.5 / 45.5 kB, the relay 31.2 kB;
 * with the schema kinds no client needs deleted (issue 24: `current_page`, `attach`, `success`,
 * `expires_in` and `nullableStringSchema` each one transform that checks the type, instead of
 * zod's union, literal, never, number, null and nullable) and one number check for the options:
 * 29.7 / 40.7 / 45.0 kB, the relay 31.1 kB.
 *
 * The bench's case 5 (esbuild + gzip -9, which does not honour zod's `@__NO_SIDE_EFFECTS__`, so it
 * also gained from Hubzilla's date parser leaving AppClient's modules): 26.5 / 36.3 / 40.0 kB before
 * that work, 25.8 / 34.9 / 38.5 kB after, against the 20 / 25 / 28 kB asked for. Of AppClient's
 * 25.8 kB, ky is 8.3, zod 5.7 and the SDK 11.8 (transport 1.3, option checks 0.9, redaction 1.0,
 * client core 0.6, the phpFox schemas 0.5, logging 0.5, ...); NativeClient adds the auth strategies
 * (2.9) and downloads (2.3). No module is large enough to close the gap: 20 kB would need ky replaced
 * by fetch (8 kB) or a third of the SDK's behaviour dropped.
 *
 * Issue 24 (esbuild + gzip -9, bench case 5b): 31.35 / 42.89 / 47.07 → 30.69 / 42.11 / 46.55 kB
 * (the deprecated `ItemSchema` marked pure: esbuild kept its union in every NativeClient bundle).
 * Of AppClient's 30.7 kB, ky is 8.1, zod 5.1 (its core alone, for one transform, is 3.0) and the SDK
 * the rest, its concerns' marginal costs: the transport around ky 3.8, redaction 3.3, answers,
 * errors, validation and paging 2.8, the AppClient folder 2.6, client core 1.6, option checks 1.4,
 * schemas 0.8. With ky replaced by a stub calling fetch it is 22.6 kB: even that misses 20 kB
 * without about 2.6 kB of behaviour dropped too.
 *
 * Bounds against hostile servers (issue 20: paging cycle memory 0.47 kB, the one-pass search for
 * the JSON after junk 0.3 kB, timer limits 0.25 kB, the deadline over credentials, duplicate keys
 * in filedata and its lifted-content mark 0.45 kB for NativeClient): 25.33 / 34.38 / 38.02 →
 * 26.06 / 35.51 / 39.13 kB.
 *
 * The transport on the platform's fetch, ky dropped (issue 24): 30.32 / 41.46 / 45.54 kB, the relay
 * 31.21 kB → 22.34 / 33.39 / 37.52 kB, the relay 23.18 kB; with the schema-kind deletions above
 * merged in: 21.73 / 32.70 / 37.03 kB, the relay 23.02 kB.
 * Following a stream (issue 23: the polling engine, its cursors, `network.follow` and
 * `notification.follow`, `ApiError.retryAfter`): 30.32 / 41.46 / 45.54 → 31.54 / 43.04 / 47.64 kB
 * (+1.2 / +1.6 / +2.1 kB; the relay +0.04 kB). The methods live on the resources (`hub.network`,
 * `app.notification`), so every client carries them; the budgets below were raised by that much.
 * The compiled validation of issue 24 (src/core/validation/fast-parse.ts, fast-object.ts: each schema compiled
 * once into a parse that builds records in one pass, generated code in Node/Deno/Bun, a loop in
 * browsers; 4-5× zod's speed on a list of records) costs 1.2-1.45 kB: 30.32 / 41.46 / 45.54 kB and
 * the relay 31.21 → 31.71 / 42.66 / 46.74 and 32.66 kB. Raised by that, on purpose.
 * All of issues 23 and 24 merged (no ky, fewer schema kinds, follow, compiled validation):
 * 24.43 / 35.61 / 40.45 kB, the relay 24.58 kB.
 * Before follow and the compiled validation: with the per-attempt credentials step
 * moved beside the authorizer (reached from the hub's strategies only), the option checks folded
 * and one decoding loop for the redactor (issue 24, round two): 21.73 / 32.70 / 37.03 → 21.42 /
 * 32.62 / 36.95 kB, the relay 22.91 kB; merged with follow and the compiled validation: 24.02 /
 * 35.42 / 40.28 kB, the relay 24.41 kB; with the follower hardened against hostile servers (walk
 * bound, since_id check, Retry-After cap, cursor entry checks): 24.11 / 35.63 / 40.56 kB.
 * Writes that are safe to retry (issue 30: `mayHaveSucceeded` on every error, the write kinds of
 * the transport, the "already stored" look-up and the row rebuilt from the hub's export, a UUID
 * without `crypto.randomUUID`): 24.48 / 36.91 / 41.84 kB, the relay 24.78 kB. Raised by that, on
 * purpose (AppClient pays for the error field and the outcome rules, NativeClient for the look-up).
 * What would reach 20 kB is in bench/RESULTS.md ("Bundle size, round two").
 *
 * Issue 32 (cold start) changed nothing a browser bundle holds (Node gets a bundled copy through the
 * `node` condition; bundlers keep the one-file-per-module build): 24.06 / 35.43 / 40.33 kB, the relay
 * 24.41 kB. Bench case 5c stubs every part an app does not call: AppClient with `friend` only is still
 * 23.1 kB, NativeClient with a password and `files` only 30.1 kB (esbuild), so no layout meets 20 / 25 kB
 * while the API (resources as properties, the credential options) reaches every part.
 * The compiled parser's one check that the installed zod is one it can read (issue 33: the version,
 * and a probe of string, optional and looseObject, which every client bundles anyway) costs
 * 0.29-0.30 kB: 24.06 / 35.43 / 40.33 → 24.35 / 35.72 / 40.63 kB, the relay 24.41 → 24.71 kB (its
 * limit raised by 0.1 kB for it, on purpose: a misread answer is worse).
 * Then the scripted move of src/core into folders (issue 33: the same code, but the bundler meets
 * the modules in another order, which gzip packs a little less well): 24.49 / 35.97 / 40.76 kB, the
 * relay 24.61 kB; AppClient's limit raised by 0.2 kB for that.
 *
 * All seven issues of this round merged (issue 28's relay rebuilds every call from the SDK's own
 * field tables and runs the SDK's argument checks on them; issue 31's error hints and one
 * missing-credentials error; issue 30's write outcomes; issue 33's zod check and the move):
 * 25.25 / 37.63 / 42.71 kB, the relay 28.0 kB (+2.9 kB: the tables of the fields each forwarded call
 * may carry, and their checks); with issue 29's follower (one query from the top, the since_id
 * check on every poll): 25.24 / 37.83 / 42.90 kB. Raised to those on purpose: each byte is a
 * guarantee a test pins.
 * Issue 38, the clients' side (PHP's silent request limits: the shape of every request checked
 * against `serverLimits` and its messages, field and file names as PHP reads them, the SDK's fields
 * first; NativeClient also the check of the channel a write was stored in): 25.21 / 37.81 / 42.87 kB,
 * the relay 28.05 → 27.00 / 40.24 / 45.30 kB, the relay 29.71 kB. Raised by that, on purpose: a
 * request PHP cuts silently posted as another channel, to another audience.
 * Issues 38-41 merged (the client side above; a media post's answer checked for its file; the error
 * hints that name a misspelt localhost and the attempts of a ConnectionError; secrets found spelt
 * as hex and UTF-16; the relay's PHP limits, same-origin writes, deadlines, pending-call bound and
 * sliced scrubber): 27.74 / 41.55 / 46.63 kB, the relay 32.02 kB (+2.3 kB: the guards of issue 39).
 * Raised to those on purpose: each is a guarantee a test pins.
 */
export default [
  {
    name: 'import { AppClient }',
    path: 'dist/index.js',
    import: '{ AppClient }',
    gzip: true,
    limit: '28.0 kB',
  },
  {
    name: 'import { NativeClient }',
    path: 'dist/index.js',
    import: '{ NativeClient }',
    gzip: true,
    limit: '41.9 kB',
  },
  {
    name: 'everything from socialsite-sdk',
    path: 'dist/index.js',
    import: '*',
    gzip: true,
    limit: '47.0 kB',
  },
  {
    // A server's (or a Worker's) bundle: the relay reuses the clients' transport, redaction and the
    // hub's auth strategies, so it costs about what NativeClient does, without the resources.
    name: 'socialsite-sdk/relay: import { createRelay }',
    path: 'dist/relay.js',
    import: '{ createRelay }',
    gzip: true,
    limit: '32.4 kB',
  },
];
