import type { FakeEventName } from '../../testing/events/event-names.js';
import type { OptionGroup, ParsedArgs } from '../args.js';
import { UsageError } from '../errors.js';
import { integer } from '../values.js';

/** The options of `fake-server trigger`: where the fake is, and the event's fields. */
export const TRIGGER_FLAGS: readonly OptionGroup[] = [
  {
    title: 'Where',
    options: [
      {
        name: 'url',
        value: 'URL',
        description: 'the running fake server\'s site root, as "fake-server" prints it',
        defaultText: 'the SOCIALSITE_FAKE_URL environment variable',
      },
      {
        name: 'token',
        value: 'TOKEN',
        description: 'its admin token, needed only from another machine (fake-server prints it)',
        defaultText: 'none',
      },
    ],
  },
  {
    title: 'Event fields (which ones each event takes: see below)',
    options: [
      {
        name: 'as',
        value: 'WHO',
        description: 'who acts: bob, alice, carol, or dana@social.other.example',
        defaultText: 'none (required)',
      },
      {
        name: 'body',
        value: 'TEXT',
        description: 'the text (BBCode)',
        defaultText: 'none (required for post and comment)',
      },
      { name: 'title', value: 'TEXT', description: "a post's title", defaultText: 'none' },
      {
        name: 'allow',
        value: 'WHO',
        multiple: true,
        description: 'only these may see the post (repeat)',
        defaultText: "the poster's Friends group",
      },
      {
        name: 'deny',
        value: 'WHO',
        multiple: true,
        description: 'these may not see the post (repeat)',
        defaultText: 'none',
      },
      {
        name: 'on',
        value: 'MID',
        description: 'the message id of the item commented on',
        defaultText: 'none (required)',
      },
      {
        name: 'filename',
        value: 'NAME',
        description: 'the file or photo name',
        defaultText: 'photo.png for a photo',
      },
      { name: 'content', value: 'TEXT', description: "the file's content", defaultText: 'none (required)' },
      { name: 'folder', value: 'PATH', description: 'the folder of the file', defaultText: 'top level' },
      {
        name: 'channel',
        value: 'NICK',
        description: 'whose cloud (file) or who connects (connect)',
        defaultText: 'alice',
      },
      {
        name: 'with',
        value: 'WHO',
        description: 'the other channel (connect) or phpFox user id (friend)',
        defaultText: 'none (required)',
      },
      {
        name: 'user',
        value: 'ID',
        description: 'the phpFox user (friend, notification, mail)',
        defaultText: '1',
      },
      {
        name: 'type',
        value: 'TYPE',
        description: 'notification type: comment, like, friend, tag or wall',
        defaultText: 'comment',
      },
      {
        name: 'message',
        value: 'TEXT',
        description: "the notification's text",
        defaultText: 'a sentence for the type',
      },
      {
        name: 'link',
        value: 'URL',
        description: 'what the notification links to',
        defaultText: 'a comment link',
      },
      { name: 'count', value: 'N', description: 'how many new messages (mail)', defaultText: '1' },
    ],
  },
];

/** Each event's fields: flag, input key, required. */
const FIELDS: Record<FakeEventName, readonly [flag: string, key: string, required?: boolean][]> = {
  post: [
    ['as', 'as', true],
    ['body', 'body', true],
    ['title', 'title'],
    ['allow', 'allow'],
    ['deny', 'deny'],
  ],
  comment: [
    ['as', 'as', true],
    ['on', 'on', true],
    ['body', 'body', true],
  ],
  photo: [
    ['as', 'as', true],
    ['body', 'body'],
    ['filename', 'filename'],
  ],
  file: [
    ['filename', 'filename', true],
    ['content', 'bytes', true],
    ['folder', 'folder'],
    ['channel', 'channel'],
  ],
  connect: [
    ['channel', 'channel', true],
    ['with', 'with', true],
  ],
  friend: [
    ['with', 'with', true],
    ['user', 'userId'],
  ],
  notification: [
    ['user', 'userId'],
    ['type', 'type'],
    ['message', 'message'],
    ['link', 'link'],
  ],
  mail: [
    ['user', 'userId'],
    ['count', 'count'],
  ],
};

const NUMBERS = new Set(['userId', 'count']);
const LISTS = new Set(['allow', 'deny']);

/** One line per event for the help: `post  --as WHO --body TEXT [--title TEXT] …`. */
export function eventLines(): string[] {
  return Object.entries(FIELDS).map(
    ([name, fields]) =>
      `  ${name.padEnd(13)}${fields.map(([flag, , required]) => (required ? `--${flag} X` : `[--${flag} X]`)).join(' ')}`,
  );
}

/**
 * The event's input from the flags: a `UsageError` for a missing required one, or one the event
 * does not take (`--title` for a comment). `--with` is a number for `friend`.
 */
export function eventInput(name: FakeEventName, args: ParsedArgs): Record<string, unknown> {
  const fields = FIELDS[name];
  const takes = new Set(['url', 'token', ...fields.map(([flag]) => flag)]);
  for (const group of TRIGGER_FLAGS[1]?.options ?? []) {
    if (args.has(group.name) && !takes.has(group.name))
      throw new UsageError(`the ${name} event takes no --${group.name} (${listFlags(name)})`);
  }
  const input: Record<string, unknown> = {};
  for (const [flag, key, required] of fields) {
    if (!args.has(flag)) {
      if (required) throw new UsageError(`the ${name} event needs --${flag} (${listFlags(name)})`);
      continue;
    }
    const value = args.value(flag) ?? '';
    if (LISTS.has(key)) input[key] = args.all(flag).map((option) => option.value ?? '');
    else if (NUMBERS.has(key) || (name === 'friend' && key === 'with'))
      input[key] = integer(value, `--${flag}`, 1);
    else input[key] = value;
  }
  return input;
}

function listFlags(name: FakeEventName): string {
  const fields = FIELDS[name];
  return fields.length === 0 ? 'no fields' : `it takes ${fields.map(([flag]) => `--${flag}`).join(', ')}`;
}
