import { describe, expect, it } from 'vitest';
import { extraField, type User, UserSchema } from '../../src/index.js';
import { loadPhpfoxSample } from '../support/fixtures.js';

const user: User = UserSchema.parse({
  ...(loadPhpfoxSample('user.getUser') as { output: object }).output,
  profile_link: '<a href="x">John</a>',
});

describe('extraField', () => {
  it('reads a field the server sent that the record type does not list, as sent', () => {
    expect(extraField(user, 'profile_link')).toBe('<a href="x">John</a>');
  });

  it('is undefined for a field the record does not have, and never reads the prototype', () => {
    expect(extraField(user, 'nothing_here')).toBeUndefined();
    expect(extraField(user, 'toString')).toBeUndefined();
    expect(extraField(user, 'constructor')).toBeUndefined();
    expect(extraField(user, '__proto__')).toBeUndefined();
  });

  it('reads an own `__proto__` field that JSON.parse created', () => {
    const record = JSON.parse('{"user_id": 1, "__proto__": "sent"}') as { user_id: number };
    expect(extraField(record, '__proto__')).toBe('sent');
  });

  it("works on a schema's raw output too (whose type has an index signature)", () => {
    const raw = UserSchema.parse(user);
    expect(extraField(raw, 'profile_link')).toBe('<a href="x">John</a>');
    // @ts-expect-error user_id is declared, index signature or not
    expect(extraField(raw, 'user_id')).toBe(1);
  });

  it('refuses, at compile time, a field the type lists (read it directly, typed)', () => {
    // @ts-expect-error full_name is a documented field of User: `user.full_name` is typed
    expect(extraField(user, 'full_name')).toBe('John Doe');
  });
});
