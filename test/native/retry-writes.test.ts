import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  ConnectionError,
  type ItemUpdateAnswer,
  ItemUpdateResultSchema,
  NativeClient,
  TimeoutError,
} from '../../src/index.js';
import { type FailRule, type FakeServer, startFakeServer } from '../../src/testing/index.js';
import { rowAnswer } from '../../src/testing/native/item-encode.js';
import type { HubItem } from '../../src/testing/native/item-row.js';
import { closedPort } from '../hostile/support/scripted-server.js';

/*
 * Issue 30 over real HTTP against the fake hub: a new post or comment carries a message id, is
 * retried after a failure that leaves its outcome unknown, and ends as exactly ONE stored item,
 * resolved to the value a first-time success gives. Media posts are sent once.
 */

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.site.reset();
});

/** Short per-attempt timeout (the stalled answers wait longer), retries without waits. */
const TIMEOUT_MS = 1_500;
let attempts: number;
function client(options: { retry?: number } = {}) {
  attempts = 0;
  return new NativeClient({
    baseUrl: server.hubBaseUrl,
    ...server.credentials.channel,
    timeout: TIMEOUT_MS,
    retry: { limit: options.retry ?? 2, delay: () => 0 },
    fetch: (input, init) => {
      if (String(input).includes('item/update')) attempts++;
      return globalThis.fetch(input, init);
    },
  });
}

/** The poster's items with this uuid (the hub also delivers a copy to each connection: issue 40). */
const itemsWith = (uuid: string): HubItem[] =>
  server.site.state.hub.items.filter((item) => item.row.uuid === uuid && item.row.item_origin === 1);

/** What the first answer of `item/update` gives for the stored item, read as the SDK reads it. */
function firstAnswer(item: HubItem): ItemUpdateAnswer {
  const { item_id, item: row } = ItemUpdateResultSchema.parse({
    success: true,
    item_id: item.row.id,
    item: rowAnswer(item, false),
  });
  return { item_id, item: row };
}

/**
 * The row fields an export does not carry, rebuilt when a repeat is resolved (documented on
 * `rowFromExport`); every other field is compared as it is.
 */
const REBUILT = [
  ...['received', 'changed', 'source_xchan', 'item_restrict', 'item_flags', 'html', 'lang', 'term'],
  'item_search_vector',
];
function comparable(answer: ItemUpdateAnswer): Record<string, unknown> {
  const row = Object.fromEntries(Object.entries(answer.item).filter(([key]) => !REBUILT.includes(key)));
  return { item_id: answer.item_id, ...row };
}

/** Exactly one stored item with this uuid, and `answer` is what its first answer would have been. */
function expectStoredOnce(uuid: string, answer: ItemUpdateAnswer): void {
  const stored = itemsWith(uuid);
  expect(stored, 'items stored with this message id').toHaveLength(1);
  expect(comparable(answer)).toEqual(comparable(firstAnswer(stored[0] as HubItem)));
}

