import { phpIntval } from '../http/params.js';

/** phpFox's page size for list methods. */
export const PAGE_SIZE = 10;

/**
 * phpFox 3.0's paging of friend.getFriends (and 3.0 photo.getPhotos): 1-based; 0, 1, a missing or
 * junk `page` give the first page, and a page past the end gives the LAST page again.
 */
export function clampedPage<T>(items: readonly T[], rawPage: string | undefined): T[] {
  if (items.length === 0) return [];
  const last = Math.ceil(items.length / PAGE_SIZE);
  const page = Math.min(Math.max(phpIntval(rawPage), 1), last);
  return items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
}

/** phpFox 3.5's photo paging: 0-based, `[]` past the end. */
export function zeroBasedPage<T>(items: readonly T[], rawPage: string | undefined): T[] {
  const page = Math.max(phpIntval(rawPage), 0);
  return items.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
}
