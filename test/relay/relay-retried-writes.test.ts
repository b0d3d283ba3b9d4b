import { describe, expect, it } from 'vitest';
import { NativeClient } from '../../src/index.js';
import { DEFAULT_HUB_ALLOW } from '../../src/relay.js';
import { useRelayedSites } from './support.js';

/*
 * Issue 30 behind the relay: the relay never retries (the page's client does, so attempts do not
 * multiply), and a page's new post carries the message id its `items.update` chose, so the page's
 * retry after a connection the hub dropped once it had stored the post resolves to that post, and
 * the hub keeps one item. A media post is sent once, as `items.update` sends it.
 */
const start = useRelayedSites();
const UPDATE = 'api/z/1.0/item/update';
const writable = { hub: { allow: { ...DEFAULT_HUB_ALLOW, 'item/update': ['POST' as const] } } };

describe('writes through the relay', () => {
  it('a page retries a post the hub stored before the connection dropped; the hub keeps one item', async () => {
    const site = await start(writable);
    site.fake.site.faults = { fail: [{ path: UPDATE, resetAfterBytes: 0 }] };
    const hub = new NativeClient({ relay: site.relayUrl, retry: { limit: 2, delay: () => 0 } });
    const posted = await hub.items.update({ body: 'through a dropping hub' });
    // In the poster's tables (the hub delivers a copy to each connection too: issue 40).
    const stored = site.fake.site.state.hub.items.filter(
      (item) => item.row.uuid === posted.item.uuid && item.row.item_origin === 1,
    );
    expect(stored).toHaveLength(1);
    expect(posted.item.body).toBe('through a dropping hub');
  });

  it('sends a media post once: the drop reaches the page as a failure that may have been applied', async () => {
    const site = await start(writable);
    site.fake.site.faults = { fail: [{ path: UPDATE, resetAfterBytes: 0 }] };
    const before = site.fake.site.state.hub.items.length;
    const hub = new NativeClient({ relay: site.relayUrl, retry: { limit: 2, delay: () => 0 } });
    const media = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' });
    await expect(hub.items.update({ body: 'with a picture', media })).rejects.toMatchObject({
      mayHaveSucceeded: true,
    });
    // The hub stored the media post once (and its photo item); the relay did not send it again.
    const posts = site.fake.site.state.hub.items
      .slice(before)
      .filter((item) => item.row.body?.includes('with a picture') && item.row.item_origin === 1);
    expect(posts).toHaveLength(1);
  });
});
