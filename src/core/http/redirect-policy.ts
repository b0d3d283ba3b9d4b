/** How many same-origin redirects a read may follow before the SDK gives up. */
export const MAX_REDIRECTS = 3;

/** The SDK's decision on one redirect: follow it to `to`, or refuse with a reason for the error. */
export type RedirectDecision = { follow: true; to: URL } | { follow: false; reason: string };

/**
 * The redirect policy (fetch runs with `redirect: 'manual'`, so every 30x comes here; fetch's own
 * `'follow'`, which ky has no policy over, follows to any origin with the query string's token):
 * - never to another origin (scheme, host and port): the phpFox token and key ride the query
 *   string, and Basic credentials the headers, so a redirect elsewhere would hand them over;
 * - never to a URL with user info (`user:password@`): fetch refuses it, and it is not the SDK's to send;
 * - never from https to http (the same secrets in clear);
 * - never for a write: a 307/308 would re-send the form, a 301/302/303 would turn it into a GET
 *   that "succeeds" without having written anything;
 * - a same-origin redirect of a read is followed, at most `MAX_REDIRECTS` times;
 * - none at all when the caller follows none (`follow: 'never'`: the relay, whose page must not
 *   be handed what another URL of the site answers to its credentials).
 */
export function decideRedirect(
  from: URL,
  location: string | null,
  options: { idempotent: boolean; hops: number; follow?: 'same-origin-reads' | 'never' | undefined },
): RedirectDecision {
  if (options.follow === 'never')
    return { follow: false, reason: 'a redirect, which this client never follows' };
  if (!location) return { follow: false, reason: 'a redirect without a Location' };
  let to: URL;
  try {
    to = new URL(location, from);
  } catch {
    return { follow: false, reason: 'a redirect to an invalid URL' };
  }
  if (to.username !== '' || to.password !== '') {
    // fetch refuses such a URL anyway; refused here, it is one typed error, not a retried network error.
    return { follow: false, reason: 'a redirect to a URL with credentials in it (user:password@)' };
  }
  if (from.protocol === 'https:' && to.protocol !== 'https:') {
    return {
      follow: false,
      reason: 'a redirect from https to http, which would send the credentials in clear',
    };
  }
  if (to.origin !== from.origin) {
    return {
      follow: false,
      reason: `a redirect to another origin (${to.origin}), which would receive the credentials`,
    };
  }
  if (!options.idempotent) return { follow: false, reason: 'a redirect of a write, which is never re-sent' };
  if (options.hops >= MAX_REDIRECTS) return { follow: false, reason: `more than ${MAX_REDIRECTS} redirects` };
  return { follow: true, to };
}
