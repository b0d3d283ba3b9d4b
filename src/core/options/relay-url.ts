import { ArgumentError } from '../errors/argument-error.js';
import type { ClientOptions } from './options.js';

/**
 * The options of a client that talks to the site through a relay (`socialsite-sdk/relay`) instead
 * of directly: the relay's URL instead of `baseUrl`, and no credentials (the relay adds them on the
 * server).
 */
export interface RelayClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /**
   * Where the relay is mounted: an absolute URL, or a path resolved against the page
   * (`location.href`), e.g. `'/social/'`. Requests carry the page's cookies when the relay is on
   * the page's origin (`credentials: 'same-origin'`), so the relay can check your session.
   * @example new NativeClient({ relay: '/social/' })
   */
  relay: string | URL;
  /** Not with `relay`: the relay knows the site. */
  baseUrl?: never;
}

/** The relay's URL as the client's site root; a relative one needs a page to resolve against. */
export function relayBaseUrl(relay: unknown): URL {
  if (typeof relay !== 'string' && !(relay instanceof URL)) {
    throw new ArgumentError('relay must be a URL or a path such as "/social/"');
  }
  const page = (globalThis as { location?: { href?: unknown } }).location?.href;
  try {
    return new URL(relay, typeof page === 'string' ? page : undefined);
  } catch {
    throw new ArgumentError(
      'relay must be an absolute URL outside a browser page (a path such as "/social/" is resolved against location)',
    );
  }
}

/** The options as a plain client's: `relay` becomes `baseUrl`, after refusing options that mix both. */
export function relayedOptions<O extends RelayClientOptions>(
  options: O,
  credentialNames: readonly string[],
): ClientOptions {
  const record = options as unknown as Record<string, unknown>;
  if (record.baseUrl !== undefined) throw new ArgumentError('Give relay or baseUrl, not both');
  const given = credentialNames.filter((name) => record[name] !== undefined);
  if (given.length > 0) {
    throw new ArgumentError(
      `With relay the page holds no credentials (the relay adds them on the server): remove ${given.join(', ')}`,
    );
  }
  const { relay, ...rest } = options;
  return { ...(rest as Omit<ClientOptions, 'baseUrl'>), baseUrl: relayBaseUrl(relay) };
}
