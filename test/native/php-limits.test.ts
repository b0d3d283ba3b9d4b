import { describe, expect, it, vi } from 'vitest';
import { ArgumentError, ChannelMismatchError, type SdkError } from '../../src/index.js';
import { hubzillaJson } from '../support/fixtures.js';
import { useMswServer } from '../support/msw.js';
import { alice, on, params, recorded } from './hub.js';

/*
 * Issue 38, live on Hubzilla 8.8.7 (max_input_vars 1000): a client pinning `channel: 'alice2'`
 * posting 1,100 `contact_deny` entries had `channel` appended last; PHP dropped it with the last
 * entries, and the item was stored as alice (uid 2, not 5) and delivered to alice's connections.
 */

const { server, requests } = useMswServer();
const CAROL = 'CYkXWTSC2fD_o_UIUJnLFY7UkEpEBH2WAMsR6ynFilI5b8tD7o8RfrD96g1fkZ-e7w3FHjNmvgsrlKomc4Le4g';

/** `n` ACL entries, carol's last: the one PHP's cut would drop first. */
function denyList(n: number): string[] {
  return [...Array.from({ length: n - 1 }, (_, at) => `nobody-${at}`), CAROL];
}

/** The hub's address book, whose own row (abook_self) says the pinned channel's id. */
function addressBook(channelId: number) {
  const rows = hubzillaJson('85-abook-all.txt') as Record<string, unknown>[];
  return on('abook', () => Response.json(rows.map((row) => ({ ...row, abook_channel: channelId }))));
}

/** item/update answered as the live hub did: the recorded item, stored in channel `uid`. */
function storedIn(uid: number) {
  return on('item/update', async () => {
    const answer = (await recorded('40-item_update-new_post.txt').json()) as { item: object };
    return Response.json({ ...answer, item: { ...answer.item, uid } });
  });
}

describe('PHP would cut the request: refused before anything is sent', () => {
  it('the live case: channel alice2, 1,100 contact_deny entries → ArgumentError naming limit, count and fix; no request', async () => {
    const onError = vi.fn();
    server.use(addressBook(5), storedIn(5));
    const hub = alice({ channel: 'alice2', hooks: { onError } });
    const error = await hub.items
      .update({ body: 'hi', contact_deny: denyList(1100) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArgumentError);
    const message = (error as Error).message;
    // channel, message_id, body and 1,100 entries.
    expect(message).toContain('1103 fields in the body');
    expect(message).toContain('max_input_vars = 1000');
    expect(message).toMatch(/fewer list entries or split the call/);
    expect(message).toContain('serverLimits.maxInputVars');
    expect((error as SdkError).mayHaveSucceeded).toBe(false);
    // Not even the channel's identity was asked; reported once, as every failed call.
    expect(requests).toHaveLength(0);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('5 entries go out, channel first, then the message id; every entry kept', async () => {
    server.use(addressBook(2), storedIn(2));
    const answer = await alice({ channel: 'alice2' }).items.update({ body: 'hi', contact_deny: denyList(5) });
    expect(answer.item_id).toBeGreaterThan(0);
    const write = requests.find((request) => request.method === 'POST');
    const fields = [...(await params(write!))];
    expect(fields[0]).toEqual(['channel', 'alice2']);
    expect(fields[1]?.[0]).toBe('message_id');
    expect(fields.filter(([name]) => name === 'contact_deny[]').map(([, value]) => value)).toEqual(
      denyList(5),
    );
  });

  it('the ACL cut without a pinned channel: refused too, nothing sent', async () => {
    server.use(storedIn(2));
    const error = await alice()
      .items.update({ body: 'hi', contact_deny: denyList(1000) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArgumentError);
    expect((error as Error).message).toContain('1002 fields in the body');
    expect(requests).toHaveLength(0);
  });

  it("a site's real limit in serverLimits lets the same call out", async () => {
    server.use(storedIn(2));
    await alice({ serverLimits: { maxInputVars: 5000 } }).items.update({
      body: 'hi',
      contact_deny: denyList(1100),
    });
    expect(requests).toHaveLength(1);
    expect([...(await params(requests[0]!))].filter(([name]) => name === 'contact_deny[]')).toHaveLength(
      1100,
    );
  });

  it('a file over upload_max_filesize, or a body over post_max_size: refused, nothing sent', async () => {
    server.use(storedIn(2));
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    const error = await alice()
      .items.update({ body: 'x', media: big })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArgumentError);
    expect((error as Error).message).toContain(`file 'media' of ${2 * 1024 * 1024 + 1} bytes`);
    expect((error as Error).message).toContain('upload_max_filesize');
    const small = alice({ serverLimits: { uploadMaxFilesize: 64 * 1024 * 1024, postMaxSize: 1024 } });
    const over = await small.items.update({ body: 'x', media: big }).catch((e: unknown) => e);
    expect((over as Error).message).toContain('post_max_size = 1024 bytes');
    expect(requests).toHaveLength(0);
  });
});

describe('file names as PHP reads them', () => {
  it.each([
    ['shell.php\0.png', 'NUL'],
    ['../etc/passwd.png', '/'],
    ['a\\b.png', '\\'],
    ['tab\there.png', 'control character'],
  ])('a media file named %j is refused (%s), nothing sent', async (name, why) => {
    server.use(storedIn(2));
    const media = new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });
    const error = await alice()
      .items.update({ body: 'hi', media })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArgumentError);
    expect((error as Error).message).toContain(why);
    expect(requests).toHaveLength(0);
  });

  it('says what PHP would read of a name with a NUL', async () => {
    const media = new File([new Uint8Array([1])], 'shell.php\0.png');
    const error = await alice()
      .items.update({ body: 'x', media })
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain('"shell.php" is what the server would read');
  });
});

