import { afterAll, beforeAll, expect } from 'vitest';

/**
 * Records every unhandled rejection of the worker while a suite runs. Vitest would also fail the
 * run on one, but only after the fact and without saying which case caused it: this lets each
 * case assert "none so far", and the suite assert "none at all" once its last timer has fired.
 */
export function trackUnhandledRejections(): { expectNone(): Promise<void> } {
  const seen: unknown[] = [];
  const record = (reason: unknown) => {
    seen.push(reason);
  };
  beforeAll(() => {
    process.on('unhandledRejection', record);
  });
  afterAll(async () => {
    // Late rejections (a timer, a socket closing) surface only after a few turns of the loop.
    await settle(50);
    process.off('unhandledRejection', record);
    expect(seen).toEqual([]);
  });
  return {
    async expectNone() {
      await settle();
      expect(seen).toEqual([]);
    },
  };
}

/** Lets pending promise callbacks and short timers run. */
export function settle(ms = 5): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
