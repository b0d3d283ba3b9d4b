import { expect } from 'vitest';
import type { FakeSite } from '../../../src/testing/index.js';
import { loadHubzillaFixture } from '../../support/fixtures.js';
import { call, form } from '../helpers.js';

/** The fake's default clock: it starts here and advances one second per request. */
export const SITE_TIME = new Date(Date.UTC(2026, 10, 22, 3, 0, 0));

/** The seeded client's Basic header. */
export function clientBasic(site: FakeSite): string {
  const { clientId, clientSecret } = site.credentials.oauthClient;
  return `Basic ${btoa(`${clientId}:${clientSecret}`)}`;
}

/** POST /token with form fields (and optional headers). */
export function tokenRequest(
  site: FakeSite,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return call(site, 'token', { method: 'POST', body: form(fields), headers });
}

/** A client-credentials token of the seeded client (or of the given Basic header). */
export async function clientToken(site: FakeSite, authorization = clientBasic(site)): Promise<string> {
  const response = await tokenRequest(
    site,
    { grant_type: 'client_credentials' },
    { Authorization: authorization },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The parsed JSON error of an OAuth answer, with its status. */
export async function oauthFailure(response: Response) {
  return { status: response.status, body: await response.json() };
}

/** Asserts the hub's 401 to a failed login, as recorded from 8.8.7 for a wrong password. */
export async function expectLoginRefused(response: Response): Promise<void> {
  const recorded = loadHubzillaFixture('02-auth-wrong_password');
  const header = (name: string) => recorded.headers.find(([key]) => key.toLowerCase() === name)?.[1];
  expect(response.status).toBe(recorded.status);
  expect(await response.text()).toBe(recorded.body);
  expect(response.headers.get('www-authenticate')).toBe(header('www-authenticate'));
  expect(response.headers.get('content-type')).toBe(header('content-type'));
  expect(response.headers.getSetCookie()).toHaveLength(2);
}

/** A PKCE verifier and its S256 challenge. */
export async function pkcePair(verifier = 'v'.repeat(20) + '-._~'.repeat(6) + 'x'.repeat(10)) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  const challenge = btoa(String.fromCharCode(...digest))
    .replace(/=+$/, '')
    .replaceAll('+', '-')
    .replaceAll('/', '_');
  return { verifier, challenge };
}

/** The query of an `/authorize` request for the seeded client, with PKCE S256. */
export function authorizeQuery(
  site: FakeSite,
  challenge: string,
  extra: Record<string, string> = {},
): string {
  const { clientId, redirectUri } = site.credentials.oauthClient;
  return new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    state: 'st4te',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  }).toString();
}

/** The query parameters of a redirect's `Location`. */
export function locationParams(response: Response): URLSearchParams {
  return new URL(response.headers.get('location') ?? 'invalid:').searchParams;
}
