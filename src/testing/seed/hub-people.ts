import type {
  HubAbconfigRow,
  HubAbookRow,
  HubAccount,
  HubChannel,
  HubGroupMemberRow,
  HubGroupRow,
  HubState,
  HubXchanRow,
} from '../native/hub-state.js';
import { CHANNEL_KEYS } from './channel-keys.js';
import { minutesAgo, type SeedContext } from './context.js';
import type { Prng } from './prng.js';

/** The permissions in Hubzilla's order (abconfig rows, perm_allowed answers). */
export const PERMISSIONS = [
  'view_stream',
  'send_stream',
  'view_profile',
  'view_contacts',
  'view_storage',
  'write_storage',
  'view_pages',
  'view_wiki',
  'write_pages',
  'write_wiki',
  'post_wall',
  'post_comments',
  'post_mail',
  'post_like',
  'chat',
  'republish',
  'delegate',
] as const;

/** A friend's granted permissions (1) among {@link PERMISSIONS}, as the recorded hub had them. */
export const FRIEND_PERMS = [1, 1, 1, 1, 1, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 0, 0];
/** What a follower-only connection gets. */
const FOLLOWER_PERMS = [1, 0, 1, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/** The accounts, channels and their connections and groups: the part of the hub about people. */
export type People = Pick<
  HubState,
  'accounts' | 'channels' | 'xchans' | 'abooks' | 'abconfig' | 'groups' | 'members'
>;

const LOCAL = [
  { id: 2, account: 1, nick: 'alice', name: 'Alice' },
  { id: 3, account: 2, nick: 'bob', name: 'Bob' },
  { id: 4, account: 3, nick: 'carol', name: 'Carol' },
  { id: 5, account: 1, nick: 'alice2', name: 'Alice Two' },
] as const;

export function seedPeople(context: SeedContext): People {
  const prng = context.prng.fork('people');
  const accounts: HubAccount[] = [
    { account_id: 1, email: 'alice@example.com', password: 'secret-pass', channels: [2, 5] },
    { account_id: 2, email: 'bob@example.com', password: 'bob-pass', channels: [3] },
    { account_id: 3, email: 'carol@example.com', password: 'colon:pass', channels: [4] },
  ];
  const xchans: HubXchanRow[] = [];
  const channels: HubChannel[] = LOCAL.map((local, index) => {
    const created = minutesAgo(context, 600 - index);
    const xchan = localXchan(context, prng, local.nick, local.name, local.id, created);
    // The stand-in keys are drawn even where real ones replace them, so the values seeded after
    // them stay the same.
    const standIn = pem(prng, 'PRIVATE KEY', 2348);
    const keys = CHANNEL_KEYS[local.nick];
    if (keys) xchan.pubkey = keys.publicKeyPem;
    xchans.push(xchan);
    return {
      channel_id: local.id,
      account_id: local.account,
      nick: local.nick,
      name: local.name,
      hash: xchan.hash,
      prvkey: keys?.privateKeyPem ?? standIn,
      created,
    };
  });
  const dana = remoteXchan(context, prng);
  xchans.push(dana);
  const [alice, bob, carol, alice2] = channels as [HubChannel, HubChannel, HubChannel, HubChannel];
  const abooks: HubAbookRow[] = [
    abook(1, alice, alice.hash, { self: true }, context),
    abook(2, bob, bob.hash, { self: true }, context),
    abook(3, carol, carol.hash, { self: true }, context),
    abook(4, alice2, alice2.hash, { self: true }, context),
    abook(5, alice, bob.hash, { closeness: '80' }, context),
    abook(6, bob, alice.hash, { closeness: '80' }, context),
    abook(7, alice, dana.hash, { closeness: '50', feed: true }, context),
  ];
  const abconfig: HubAbconfigRow[] = [];
  const grant = (channel: HubChannel, xchan: string, mine: number[], theirs: number[]) => {
    for (const [cat, values] of [
      ['my_perms', mine],
      ['their_perms', theirs],
    ] as const) {
      PERMISSIONS.forEach((k, index) => {
        abconfig.push({
          id: abconfig.length + 1,
          chan: channel.channel_id,
          xchan,
          cat,
          k,
          v: String(values[index]),
        });
      });
    }
  };
  grant(alice, bob.hash, FRIEND_PERMS, FRIEND_PERMS);
  grant(bob, alice.hash, FRIEND_PERMS, FRIEND_PERMS);
  grant(alice, dana.hash, FOLLOWER_PERMS, FOLLOWER_PERMS);
  const group = (id: number, uid: number, gname: string, visible: '0' | '1', deleted: '0' | '1') => ({
    id,
    hash: prng.uuid(),
    uid,
    visible,
    deleted,
    gname,
  });
  const groups: HubGroupRow[] = [
    group(1, 2, 'Friends', '0', '0'),
    group(2, 3, 'Friends', '0', '0'),
    group(3, 4, 'Friends', '0', '0'),
    group(4, 2, 'Family', '1', '0'),
    group(5, 2, 'Empty', '0', '0'),
    group(6, 2, 'Doomed', '0', '1'),
  ];
  const members: HubGroupMemberRow[] = [
    { id: 1, uid: 2, gid: 1, xchan: alice.hash },
    { id: 2, uid: 3, gid: 2, xchan: bob.hash },
    { id: 3, uid: 3, gid: 2, xchan: alice.hash },
    { id: 4, uid: 2, gid: 1, xchan: bob.hash },
    { id: 5, uid: 2, gid: 1, xchan: dana.hash },
    { id: 6, uid: 2, gid: 4, xchan: bob.hash },
    { id: 7, uid: 2, gid: 6, xchan: dana.hash },
  ];
  return { accounts, channels, xchans, abooks, abconfig, groups, members };
}

function localXchan(
  context: SeedContext,
  prng: Prng,
  nick: string,
  name: string,
  id: number,
  date: string,
): HubXchanRow {
  const site = context.siteUrl;
  return {
    hash: prng.base64url(64),
    guid: prng.base64url(64),
    guid_sig: `sha256.${prng.base64url(512)}`,
    pubkey: pem(prng, 'PUBLIC KEY', 550),
    photo_mimetype: 'image/png',
    photo_l: `${site}/photo/profile/l/${id}`,
    photo_m: `${site}/photo/profile/m/${id}`,
    photo_s: `${site}/photo/profile/s/${id}`,
    addr: `${nick}@${context.host}`,
    url: `${site}/channel/${nick}`,
    connurl: `${site}/poco/${nick}`,
    follow: `${site}/follow?f=&url=%s`,
    connpage: '',
    name,
    network: 'zot6',
    instance_url: '',
    flags: 0,
    photo_date: date,
    name_date: date,
    hidden: 1,
    orphan: 0,
    censored: 0,
    selfcensored: 0,
    system: 0,
    pubforum: 0,
    deleted: 0,
  };
}

/** Dana, followed by alice on another (ActivityPub) server. */
function remoteXchan(context: SeedContext, prng: Prng): HubXchanRow {
  const url = 'https://social.other.example/users/dana';
  return {
    ...localXchan(context, prng, 'dana', 'Dana', 0, minutesAgo(context, 900)),
    hash: url,
    guid: url,
    guid_sig: '',
    photo_mimetype: 'image/jpeg',
    photo_l: 'https://social.other.example/avatars/dana.jpg',
    photo_m: 'https://social.other.example/avatars/dana.jpg',
    photo_s: 'https://social.other.example/avatars/dana.jpg',
    addr: 'dana@social.other.example',
    url,
    connurl: '',
    follow: '',
    network: 'activitypub',
    hidden: 0,
  };
}

function abook(
  id: number,
  channel: HubChannel,
  xchan: string,
  kind: AbookKind,
  context: SeedContext,
): HubAbookRow {
  return abookEntry(id, channel, xchan, kind, minutesAgo(context, 590 - id));
}

/** What sets an address book entry apart: the channel's own, a closeness, a feed. */
interface AbookKind {
  self?: boolean;
  closeness?: string;
  feed?: boolean;
}

/** A channel's address book entry for `xchan`, made (and connected, unless its own) at `created`. */
export function abookEntry(
  id: number,
  channel: HubChannel,
  xchan: string,
  kind: AbookKind,
  created: string,
): HubAbookRow {
  return {
    abook_id: id,
    abook_account: channel.account_id,
    abook_channel: channel.channel_id,
    abook_xchan: xchan,
    abook_my_perms: 0,
    abook_their_perms: 0,
    abook_closeness: kind.self ? '0' : (kind.closeness ?? '80'),
    abook_created: created,
    abook_updated: created,
    abook_connected: kind.self ? '0001-01-01 00:00:00' : created,
    abook_dob: '0001-01-01 00:00:00',
    abook_flags: 0,
    abook_blocked: 0,
    abook_ignored: 0,
    abook_hidden: 0,
    abook_archived: 0,
    abook_pending: 0,
    abook_unconnected: 0,
    abook_self: kind.self ? 1 : 0,
    abook_feed: kind.feed ? 1 : 0,
    abook_not_here: 0,
    abook_profile: '',
    abook_incl: '',
    abook_excl: '',
    abook_instance: '',
    abook_role: kind.self ? '' : 'default',
  };
}

/** A fake PEM block of `bytes` generated bytes (not a usable key). */
function pem(prng: Prng, label: string, bytes: number): string {
  let binary = '';
  for (const byte of prng.bytes(bytes)) binary += String.fromCharCode(byte);
  const lines = btoa(binary).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
