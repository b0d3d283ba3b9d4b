import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { AbconfigSchema, AbookSchema, PermissionRowSchema, XchanSchema } from '../../src/schemas/index.js';
import { hubzillaJson, hubzillaJsonFixtures } from '../support/fixtures.js';

const Abooks = z.array(AbookSchema);
const Abconfigs = z.array(AbconfigSchema);
const PermissionRows = z.array(PermissionRowSchema);

describe('XchanSchema', () => {
  it.each(['76-xchan-address.txt', '77-xchan-hash.txt', '78-xchan-guid.txt', '81-xchan-POST_address.txt'])(
    'reads %s',
    (name) => {
      expect(XchanSchema.parse(hubzillaJson(name)).address).toBe('bob@127.0.0.1:8088');
    },
  );

  it('normalizes the prefix-stripped record (76-xchan-address.txt)', () => {
    const xchan = XchanSchema.parse(hubzillaJson('76-xchan-address.txt'));
    expect(xchan).toMatchObject({
      name: 'Bob',
      network: 'zot6',
      flags: 0,
      hidden: true,
      orphan: false,
      censored: false,
      selfcensored: false,
      system: false,
      pubforum: false,
      deleted: false,
    });
    expect(xchan.hash).toMatch(/^JjUCDgbh/);
    expect(xchan.photo_date).toEqual(new Date(Date.UTC(2026, 10, 22, 2, 51, 28)));
    expect(xchan).not.toHaveProperty('xchan_addr');
  });

  it('rejects the "no match" answer and a record without address (79-xchan-none.txt)', () => {
    expect(XchanSchema.safeParse(hubzillaJson('79-xchan-none.txt')).success).toBe(false);
    const { address: _dropped, ...withoutAddress } = hubzillaJson('76-xchan-address.txt') as Record<
      string,
      unknown
    >;
    expect(XchanSchema.safeParse(withoutAddress).success).toBe(false);
    expect(XchanSchema.safeParse({ ...withoutAddress, address: 'x', deleted: 'gone' }).success).toBe(false);
  });
});

describe('AbookSchema', () => {
  it.each(hubzillaJsonFixtures('abook'))('reads %s', (name) => {
    Abooks.parse(hubzillaJson(name));
  });

  it('normalizes the connections (85-abook-all.txt)', () => {
    const abooks = Abooks.parse(hubzillaJson('85-abook-all.txt'));
    expect(
      abooks.map((abook) => [abook.abook_id, abook.abook_self, abook.abook_closeness, abook.xchan_addr]),
    ).toEqual([
      [2, true, 0, 'alice@127.0.0.1:8088'],
      [5, false, 80, 'bob@127.0.0.1:8088'],
    ]);
    const [self, bob] = abooks;
    expect(self?.abook_connected).toBeNull();
    expect(bob?.abook_connected).toEqual(new Date(Date.UTC(2026, 10, 22, 2, 51, 34)));
    expect(bob).toMatchObject({
      abook_blocked: false,
      abook_pending: false,
      xchan_orphan: false,
      abook_channel: 2,
    });
  });

  it('rejects a row without abook_xchan or with a garbage flag', () => {
    const [row] = hubzillaJson('85b-abook-abook_id.txt') as Record<string, unknown>[];
    const { abook_xchan: _dropped, ...withoutXchan } = row ?? {};
    expect(AbookSchema.safeParse(withoutXchan).success).toBe(false);
    expect(AbookSchema.safeParse({ ...row, abook_pending: 'pending' }).success).toBe(false);
  });
});

describe('AbconfigSchema', () => {
  it.each(hubzillaJsonFixtures('abconfig'))('reads %s', (name) => {
    Abconfigs.parse(hubzillaJson(name));
  });

  it('keeps the value as text (86-abconfig-all.txt)', () => {
    const [first] = Abconfigs.parse(hubzillaJson('86-abconfig-all.txt'));
    expect(first).toMatchObject({ id: 1, chan: 2, cat: 'my_perms', k: 'view_stream', v: '1' });
  });

  it('rejects a non-numeric chan and a missing key', () => {
    const [row] = hubzillaJson('86-abconfig-all.txt') as Record<string, unknown>[];
    expect(AbconfigSchema.safeParse({ ...row, chan: 'alice' }).success).toBe(false);
    const { k: _dropped, ...withoutKey } = row ?? {};
    expect(AbconfigSchema.safeParse(withoutKey).success).toBe(false);
  });
});

describe('PermissionRowSchema', () => {
  it.each(hubzillaJsonFixtures('perm_allowed').filter((name) => hubzillaJson(name) !== false))(
    'reads %s',
    (name) => {
      for (const row of PermissionRows.parse(hubzillaJson(name))) expect(typeof row.allowed).toBe('boolean');
    },
  );

  it('reads 0/1 without perm and a JSON boolean with it (87, 87b, 87c)', () => {
    const all = PermissionRows.parse(hubzillaJson('87-perm_allowed-abook_id_no_perm.txt'));
    expect(all.find((row) => row.perm === 'view_stream')?.allowed).toBe(true);
    expect(all.find((row) => row.perm === 'write_storage')?.allowed).toBe(false);
    expect(PermissionRows.parse(hubzillaJson('87b-perm_allowed-abook_id_perm_view_stream.txt'))).toEqual([
      { perm: 'view_stream', allowed: true },
    ]);
    expect(PermissionRows.parse(hubzillaJson('87c-perm_allowed-abook_id_perm_write_storage.txt'))).toEqual([
      { perm: 'write_storage', allowed: false },
    ]);
  });

  it('rejects an odd allowed value and a missing perm', () => {
    expect(PermissionRowSchema.safeParse({ perm: 'chat', allowed: 'sometimes' }).success).toBe(false);
    expect(PermissionRowSchema.safeParse({ allowed: true }).success).toBe(false);
  });
});
