import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/cli/args.js';
import { FAKE_SERVER_FLAGS } from '../../src/cli/fake-server/flags.js';
import { toServerOptions } from '../../src/cli/fake-server/server-options.js';
import { createFakeSite } from '../../src/testing/index.js';
import { solidPng } from '../../src/testing/seed/images.js';
import { hub, hubJson } from './helpers.js';

type Update = { success: boolean; message?: string; item: { body: string; attach: string } };

const post = (fields: Record<string, string | Blob>, query = '') => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') body.set(name, value);
    else body.set(name, value, value instanceof File ? value.name : 'media');
  }
  return { path: `item/update${query}`, init: { method: 'POST', body } };
};

describe('createFakeSite({ hubVersion })', () => {
  it('answers version as 8.8.7 by default and 10.3.43 for 10.3', async () => {
    expect(await hubJson(createFakeSite(), 'version')).toBe('8.8.7');
    expect(await hubJson(createFakeSite({ hubVersion: '10.3' }), 'version')).toBe('10.3.43');
  });

  it("item/update: 8.8 reads a body in the query ($_REQUEST), 10.3 only the form body's ($_POST)", async () => {
    const query = '?body=From%20the%20query';
    const old = post({ title: 'x' }, query);
    const older = await hubJson<Update>(createFakeSite(), old.path, old.init);
    expect(older.item.body).toBe('From the query');
    const late = post({ title: 'x' }, query);
    expect(await hubJson<Update>(createFakeSite({ hubVersion: '10.3' }), late.path, late.init)).toEqual({
      success: false,
      message: 'no content',
    });
    const both = post({ body: 'From the body' }, query);
    const newer = await hubJson<Update>(createFakeSite({ hubVersion: '10.3' }), both.path, both.init);
    expect(newer.item.body).toBe('From the body');
  });

  it("puts an uploaded photo's link after the text on 8.8 (blank lines between) and before it on 10.3", async () => {
    const media = new File([solidPng(4, 4, [1, 2, 3])], 'p.png', { type: 'image/png' });
    const link = String.raw`\[zrl=https://fake\.test/photos/alice/image/[0-9a-f-]{36}\]\[zmg=https://fake\.test/photo/[0-9a-f-]{36}-2\.png\]p\.png\[/zmg\]\[/zrl\]`;
    const old = post({ body: 'Text', media });
    const older = await hubJson<Update>(createFakeSite(), old.path, old.init);
    expect(older.item.body).toMatch(new RegExp(`^Text\\n\\n\\n\\n${link}$`));
    const late = post({ body: 'Text', media });
    const newer = await hubJson<Update>(createFakeSite({ hubVersion: '10.3' }), late.path, late.init);
    expect(newer.item.body).toMatch(new RegExp(`^${link}\\nText$`));
  });

  it.each(['8.8', '10.3'] as const)(
    '%s: any other file goes to the row attach, its tag out of the text',
    async (hubVersion) => {
      const { path, init } = post({
        body: 'Text',
        media: new File(['hello'], 'a b.txt', { type: 'text/plain' }),
      });
      const answer = await hubJson<Update>(createFakeSite({ hubVersion }), path, init);
      expect(answer.item.body).toBe('Text');
      expect(JSON.parse(answer.item.attach)).toEqual([
        {
          href: expect.stringMatching(/^https:\/\/fake\.test\/attach\/[0-9a-f-]{36}$/),
          length: 5,
          type: 'text/plain',
          title: 'a%20b.txt',
          revision: 0,
        },
      ]);
    },
  );

  it('xchan: a POST of an unknown hash stores it on 8.8, and only reads on 10.3', async () => {
    const form = () => new URLSearchParams({ hash: 'new-hash-1', name: 'Newcomer', network: 'activitypub' });
    const older = createFakeSite();
    expect(await hubJson(older, 'xchan', { method: 'POST', body: form() })).toMatchObject({
      hash: 'new-hash-1',
      name: 'Newcomer',
      network: 'activitypub',
    });
    expect(await hubJson(older, 'xchan?hash=new-hash-1')).toMatchObject({ name: 'Newcomer' });
    const newer = createFakeSite({ hubVersion: '10.3' });
    expect(await hubJson(newer, 'xchan', { method: 'POST', body: form() })).toBe(false);
    expect(await (await hub(newer, 'xchan?hash=new-hash-1')).json()).toBe(false);
  });

  it('fake-server --hub-version sets it, and refuses another value', () => {
    const options = (...argv: string[]) => toServerOptions(parseCommandLine(argv, FAKE_SERVER_FLAGS));
    expect(options('--hub-version', '10.3').hubVersion).toBe('10.3');
    expect(options().hubVersion).toBeUndefined();
    expect(() => options('--hub-version', '9')).toThrow(/--hub-version/);
  });
});
