import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  ApiInfoSchema,
  CountSchema,
  FriendSchema,
  IsFriendSchema,
  NotificationSchema,
  PhotoSchema,
  TokenResponseSchema,
  UploadedPhotoSchema,
  UserSchema,
} from '../../src/schemas/index.js';
import { loadPhpfoxSample } from '../support/fixtures.js';

/** The `{api, output}` envelope of a phpFox sample, without trusting it blindly. */
function sample(method: string): { api: unknown; output: unknown } {
  const value = loadPhpfoxSample(method);
  if (typeof value !== 'object' || value === null || !('api' in value) || !('output' in value)) {
    throw new Error(`${method}: not an envelope`);
  }
  return value;
}

describe('ApiInfoSchema', () => {
  it('reads the 3.0.x envelope of every documented sample', () => {
    for (const method of [
      'friend.getFriends',
      'friend.isFriend',
      'mail.getNewCount',
      'notification.get',
      'notification.getNewCount',
      'photo.addPhoto',
      'photo.getPhotos',
      'user.getUser',
    ]) {
      const api = ApiInfoSchema.parse(sample(method).api);
      expect(api.pages).toBe(0);
      expect(api.current_page).toBe(0);
    }
    expect(ApiInfoSchema.parse(sample('notification.getNewCount').api).total).toBe(5);
    expect(ApiInfoSchema.parse(sample('friend.getFriends').api).total).toBe(1);
  });

  it('reads the 3.5+ envelope: no pages, current_page as the raw request string', () => {
    const api = ApiInfoSchema.parse({ total: 12, current_page: '2' });
    expect(api).toEqual({ total: 12, current_page: 2 });
    expect(api.pages).toBeUndefined();
    expect(ApiInfoSchema.parse({ total: 0, current_page: '' }).current_page).toBeNull();
    expect(ApiInfoSchema.parse({ total: 0, current_page: 'junk' }).current_page).toBeNull();
    expect(ApiInfoSchema.parse({ total: 0 }).current_page).toBeNull();
    expect(ApiInfoSchema.parse({ total: 0, current_page: null }).current_page).toBeNull();
  });

  it('refuses a current_page that is neither a number, a string nor null', () => {
    for (const current_page of [true, {}, ['2']]) {
      expect(ApiInfoSchema.safeParse({ total: 0, current_page }).success).toBe(false);
    }
  });

  it('requires an integer total', () => {
    expect(ApiInfoSchema.safeParse({ pages: 0, current_page: 0 }).success).toBe(false);
    expect(ApiInfoSchema.safeParse({ total: 'many', current_page: 0 }).success).toBe(false);
  });
});

describe('TokenResponseSchema', () => {
  it('reads token.json', () => {
    const { token } = TokenResponseSchema.parse(loadPhpfoxSample('token'));
    expect(token).toMatch(/^LS0tLS1CRUdJTiBQVUJMSUMgS0VZ/);
  });

  it('rejects an answer without a string token', () => {
    expect(
      TokenResponseSchema.safeParse({ output: { error_id: 'api.unable_to_find_api_key' } }).success,
    ).toBe(false);
    expect(TokenResponseSchema.safeParse({ token: 7 }).success).toBe(false);
  });
});

describe('UserSchema', () => {
  it('reads user.getUser with string ids turned into numbers', () => {
    const user = UserSchema.parse(sample('user.getUser').output);
    expect(user.user_id).toBe(1);
    expect(user.joined).toBe(1314109907);
    expect(user.email).toBe('john.doe@site.com');
    expect(user.country_iso).toBe('US');
    expect(user.gender).toBe('Male');
    expect(user.profile_url).toBe('http://site.example/index.php?do=/john-doe/');
  });

  it('accepts a null email and country_iso, and keeps the 3.5+ *_link fields', () => {
    const output = sample('user.getUser').output as Record<string, unknown>;
    const user = UserSchema.parse({
      ...output,
      email: null,
      country_iso: null,
      profile_link: '<a href="/john-doe/">John Doe</a>',
    });
    expect(user.email).toBeNull();
    expect(user.country_iso).toBeNull();
    expect(user.profile_link).toBe('<a href="/john-doe/">John Doe</a>');
  });

  it('rejects a non-numeric id and a missing user_name', () => {
    const output = sample('user.getUser').output as Record<string, unknown>;
    expect(UserSchema.safeParse({ ...output, user_id: 'john' }).success).toBe(false);
    const { user_name: _dropped, ...withoutName } = output;
    expect(UserSchema.safeParse(withoutName).success).toBe(false);
  });
});

describe('FriendSchema', () => {
  it('reads the 3.0.x friend (a user record without email)', () => {
    const [friend, ...rest] = z.array(FriendSchema).parse(sample('friend.getFriends').output);
    expect(rest).toHaveLength(0);
    expect(friend?.user_id).toBe(7);
    expect(friend?.joined).toBe(1314110027);
    expect(friend?.full_name).toBe('Jane Doe');
    expect(friend?.photo_original).toBe('http://site.example/file/pic/user/7.jpg');
    expect(friend).not.toHaveProperty('email');
  });

  it('reads the 3.5+ friend shape', () => {
    const friend = FriendSchema.parse({
      user_id: '9',
      full_name: 'Max',
      name: 'max',
      photo_50px: 'http://site.example/50.jpg',
      photo_50px_square: 'http://site.example/50s.jpg',
      photo_120px: 'http://site.example/120.jpg',
      permalink: 'http://site.example/max/',
    });
    expect(friend.user_id).toBe(9);
    expect(friend.permalink).toBe('http://site.example/max/');
    expect(friend.user_name).toBeUndefined();
  });

  it('requires a numeric user_id', () => {
    expect(FriendSchema.safeParse({ full_name: 'Nobody' }).success).toBe(false);
    expect(FriendSchema.safeParse({ user_id: 'seven' }).success).toBe(false);
  });
});

