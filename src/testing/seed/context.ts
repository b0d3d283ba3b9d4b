import { sqlDate } from '../http/dates.js';
import type { Prng } from './prng.js';

/** What every seeding step needs: its random stream, the site's URL and the seeding time. */
export interface SeedContext {
  prng: Prng;
  /** `https://fake.test` (no trailing slash). */
  siteUrl: string;
  /** The host of `siteUrl` with its port, for addresses (`bob@127.0.0.1:8088`). */
  host: string;
  /** The site's clock when the data was seeded; seeded dates lie before it. */
  seededAt: Date;
}

/** The date `minutes` before the seeding time, as Hubzilla text. */
export function minutesAgo(context: SeedContext, minutes: number): string {
  return sqlDate(new Date(context.seededAt.getTime() - minutes * 60_000));
}

/** Unix seconds `days` before the seeding time. */
export function daysAgoUnix(context: SeedContext, days: number): number {
  return Math.floor(context.seededAt.getTime() / 1000) - Math.round(days * 86_400);
}
