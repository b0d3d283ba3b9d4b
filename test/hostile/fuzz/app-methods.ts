import * as z from 'zod/mini';
import {
  ApiInfoSchema,
  AppClient,
  CountSchema,
  FriendSchema,
  NotificationSchema,
  type Page,
  PhotoSchema,
  UploadedPhotoSchema,
  UserSchema,
} from '../../../src/index.js';
import { firstItems, PAUSE_FOR_AN_HOUR } from './follow.js';
import type { FuzzMethod } from './method.js';
import { expectSchemaValid, expectThat } from './shape.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A first page: its items valid, its total a number. */
const page =
  (item: z.ZodMiniType, what: string) =>
  (value: unknown): void => {
    const { items, total } = value as Page<unknown>;
    expectSchemaValid(z.array(item), items, what);
    expectThat(Number.isSafeInteger(total), `${what}: total ${String(total)} is not an integer`);
  };

/** Every public method of AppClient (the coverage test keeps this list complete). */
export const APP_METHODS: readonly FuzzMethod<AppClient>[] = [
  {
    name: 'AppClient.fromKey',
    run: (_, { options, key }) => AppClient.fromKey(key, options),
    check: (value) =>
      expectThat(value instanceof AppClient && value.token.length > 0, 'fromKey: a client with a token'),
  },
  {
    name: 'user.getUser',
    run: (app) => app.user.getUser({ user_id: 2 }),
    check: (value) => expectSchemaValid(UserSchema, value, 'user.getUser'),
  },
  {
    name: 'friend.getFriends',
    run: async (app) => await app.friend.getFriends(),
    check: page(FriendSchema, 'friend.getFriends'),
  },
  {
    name: 'friend.getFriends',
    variant: 'every page',
    run: (app) => app.friend.getFriends({ page: 1 }).toArray({ limit: 50 }),
    check: (value) => expectSchemaValid(z.array(FriendSchema), value, 'friend.getFriends'),
  },
  {
    name: 'friend.isFriend',
    run: (app) => app.friend.isFriend({ friend_user_id: 2 }),
    check: (value) => expectThat(typeof value === 'boolean', 'friend.isFriend: a boolean'),
  },
  {
    name: 'mail.getNewCount',
    run: (app) => app.mail.getNewCount(),
    check: (value) => expectSchemaValid(CountSchema, value, 'mail.getNewCount'),
  },
  {
    name: 'notification.getNewCount',
    run: (app) => app.notification.getNewCount(),
    check: (value) => expectSchemaValid(CountSchema, value, 'notification.getNewCount'),
  },
  {
    name: 'notification.get',
    run: async (app) => await app.notification.get(),
    check: page(NotificationSchema, 'notification.get'),
  },
  {
    name: 'notification.follow',
    run: (app) => firstItems((signal) => app.notification.follow({ signal, ...PAUSE_FOR_AN_HOUR })),
    check: (value) => expectSchemaValid(z.array(NotificationSchema), value, 'notification.follow'),
  },
  {
    name: 'photo.getPhotos',
    run: async (app) => await app.photo.getPhotos(),
    check: page(PhotoSchema, 'photo.getPhotos'),
  },
  {
    name: 'photo.getPhotos',
    variant: 'every page',
    run: (app) => app.photo.getPhotos().toArray({ limit: 50 }),
    check: (value) => expectSchemaValid(z.array(PhotoSchema), value, 'photo.getPhotos'),
  },
  {
    name: 'photo.addPhoto',
    run: (app) => app.photo.addPhoto({ photo: PNG, photo_name: 'fuzz.png' }),
    check: (value) => expectSchemaValid(UploadedPhotoSchema, value, 'photo.addPhoto'),
  },
  {
    name: 'call',
    variant: 'a known method',
    run: (app) => app.call('user.getUser', { user_id: 1 }),
    check: (value) => {
      const { api, output } = value as { api: unknown; output: unknown };
      expectSchemaValid(ApiInfoSchema, api, 'call: api');
      expectSchemaValid(UserSchema, output, 'call: output');
    },
  },
  {
    name: 'call',
    variant: 'an unknown method',
    // PHP method names are case-insensitive: the server knows it, the SDK's typed table does not.
    run: (app) => app.call('user.getuser', { user_id: 1 }),
    check: (value) => expectSchemaValid(ApiInfoSchema, (value as { api: unknown }).api, 'call: api'),
  },
];