describe('NotificationSchema', () => {
  it('reads notification.get', () => {
    const [notification] = z.array(NotificationSchema).parse(sample('notification.get').output);
    expect(notification).toEqual({
      notification_id: 3,
      link: 'http://site.example/john-doe/comment-id_1/',
      message: 'Jane Doe commented on your wall',
      icon: 'http://site.example/module/blog/static/image/default/default/activity.png',
    });
  });

  it('accepts a null icon and HTML in message; rejects a missing link', () => {
    const parsed = NotificationSchema.parse({
      notification_id: 4,
      link: 'http://site.example/x/',
      message: '<span class="drop_data_user">Jane</span> liked your photo',
      icon: null,
    });
    expect(parsed.icon).toBeNull();
    expect(parsed.message).toContain('<span');
    expect(NotificationSchema.safeParse({ notification_id: 4, message: 'm', icon: null }).success).toBe(
      false,
    );
  });
});

describe('PhotoSchema', () => {
  it('reads photo.getPhotos and keeps extra 3.5+ fields', () => {
    const [photo] = z.array(PhotoSchema).parse(sample('photo.getPhotos').output);
    expect(photo?.photo_240px).toBe(
      'http://site.example/file/pic/photo/c81e728d9d4c2f636f067f89cc14862c_240.jpg',
    );
    const extended = PhotoSchema.parse({ ...photo, photo_id: '12', title: 'Beach' });
    expect(extended.photo_id).toBe(12);
  });

  it('rejects a photo without its URLs', () => {
    expect(PhotoSchema.safeParse({ photo_100px: 'http://site.example/a.jpg' }).success).toBe(false);
  });
});

describe('UploadedPhotoSchema', () => {
  it('reads the 3.0.x size map as the normalized record', () => {
    const uploaded = UploadedPhotoSchema.parse(sample('photo.addPhoto').output);
    expect(uploaded.photo_1024px).toBe(
      'http://site.example/file/pic/photo/2011/08/39740c5e356fdd6f66cfc973d4aebf6d_1024.jpg',
    );
    expect(uploaded.photo_75px).toMatch(/_75\.jpg$/);
    expect(Object.keys(uploaded).sort()).toEqual(
      [
        'photo_original',
        'photo_75px',
        'photo_100px',
        'photo_150px',
        'photo_240px',
        'photo_500px',
        'photo_1024px',
      ].sort(),
    );
  });

  it('reads the 3.5+ getPhotos-style record', () => {
    const uploaded = UploadedPhotoSchema.parse({
      photo_100px: 'http://site.example/p_100.jpg',
      photo_240px: 'http://site.example/p_240.jpg',
      photo_original: 'http://site.example/p.jpg',
      photo_id: '5',
    });
    expect(uploaded.photo_original).toBe('http://site.example/p.jpg');
    expect(uploaded.photo_id).toBe(5);
  });

  it('renames only a 3.0.x map: a record that has photo_original keeps an `original` field as it is', () => {
    const record = { photo_100px: 'a', photo_240px: 'b', photo_original: 'c', original: 'kept' };
    expect(UploadedPhotoSchema.parse(record)).toEqual(record);
  });

  it('rejects anything else', () => {
    expect(UploadedPhotoSchema.safeParse({ error: true, error_message: 'x' }).success).toBe(false);
    expect(UploadedPhotoSchema.safeParse({ original: 'only the original' }).success).toBe(false);
    expect(UploadedPhotoSchema.safeParse(null).success).toBe(false);
  });
});

describe('IsFriendSchema', () => {
  it('reads the sample (a JSON boolean)', () => {
    expect(IsFriendSchema.parse(sample('friend.isFriend').output)).toEqual({ is_friend: true });
  });

  it.each([
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ['1', true],
    ['0', false],
  ])('reads is_friend %j as %j', (input, expected) => {
    expect(IsFriendSchema.parse({ is_friend: input }).is_friend).toBe(expected);
  });

  it('rejects a missing or odd flag', () => {
    expect(IsFriendSchema.safeParse({}).success).toBe(false);
    expect(IsFriendSchema.safeParse({ is_friend: 'maybe' }).success).toBe(false);
  });
});

describe('CountSchema', () => {
  it('reads the bare integer outputs', () => {
    expect(CountSchema.parse(sample('mail.getNewCount').output)).toBe(1);
    expect(CountSchema.parse(sample('notification.getNewCount').output)).toBe(5);
    expect(CountSchema.parse('3')).toBe(3);
  });

  it('rejects an error object', () => {
    expect(CountSchema.safeParse({ error_id: 'api.unable_to_find_api_key' }).success).toBe(false);
  });
});
