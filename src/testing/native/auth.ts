import type { HubChannel, HubState } from './hub-state.js';

/** The credentials Hubzilla reads from an `Authorization` header. */
export interface BasicCredentials {
  user: string;
  password: string;
}

/**
 * Hubzilla's reading of HTTP Basic. With the scheme spelled exactly `Basic `, Hubzilla decodes the
 * credentials itself and splits them at EVERY colon, keeping the first two parts: a password with
 * `:` is cut short and the login fails. Any other spelling (`basic`) falls through to PHP's own
 * parsing, which splits at the first colon only, so such passwords work.
 */
export function readBasic(header: string | null): BasicCredentials | undefined {
  if (header === null) return undefined;
  const match = /^basic\s+(\S+)\s*$/i.exec(header.trim());
  if (!match) return undefined;
  let decoded: string;
  try {
    const binary = atob(match[1] ?? '');
    decoded = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
  if (header.startsWith('Basic ')) {
    const [user = '', password = ''] = decoded.split(':');
    return { user, password };
  }
  const colon = decoded.indexOf(':');
  if (colon === -1) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * The channel that `credentials` log in to: a channel nickname or an account e-mail (both
 * case-insensitive; `nick@host` is neither), with the account's password.
 */
export function login(hub: HubState, credentials: BasicCredentials): HubChannel | undefined {
  const name = credentials.user.toLowerCase();
  let channel: HubChannel | undefined;
  if (name.includes('@')) {
    const account = hub.accounts.find((a) => a.email.toLowerCase() === name);
    channel = hub.channels.find((c) => c.channel_id === account?.channels[0]);
  } else {
    channel = hub.channels.find((c) => c.nick.toLowerCase() === name);
  }
  if (!channel) return undefined;
  const account = hub.accounts.find((a) => a.account_id === channel.account_id);
  return account?.password === credentials.password ? channel : undefined;
}

/** The `PHPSESSID` a request carries, if any. */
export function sessionCookie(request: Request): string | undefined {
  const cookie = request.headers.get('cookie') ?? '';
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'PHPSESSID') return value.join('=');
  }
  return undefined;
}

/** The channel switched to by `channel=<nick>`: another channel of the same account, or none. */
export function switchChannel(hub: HubState, from: HubChannel, nick: string): HubChannel | undefined {
  const target = hub.channels.find((c) => c.nick === nick);
  return target && target.account_id === from.account_id ? target : undefined;
}
