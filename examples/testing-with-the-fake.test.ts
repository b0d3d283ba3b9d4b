/**
 * How to test YOUR app with the fake site: msw intercepts fetch and answers from an in-memory site
 * that behaves like the real servers (string ids, HTTP 200 errors, clamped paging, ...). Copy it
 * into your project and run it with vitest (msw 2 or 3):
 * ```sh
 * npm install --save-dev vitest msw
 * cp node_modules/socialsite-sdk/examples/testing-with-the-fake.test.ts .
 * npx vitest run testing-with-the-fake.test.ts
 * ```
 */
import { setupServer } from 'msw/node';
import { AppClient, AuthenticationError, NativeClient } from 'socialsite-sdk';
import { createFakeSite, type HubGroupRow } from 'socialsite-sdk/testing';
import { fakeHandlers } from 'socialsite-sdk/testing/msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The code under test: your app's own function.
async function friendNames(app: AppClient): Promise<string[]> {
  const names: string[] = [];
  for await (const friend of app.friend.getFriends()) names.push(friend.full_name);
  return names;
}

const site = createFakeSite();
const baseUrl = 'https://social.test';
const server = setupServer(...fakeHandlers(site, { baseUrl }));
// Fail on any request no handler answers. msw 3 names the option `onUnhandledFrame`, msw 2
// `onUnhandledRequest`, and each ignores the other's: passed as a variable (an object literal would
// be refused, TS2353), both names compile and work with either major.
const failOnUnhandled = { onUnhandledFrame: 'error', onUnhandledRequest: 'error' } as const;
beforeAll(() => server.listen(failOnUnhandled));
afterAll(() => server.close());

describe('my app against the fake site', () => {
  it('lists every friend across pages', async () => {
    const app = await AppClient.fromKey(site.credentials.appKey, { baseUrl });
    const names = await friendNames(app);
    expect(names.length).toBeGreaterThan(10);
    expect(new Set(names).size).toBe(names.length);
  });

  it('handles a revoked key', async () => {
    await expect(AppClient.fromKey('revoked', { baseUrl })).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('posts to the channel and sees the post in the thread', async () => {
    const { username, password } = site.credentials.channel;
    const hub = new NativeClient({ baseUrl, username, password });
    const { item_id } = await hub.items.update({ body: 'from my test' });
    const thread = await hub.items.full({ item_id });
    expect(thread[0]?.body).toBe('from my test');
  });

  it("changes the fake's data directly (site.state) and sees the change through the API", async () => {
    const { username, password } = site.credentials.channel;
    const hub = new NativeClient({ baseUrl, username, password });
    // The fake's rows (Hub…Row) keep the wire encoding: `deleted` is "0"/"1" here, a boolean in the SDK's record.
    const family: HubGroupRow | undefined = site.state.hub.groups.find((group) => group.gname === 'Family');
    if (!family) throw new Error('the seeded group Family is missing');
    family.gname = 'Kin';
    const groups = await hub.groups.list();
    expect(groups.find((group) => group.id === family.id)).toMatchObject({ gname: 'Kin', deleted: false });
    site.reset();
  });
});