const UPDATE = 'api/z/1.0/item/update';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('a new post is retried and stored once', () => {
  it.each<[string, FailRule, number]>([
    ['the connection drops after the post was stored', { path: UPDATE, resetAfterBytes: 0 }, 2],
    ['the connection drops in the middle of the answer', { path: UPDATE, resetAfterBytes: 40 }, 2],
    ['a 503 before storing', { path: UPDATE, status: 503 }, 2],
    ['a 503 with Retry-After: 1 before storing', { path: UPDATE, status: 503, retryAfter: 1 }, 2],
    ['a proxy 502 after the post was stored', { path: UPDATE, status: 502, afterHandling: true }, 2],
    ['a 504 after storing, twice', { path: UPDATE, status: 504, afterHandling: true, times: 2 }, 3],
    ['a timeout during the answer', { path: UPDATE, stallMs: TIMEOUT_MS * 3 }, 2],
  ])('%s', async (_, rule, expectedAttempts) => {
    server.site.faults = { fail: [rule] };
    const hub = client();
    const answer = await hub.items.update({ body: `Retried: ${rule.status ?? rule.resetAfterBytes}` });
    expect(attempts, 'item/update attempts').toBe(expectedAttempts);
    expect(answer.item.uuid).toMatch(UUID);
    expectStoredOnce(answer.item.uuid as string, answer);
  });

  it('hooks hear one retry and no error; withResponse gives the answer the item was read from', async () => {
    const heard: string[] = [];
    const hub = new NativeClient({
      baseUrl: server.hubBaseUrl,
      ...server.credentials.channel,
      retry: { limit: 2, delay: () => 0 },
      hooks: {
        onRetry: ({ url }) => heard.push(`retry ${url.replace(server.hubBaseUrl, '')}`),
        onError: ({ url }) => heard.push(`error ${url}`),
      },
    });
    server.site.faults = { fail: [{ path: UPDATE, resetAfterBytes: 0 }] };
    const { data, response } = await hub.items.update({ body: 'Heard once' }).withResponse();
    expect(heard).toEqual(['retry api/z/1.0/item/update']);
    expect(response.url).toContain('api/z/1.0/item/full?mid=');
    expectStoredOnce(data.item.uuid as string, data);
  });

  it('an abort during the look-up rejects with the abort reason', async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    const hub = new NativeClient({
      baseUrl: server.hubBaseUrl,
      ...server.credentials.channel,
      retry: { limit: 2, delay: () => 0 },
      fetch: (input, init) => {
        if (String(input).includes('abook')) controller.abort(reason);
        return globalThis.fetch(input, init);
      },
    });
    server.site.faults = { fail: [{ path: UPDATE, resetAfterBytes: 0 }] };
    await expect(hub.items.update({ body: 'Aborted look-up' }, { signal: controller.signal })).rejects.toBe(
      reason,
    );
  });

  it('resolves a comment the same way (found in its thread: a comment mid alone finds nothing)', async () => {
    const hub = client();
    const post = await hub.items.update({ body: 'A thread' });
    server.site.faults = { fail: [{ path: UPDATE, resetAfterBytes: 0 }] };
    const [streamed] = (await hub.items.full({ item_id: post.item_id })) ?? [];
    const comment = await hub.items.reply(streamed ?? post.item, { body: 'A retried comment' });
    expect(attempts).toBe(3);
    expect(comment.item.parent).toBe(post.item_id);
    expectStoredOnce(comment.item.uuid as string, comment);
  });

  it('resolves a repeat after the two-minute window ("system error" on 8.8.7) the same way', async () => {
    let clock = new Date('2026-11-27T12:00:00Z');
    const later = await startFakeServer({ now: () => clock });
    try {
      const hub = new NativeClient({ baseUrl: later.hubBaseUrl, ...later.credentials.channel });
      const first = await hub.items.update({ body: 'Posted long ago', message_id: 'queue-job-17' });
      clock = new Date('2026-11-27T12:10:00Z');
      const raw = await fetch(`${later.hubBaseUrl}api/z/1.0/item/update`, {
        method: 'POST',
        headers: { Authorization: `Basic ${btoa('alice:secret-pass')}` },
        body: new URLSearchParams({ body: 'Posted long ago', message_id: 'queue-job-17' }),
      });
      expect(await raw.json()).toEqual({ success: false, message: 'system error' });
      const again = await hub.items.update({ body: 'Posted long ago', message_id: 'queue-job-17' });
      expect(again.item_id).toBe(first.item_id);
      const stored = later.site.state.hub.items.filter(
        (item) => item.row.uuid === 'queue-job-17' && item.row.item_origin === 1,
      );
      expect(stored).toHaveLength(1);
      expect(comparable(again)).toEqual(comparable(firstAnswer(stored[0] as HubItem)));
    } finally {
      await later.close();
    }
  });

  it('answers a quick repeat as 8.8.7 does: "operation cancelled"', async () => {
    const hub = client();
    await hub.items.update({ body: 'Twice', message_id: 'quick-repeat' });
    const raw = await fetch(`${server.hubBaseUrl}api/z/1.0/item/update`, {
      method: 'POST',
      headers: { Authorization: `Basic ${btoa('alice:secret-pass')}` },
      body: new URLSearchParams({ body: 'Twice', message_id: 'quick-repeat' }),
    });
    expect(await raw.json()).toEqual({ success: false, message: 'operation cancelled' });
    expect(itemsWith('quick-repeat')).toHaveLength(1);
  });

  it('fails as before, mayHaveSucceeded false, when the hub cancelled a post it does not have', async () => {
    const hub = client();
    server.site.faults = { fail: [{ path: UPDATE, status: 403 }] };
    const error = await hub.items.update({ body: 'Refused' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).mayHaveSucceeded).toBe(false);
    expect(attempts).toBe(1);
    expect(server.site.state.hub.items.filter((item) => item.row.body === 'Refused')).toHaveLength(0);
  });

  it('gives up after its retries with mayHaveSucceeded true when the post may be stored', async () => {
    const hub = client();
    server.site.faults = { fail: [{ path: UPDATE, resetAfterBytes: 0, times: Number.POSITIVE_INFINITY }] };
    const error = await hub.items
      .update({ body: 'Lost answers', message_id: 'job-lost' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).mayHaveSucceeded).toBe(true);
    expect(attempts).toBe(3);
    // Every repeat was refused by the hub: one item. A later call with the same id finds it.
    expect(itemsWith('job-lost')).toHaveLength(1);
    server.site.faults = {};
    const found = await hub.items.update({ body: 'Lost answers', message_id: 'job-lost' });
    expectStoredOnce('job-lost', found);
  });

  it('says mayHaveSucceeded false when the connection never opened', async () => {
    const hub = new NativeClient({ baseUrl: await closedPort(), ...server.credentials.channel, retry: 0 });
    const error = await hub.items.update({ body: 'Nowhere' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).mayHaveSucceeded).toBe(false);
  });
});

