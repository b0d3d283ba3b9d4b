import { PERMISSIONS } from '../seed/hub-people.js';
import type { HubCall } from './endpoint.js';
import type { HubAbookRow } from './hub-state.js';
import { storeXchanOnPost } from './hub-version.js';
import { abookJoined, xchanPortable } from './records.js';
import { json, serverError } from './reply.js';

/** What an xchan that is not a connection may do (perm_allowed by address). */
const DEFAULT_PERMS = new Set(['view_stream', 'view_profile', 'view_storage', 'view_pages', 'view_wiki']);

/**
 * xchan: the first given of `hash`, `guid`, `address` (exact); the portable record, or `false`.
 * A POST to an 8.8 hub first stores an unknown `hash` (see `storeXchanOnPost`).
 * A `%` in the value breaks the server's query formatting: HTTP 500.
 */
export function xchan(call: HubCall): Response {
  storeXchanOnPost(call);
  const key = (['hash', 'guid', 'address'] as const).find((name) => call.params.has(name));
  if (key === undefined) return json(false);
  const value = call.params.get(key) ?? '';
  if (value.includes('%')) return serverError();
  const field = key === 'address' ? 'addr' : key;
  const found = call.runtime.hub.xchans.find((x) => x[field] === value);
  return json(found ? xchanPortable(found) : false);
}

function channelAbooks(call: HubCall): HubAbookRow[] {
  return call.runtime.hub.abooks.filter((a) => a.abook_channel === call.channel.channel_id);
}

function selectedAbook(call: HubCall): HubAbookRow | undefined {
  return channelAbooks(call).find((a) => a.abook_id === call.params.int('abook_id'));
}

/** abook: the channel's connections joined with their xchan; `abook_id` selects one (else `[]`). */
export function abook(call: HubCall): Response {
  const rows = call.params.has('abook_id')
    ? [selectedAbook(call)].filter((a) => a !== undefined)
    : channelAbooks(call);
  const { xchans } = call.runtime.hub;
  return json(
    rows.map((a) =>
      abookJoined(
        a,
        xchans.find((x) => x.hash === a.abook_xchan),
      ),
    ),
  );
}

/** abconfig: the channel's connection settings `{id, chan, xchan, cat, k, v}`, optionally of one abook. */
export function abconfig(call: HubCall): Response {
  let rows = call.runtime.hub.abconfig.filter((row) => row.chan === call.channel.channel_id);
  if (call.params.has('abook_id')) {
    const selected = selectedAbook(call);
    rows = selected ? rows.filter((row) => row.xchan === selected.abook_xchan) : [];
  }
  return json(rows);
}

/**
 * perm_allowed: what a connection (`abook_id`) or an xchan (`address`, less reliable: the default
 * permissions) may do. With `perm`: `[{perm, allowed: boolean}]`; without: every permission with
 * `allowed` 0 or 1. Nothing to check: `false`.
 */
export function permAllowed(call: HubCall): Response {
  const { hub } = call.runtime;
  let allowed: (perm: string) => boolean;
  if (call.params.has('abook_id')) {
    const selected = selectedAbook(call);
    if (!selected) return json(false);
    const granted = new Set(
      hub.abconfig
        .filter((row) => row.chan === call.channel.channel_id && row.xchan === selected.abook_xchan)
        .filter((row) => row.cat === 'my_perms' && row.v === '1')
        .map((row) => row.k),
    );
    allowed = (perm) => granted.has(perm);
  } else if (call.params.has('address')) {
    if (!hub.xchans.some((x) => x.addr === call.params.get('address'))) return json(false);
    allowed = (perm) => DEFAULT_PERMS.has(perm);
  } else {
    return json(false);
  }
  const perm = call.params.get('perm');
  if (perm !== undefined && perm !== '') return json([{ perm, allowed: allowed(perm) }]);
  return json(PERMISSIONS.map((name) => ({ perm: name, allowed: allowed(name) ? 1 : 0 })));
}
