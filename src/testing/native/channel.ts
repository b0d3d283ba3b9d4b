import { sqlDate } from '../http/dates.js';
import type { HubCall } from './endpoint.js';
import type { HubChannel } from './hub-state.js';
import { encodeItem } from './item-encode.js';
import { abookJoined } from './records.js';
import { json } from './reply.js';

/** The Hubzilla version the fake reproduces. */
export const HUB_VERSION = '8.8.7';

const SECTIONS = [
  'channel',
  'profile',
  'connections',
  'config',
  'apps',
  'chatrooms',
  'events',
  'webpages',
  'wikis',
  'items',
];
/** 8.8.7's `get_default_export_sections()`: chatrooms, events, webpages and wikis are commented out there. */
const DEFAULT_SECTIONS = ['channel', 'connections', 'config', 'apps'];

/** channel/list: the nicknames of the logged-in account's channels. */
export function channelList(call: HubCall): Response {
  const account = call.runtime.hub.accounts.find((a) => a.account_id === call.channel.account_id);
  const nicks = (account?.channels ?? []).map(
    (id) => call.runtime.hub.channels.find((c) => c.channel_id === id)?.nick,
  );
  return json(nicks.filter((nick) => nick !== undefined));
}

/** The channel row (its private key included, as the real export and `verify` carry it). */
function channelRow(call: HubCall, channel: HubChannel): Record<string, unknown> {
  return {
    channel_id: channel.channel_id,
    channel_account_id: channel.account_id,
    channel_primary:
      channel.channel_id ===
      call.runtime.hub.accounts.find((a) => a.account_id === channel.account_id)?.channels[0]
        ? '1'
        : '0',
    channel_name: channel.name,
    channel_parent: '',
    channel_address: channel.nick,
    channel_guid: call.runtime.hub.xchans.find((x) => x.hash === channel.hash)?.guid ?? '',
    channel_hash: channel.hash,
    channel_timezone: 'UTC',
    channel_location: '',
    channel_theme: 'redbasic',
    channel_startpage: '',
    channel_pubkey: call.runtime.hub.xchans.find((x) => x.hash === channel.hash)?.pubkey ?? '',
    channel_prvkey: channel.prvkey,
    channel_notifyflags: 703,
    channel_pageflags: 0,
    channel_dirdate: channel.created,
    channel_lastpost: channel.created,
    channel_deleted: '0001-01-01 00:00:00',
    channel_active: channel.created,
    channel_max_anon_mail: 10,
    channel_max_friend_req: 10,
    channel_expire_days: 0,
    channel_passwd_reset: '',
    channel_default_group: '',
    channel_allow_cid: '',
    channel_allow_gid: '',
    channel_deny_cid: '',
    channel_deny_gid: '',
    channel_removed: 0,
    channel_system: 0,
    channel_moved: '',
    channel_password: '',
    channel_salt: '',
  };
}

/** verify: the logged-in channel's row, joined with its xchan as 8.8.7 does (its address and URL). */
export function verify(call: HubCall): Response {
  const xchan = call.runtime.hub.xchans.find((x) => x.hash === call.channel.hash);
  return json({
    ...channelRow(call, call.channel),
    xchan_hash: call.channel.hash,
    xchan_guid: xchan?.guid ?? '',
    xchan_addr: xchan?.addr ?? '',
    xchan_url: `${call.site}/channel/${call.channel.nick}`,
    xchan_name: call.channel.name,
  });
}

/**
 * channel/export/basic: `sections` (comma list; unknown names ignored), or 8.8.7's default sections.
 * `posts=1`, which Hubzilla's API document describes, is ignored as 8.8.7 ignores it: posts come
 * with the `items` section. Always `compatibility` and `relocate`.
 */
export function exportBasic(call: HubCall): Response {
  const { hub } = call.runtime;
  const uid = call.channel.channel_id;
  const asked = call.params.list('sections');
  const sections = new Set(asked.length > 0 ? asked.filter((s) => SECTIONS.includes(s)) : DEFAULT_SECTIONS);
  const answer: Record<string, unknown> = {
    compatibility: { project: 'hubzilla', version: HUB_VERSION, database: 1259, server_role: 'pro' },
    relocate: { channel_address: call.channel.nick, url: call.site },
  };
  if (sections.has('channel')) answer.channel = channelRow(call, call.channel);
  if (sections.has('channel') || sections.has('profile')) {
    answer.profile = [
      {
        id: uid,
        profile_guid: call.channel.hash.slice(0, 32),
        uid,
        profile_name: 'default',
        is_default: 1,
        fullname: call.channel.name,
      },
    ];
  }
  if (sections.has('connections')) {
    const abooks = hub.abooks.filter((a) => a.abook_channel === uid);
    answer.abook = abooks.map((a) => ({
      ...abookJoined(a, undefined),
      abconfig: hub.abconfig.filter((row) => row.chan === uid && row.xchan === a.abook_xchan),
    }));
    answer.xchan = hub.xchans.filter((x) => abooks.some((a) => a.abook_xchan === x.hash));
    answer.group = hub.groups.filter((g) => g.uid === uid);
    answer.group_member = hub.members.filter((m) => m.uid === uid);
  }
  if (sections.has('config'))
    answer.config = [
      { id: 1, uid, cat: 'system', k: 'timezone', v: 'UTC', updated: sqlDate(call.runtime.options.now()) },
    ];
  for (const [section, key] of [
    ['apps', 'app'],
    ['chatrooms', 'chatroom'],
    ['events', 'event'],
    ['webpages', 'webpages'],
    ['mail', 'mail'],
    ['wikis', 'wiki'],
  ] as const) {
    if (sections.has(section)) answer[key] = [];
  }
  if (sections.has('items')) {
    const visible = hub.items.filter((i) => i.row.uid === uid && i.row.item_hidden === 0);
    answer.item = visible.map((item) => encodeItem(hub, item, true));
  }
  return json(answer);
}
