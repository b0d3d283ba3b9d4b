import type { FakeEvents } from '../site-types.js';

/** The names of the events, as the admin endpoint and `fake-server trigger` take them. */
export type FakeEventName = keyof FakeEvents;

/** Every event name, in the order the help lists them. */
export const FAKE_EVENT_NAMES = [
  'post',
  'comment',
  'photo',
  'file',
  'connect',
  'friend',
  'notification',
  'mail',
] as const satisfies readonly FakeEventName[];
