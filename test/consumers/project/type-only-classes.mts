// The classes the package exports as types only (to name `app.photo`'s or a page's type) do not
// exist at run time, so `instanceof` with them must not compile: each line below is a type error.
// Compiled WITHOUT `verbatimModuleSyntax`, where a plain `import { PagePromise }` of a type-only
// export is allowed and only a value use of it fails. If a declaration file exported one of them as
// a value again, its `@ts-expect-error` would go unused and fail the check.
import {
  AbconfigResource,
  AbookResource,
  AlbumsResource,
  ApiPromise,
  ChannelResource,
  FilesResource,
  Follow,
  FriendResource,
  GroupsResource,
  ItemsResource,
  MailResource,
  NetworkResource,
  NotificationResource,
  Page,
  PagePromise,
  PermissionsResource,
  PhotoResource,
  PhotosResource,
  SdkError,
  UserResource,
  XchanResource,
} from 'socialsite-sdk';

declare const x: unknown;

export const checks: boolean[] = [
  // @ts-expect-error Page is a type only
  x instanceof Page,
  // @ts-expect-error ApiPromise is a type only (what methods return is a real Promise)
  x instanceof ApiPromise,
  // @ts-expect-error PagePromise is a type only
  x instanceof PagePromise,
  // @ts-expect-error Follow is a type only (what follow() returns is an async iterable)
  x instanceof Follow,
  // @ts-expect-error a type only
  x instanceof UserResource,
  // @ts-expect-error a type only
  x instanceof FriendResource,
  // @ts-expect-error a type only
  x instanceof MailResource,
  // @ts-expect-error a type only
  x instanceof NotificationResource,
  // @ts-expect-error a type only
  x instanceof PhotoResource,
  // @ts-expect-error a type only
  x instanceof AbconfigResource,
  // @ts-expect-error a type only
  x instanceof AbookResource,
  // @ts-expect-error a type only
  x instanceof AlbumsResource,
  // @ts-expect-error a type only
  x instanceof ChannelResource,
  // @ts-expect-error a type only
  x instanceof FilesResource,
  // @ts-expect-error a type only
  x instanceof GroupsResource,
  // @ts-expect-error a type only
  x instanceof ItemsResource,
  // @ts-expect-error a type only
  x instanceof NetworkResource,
  // @ts-expect-error a type only
  x instanceof PermissionsResource,
  // @ts-expect-error a type only
  x instanceof PhotosResource,
  // @ts-expect-error a type only
  x instanceof XchanResource,
  // The error classes are values: `instanceof` works with them.
  x instanceof SdkError,
];

// Naming the types is what they are for.
export type Names = [Page<number>, PagePromise<number>, FilesResource, UserResource];