describe('a write checks where it was stored', () => {
  it('an item the hub stored in another channel than the pinned one → ChannelMismatchError naming both, reported once', async () => {
    const onError = vi.fn();
    // alice2 is channel 5; the hub answers an item stored in channel 2 (alice), as the live hub did.
    server.use(addressBook(5), storedIn(2));
    const error = await alice({ channel: 'alice2', hooks: { onError } })
      .items.update({ body: 'hi' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChannelMismatchError);
    const mismatch = error as ChannelMismatchError;
    expect(mismatch.message).toContain('"alice2" (channel #5)');
    expect(mismatch.message).toContain('in channel #2');
    expect(mismatch).toMatchObject({
      code: 'channel_mismatch',
      expected: 'alice2',
      expectedChannelId: 5,
      storedChannelId: 2,
      mayHaveSucceeded: true,
    });
    expect(mismatch.itemId).toBeGreaterThan(0);
    expect(onError).toHaveBeenCalledTimes(1);
    // Sent once: a stored item is not a failure to retry.
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('a reply is checked too; the channel id is asked once per client', async () => {
    server.use(addressBook(5), storedIn(2));
    const hub = alice({ channel: 'alice2' });
    await expect(hub.items.reply('https://hub.example/item/1', { body: 'hi' })).rejects.toThrow(
      ChannelMismatchError,
    );
    server.use(storedIn(5));
    await expect(hub.items.update({ body: 'again' })).resolves.toMatchObject({ item: { uid: 5 } });
    expect(requests.filter((request) => new URL(request.url).pathname.endsWith('/abook'))).toHaveLength(1);
  });

  it('no check when the channel id cannot be learnt (the address book refused), nor without a pinned channel', async () => {
    server.use(
      on('abook', () => new Response('forbidden', { status: 403 })),
      storedIn(2),
    );
    await expect(alice({ channel: 'alice2' }).items.update({ body: 'hi' })).resolves.toMatchObject({
      item: { uid: 2 },
    });
    await expect(alice().items.update({ body: 'hi' })).resolves.toMatchObject({ item: { uid: 2 } });
  });
});

describe('the serverLimits option', () => {
  it.each([
    [{ maxInputVars: 0 }, 'serverLimits.maxInputVars must be a whole number > 0'],
    [{ postMaxSize: 1.5 }, 'serverLimits.postMaxSize must be a whole number > 0'],
    [{ maxFileUploads: Number.NaN }, 'serverLimits.maxFileUploads must be'],
    [{ maxInputVar: 5000 }, 'did you mean "maxInputVars"'],
    [5000, 'serverLimits must be an object'],
  ])('%j → ArgumentError', (serverLimits, message) => {
    expect(() => alice({ serverLimits: serverLimits as never })).toThrow(ArgumentError);
    expect(() => alice({ serverLimits: serverLimits as never })).toThrow(message);
  });
});
