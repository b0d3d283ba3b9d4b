import type { ClientOptions } from '../../../src/index.js';

/** Ids of real records of the fake site: the fuzz's stub ignores them, the recording of real answers needs them. */
export interface SampleIds {
  fileId: string;
  photoId: string;
  groupId: number;
  xchanAddress: string;
  itemId: number;
  /** The same item's message id (`items.reply`). */
  itemMid: string;
  abookId: number;
}

/** What a method may need besides its client. */
export interface FuzzContext {
  /** The client's options (for static methods such as `AppClient.fromKey`). */
  options: ClientOptions;
  ids: SampleIds;
  /** An app key for `AppClient.fromKey`. */
  key: string;
}

/** One public method (or one way of calling it) to fuzz. */
export interface FuzzMethod<Client> {
  /** As users write it after the client, e.g. `friend.getFriends`; a static method as `AppClient.fromKey`. */
  name: string;
  /** What distinguishes this row from others of the same method (`all pages`, `with perm`). */
  variant?: string;
  run(client: Client, context: FuzzContext): Promise<unknown>;
  /** In `strict` mode a resolved value must pass this (see shape.ts). */
  check(value: unknown): void;
}

export const label = (method: FuzzMethod<unknown>): string =>
  method.variant ? `${method.name} (${method.variant})` : method.name;
