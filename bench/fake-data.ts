import type { FakeServer } from 'socialsite-sdk/testing';

/** Files added for `files.list({ records: 100 })`, in one folder. */
export const BENCH_FILES = 100;
/** The paging user's friends: 1,000 pages of phpFox's 10. */
export const PAGING_FRIENDS = 10_000;
/** A phpFox user made for paging, so that the seeded user keeps its short list for the per-call case. */
export const PAGING_USER = 1000;

/** What the benchmark's clients need to reach the fake site. */
export interface FakeSiteInfo {
  url: string;
  appKey: string;
  username: string;
  password: string;
}

/** Adds the benchmark's files and the paging user with its friends to a running fake site. */
export function addBenchData(server: FakeServer): FakeSiteInfo {
  const { site } = server;
  for (let index = 0; index < BENCH_FILES; index++)
    site.addFile({ filename: `file-${index}.txt`, bytes: `bench file ${index}\n`, folder: 'Bench' });
  const { users, friends } = site.state.app;
  const template = users.get(2);
  if (!template) throw new Error('the fake site has no user 2');
  const ids: number[] = [];
  for (let id = PAGING_USER + 1; ids.length < PAGING_FRIENDS; id++) {
    users.set(id, { ...template, user_id: id, user_name: `friend-${id}`, full_name: `Friend ${id}` });
    ids.push(id);
  }
  users.set(PAGING_USER, { ...template, user_id: PAGING_USER, user_name: 'pager', full_name: 'Pager' });
  // Set directly: `befriend` checks each pair against the whole list (quadratic for 10,000).
  friends.set(PAGING_USER, ids);
  const { username, password } = server.credentials.channel;
  return { url: server.url, appKey: server.credentials.appKey, username, password };
}