describe('a repeat across two processes with the caller’s message_id', () => {
  const run = promisify(execFile);
  const script = fileURLToPath(new URL('./support/post-once.ts', import.meta.url));
  const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

  it('stores one item: the first process lost the answer, the second resolves it', async () => {
    const messageId = 'worker-job-42';
    server.site.faults = { fail: [{ path: UPDATE, resetAfterBytes: 0 }] };
    const { stdout } = await run(tsx, [script, server.hubBaseUrl, messageId, 'From a queue worker']);
    const first = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as {
      error?: { name: string; mayHaveSucceeded: boolean };
    };
    expect(first.error).toEqual({ name: 'ConnectionError', mayHaveSucceeded: true });
    expect(itemsWith(messageId)).toHaveLength(1);
    const answer = await client().items.update({ body: 'From a queue worker', message_id: messageId });
    expectStoredOnce(messageId, answer);
  }, 30_000);
});

describe('media posts (the hub stores the file before the item)', () => {
  const photo = () =>
    new File([Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])], 'a.jpg', { type: 'image/jpeg' });
  const attachments = () => server.site.state.hub.files.filter((file) => file.is_dir === 0).length;

  it('are sent once: a connection lost after storing fails with mayHaveSucceeded true', async () => {
    const before = attachments();
    server.site.faults = { fail: [{ path: UPDATE, resetAfterBytes: 0 }] };
    const hub = client();
    const error = await hub.items
      .update({ body: 'With a photo', media: photo(), message_id: 'media-1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).mayHaveSucceeded).toBe(true);
    expect(attempts).toBe(1);
    expect(itemsWith('media-1')).toHaveLength(1);
    expect(attachments()).toBe(before + 1);
  });

  it('a repeat with the same message_id resolves to the stored post, but stores the file again', async () => {
    const hub = client();
    const before = attachments();
    const first = await hub.items.update({ body: 'Photo once', media: photo(), message_id: 'media-2' });
    const again = await hub.items.update({ body: 'Photo once', media: photo(), message_id: 'media-2' });
    expect(again.item_id).toBe(first.item_id);
    expectStoredOnce('media-2', again);
    expect(attachments(), 'the repeat stored a second, unlinked file').toBe(before + 2);
  });

  it('a 503 before storing is not retried and says mayHaveSucceeded (the client cannot tell)', async () => {
    server.site.faults = { fail: [{ path: UPDATE, status: 503 }] };
    const hub = client();
    const error = await hub.items.update({ body: 'x', media: photo() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).mayHaveSucceeded).toBe(true);
    expect(attempts).toBe(1);
  });
});

describe('edits are idempotent: retried, one item, the last text', () => {
  it('re-sends an edit whose answer was lost', async () => {
    const hub = client();
    const post = await hub.items.update({ body: 'Draft' });
    server.site.faults = { fail: [{ path: UPDATE, resetAfterBytes: 0 }] };
    const edited = await hub.items.update({ post_id: post.item_id, body: 'Final' });
    expect(attempts).toBe(3);
    expect(edited.item.body).toBe('Final');
    expect(itemsWith(post.item.uuid as string)).toHaveLength(1);
  });
});

describe('reads never say mayHaveSucceeded', () => {
  it('false on a read that timed out', async () => {
    server.site.faults = { fail: [{ path: 'api/z/1.0/group', stallMs: TIMEOUT_MS * 3, times: 5 }] };
    const error = await client({ retry: 0 })
      .groups.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).mayHaveSucceeded).toBe(false);
  });
});
