import type { HubChannel } from '../native/hub-state.js';
import { type Acl, aclText, buildItem, PUBLIC_ACL } from '../native/item-factory.js';
import type { HubItem, HubTermRow } from '../native/item-row.js';
import { minutesAgo, type SeedContext } from './context.js';

interface Post {
  by: 'alice' | 'bob';
  body: string;
  title?: string;
  public?: boolean;
  app?: string;
  hashtags?: string[];
  categories?: string[];
  comments?: { by: 'alice' | 'bob'; body: string }[];
}

/** 13 threads in alice's network (page 1: 10, page 2: 3), 2 of them by bob; bob's own wall. */
const THREADS: Post[] = [
  { by: 'alice', title: 'First post', body: 'Hello world, first post from the API' },
  {
    by: 'alice',
    title: 'Public post',
    body: 'A public post with [b]bbcode[/b] and #hashtag',
    public: true,
    hashtags: ['hashtag'],
    categories: ['testing', 'api'],
    comments: [
      { by: 'alice', body: 'A comment on the public post' },
      { by: 'bob', body: "Bob replies to Alice's public post" },
    ],
  },
  { by: 'bob', body: 'Bob says hello to everyone', public: true },
  { by: 'alice', body: 'Post with an app name', public: true, app: 'MySDK' },
  {
    by: 'alice',
    title: 'Private thoughts',
    body: 'Only for friends',
    comments: [{ by: 'bob', body: 'Bob agrees' }],
  },
  { by: 'bob', body: 'Bob second post', public: true },
  ...Array.from(
    { length: 7 },
    (_, index): Post => ({ by: 'alice', body: `Filler post number ${index + 1}`, public: true }),
  ),
];

export function seedItems(
  context: SeedContext,
  alice: HubChannel,
  bob: HubChannel,
  friendsGroup: string,
): HubItem[] {
  const prng = context.prng.fork('items');
  const site = context.siteUrl;
  const items: HubItem[] = [];
  let minute = 300;
  const add = (
    channel: HubChannel,
    post: { by: 'alice' | 'bob'; body: string },
    acl: Acl,
    parent?: HubItem,
  ) => {
    const author = post.by === 'alice' ? alice : bob;
    minute -= 7;
    const owner = parent ? (parent.row.owner_xchan === alice.hash ? alice : bob) : author;
    const item = buildItem(site, {
      id: items.length + 1,
      uid: channel.channel_id,
      aid: channel.account_id,
      uuid: prng.uuid(),
      created: minutesAgo(context, minute),
      owner: owner.hash,
      author: author.hash,
      body: post.body,
      acl,
      wall: owner.channel_id === channel.channel_id,
      origin: author.channel_id === channel.channel_id,
      parent: parent?.row,
    });
    if (author.channel_id !== channel.channel_id) item.row.item_unseen = 1;
    if (parent) parent.row.commented = item.row.created;
    items.push(item);
    return item;
  };
  for (const post of THREADS) {
    const acl = post.public ? PUBLIC_ACL : { ...PUBLIC_ACL, allow_gid: aclText([friendsGroup]) };
    // Every thread is in alice's tables; bob's own posts also on his wall.
    const channels = post.by === 'bob' ? [bob, alice] : [alice];
    for (const channel of channels) {
      const top = add(channel, post, acl);
      top.row.title = post.title ?? '';
      top.row.app = post.app ?? '';
      top.terms = termsOf(site, channel, post);
      if (top.terms.some((term) => term.ttype === 1)) {
        top.row.body = top.row.body.replace(/#(\w+)/g, `#[zrl=${site}/search?tag=$1]$1[/zrl]`);
      }
      for (const comment of post.comments ?? []) add(channel, comment, acl, top);
    }
  }
  return items;
}

function termsOf(site: string, channel: HubChannel, post: Post): HubTermRow[] {
  const uid = channel.channel_id;
  return [
    ...(post.hashtags ?? []).map((term) => ({
      uid,
      ttype: 1,
      otype: 1,
      term,
      url: `${site}/search?tag=${term}`,
    })),
    ...(post.categories ?? []).map((term) => ({
      uid,
      ttype: 3,
      otype: 1,
      term,
      url: `${site}/channel/${channel.nick}?f=&cat=${term}`,
    })),
  ];
}
