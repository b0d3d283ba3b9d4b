import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { GroupMemberSchema, PrivacyGroupSchema } from '../../src/schemas/index.js';
import { hubzillaJson, hubzillaJsonFixtures } from '../support/fixtures.js';

const Groups = z.array(PrivacyGroupSchema);
const Members = z.array(GroupMemberSchema);

function firstMember(): Record<string, unknown> {
  const [member] = hubzillaJson('71-group_members-group_id.txt') as Record<string, unknown>[];
  return { ...member };
}

describe('PrivacyGroupSchema', () => {
  it.each(hubzillaJsonFixtures('group'))('reads %s', (name) => {
    expect(Groups.parse(hubzillaJson(name)).length).toBeGreaterThan(0);
  });

  it('turns the "0"/"1" flags into booleans, deleted groups included (70-group-list.txt)', () => {
    const groups = Groups.parse(hubzillaJson('70-group-list.txt'));
    expect(groups.map((group) => [group.id, group.gname, group.visible, group.deleted])).toEqual([
      [1, 'Friends', false, false],
      [4, 'Family', true, false],
      [5, 'Empty', false, false],
      [6, 'Doomed', false, true],
    ]);
    expect(groups[0]).toMatchObject({ uid: 2, hash: '17a51015-3ec2-40c8-9aff-3dfbf9553f4c' });
  });

  it('rejects an odd flag, a non-numeric id, a missing name', () => {
    const [group] = hubzillaJson('70-group-list.txt') as Record<string, unknown>[];
    expect(PrivacyGroupSchema.safeParse({ ...group, deleted: 'yes' }).success).toBe(false);
    expect(PrivacyGroupSchema.safeParse({ ...group, id: 'one' }).success).toBe(false);
    const { gname: _dropped, ...withoutName } = group ?? {};
    expect(PrivacyGroupSchema.safeParse(withoutName).success).toBe(false);
  });
});

describe('GroupMemberSchema', () => {
  it.each(hubzillaJsonFixtures('group_members'))('reads %s', (name) => {
    for (const member of Members.parse(hubzillaJson(name))) {
      expect(typeof member.abook_self).toBe('boolean');
    }
  });

  it('normalizes membership, address-book and xchan parts (71-group_members-group_id.txt)', () => {
    const [bob] = Members.parse(hubzillaJson('71-group_members-group_id.txt'));
    expect(bob).toMatchObject({
      id: 6,
      uid: 2,
      gid: 4,
      abook_id: 5,
      abook_closeness: 80,
      abook_my_perms: 0,
      abook_blocked: false,
      abook_ignored: false,
      abook_hidden: false,
      abook_archived: false,
      abook_pending: false,
      abook_unconnected: false,
      abook_self: false,
      abook_feed: false,
      abook_flags: 0,
      xchan_addr: 'bob@127.0.0.1:8088',
      xchan_name: 'Bob',
      xchan_hidden: true,
      xchan_deleted: false,
      xchan_flags: 0,
    });
    expect(bob?.abook_created).toEqual(new Date(Date.UTC(2026, 10, 22, 2, 51, 34)));
    expect(bob?.abook_dob).toBeNull();
    expect(bob?.xchan_pubkey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    // Columns newer than the document are kept as sent.
    expect(bob?.abook_role).toBe('default');
    expect(bob?.abook_not_here).toBe(0);
  });

  it('marks the channel itself and its never-connected date (71b-group_members-group_id_friends.txt)', () => {
    const members = Members.parse(hubzillaJson('71b-group_members-group_id_friends.txt'));
    const self = members.find((member) => member.abook_self);
    expect(self?.xchan_addr).toBe('alice@127.0.0.1:8088');
    expect(self?.abook_connected).toBeNull();
  });

  it('reads an empty or deleted group as no members (73d, 73e)', () => {
    expect(Members.parse(hubzillaJson('73d-group_members-empty_group.txt'))).toEqual([]);
    expect(Members.parse(hubzillaJson('73e-group_members-deleted_group.txt'))).toEqual([]);
  });

  it('rejects a text closeness, a garbage date, a missing abook_id', () => {
    const member = firstMember();
    expect(GroupMemberSchema.safeParse({ ...member, abook_closeness: 'close' }).success).toBe(false);
    expect(GroupMemberSchema.safeParse({ ...member, abook_updated: '2026-11-22' }).success).toBe(false);
    expect(GroupMemberSchema.safeParse({ ...member, abook_blocked: 'no' }).success).toBe(false);
    const { abook_id: _dropped, ...withoutAbookId } = member;
    expect(GroupMemberSchema.safeParse(withoutAbookId).success).toBe(false);
  });
});
