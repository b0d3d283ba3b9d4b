import { describe, expect, it } from 'vitest';
import { browserBundle } from './browser-bundle.js';

/*
 * What only the hub needs stays out of an `AppClient` bundle (issue 24): the transport asks an
 * authorizer for credentials on each attempt, but the step around it (a wait bounded by the
 * attempt's deadline, the refusal of a credential no header can carry) lives beside the
 * authorizer, reached from the hub's strategies only. The refusal's words show whether it was
 * bundled.
 */
const UNSENDABLE_REFUSAL = 'which no HTTP header can carry';

describe('the per-attempt credentials step in a browser bundle', () => {
  it('import { AppClient } carries none of it', async () => {
    expect(await browserBundle('AppClient')).not.toContain(UNSENDABLE_REFUSAL);
  }, 60_000);

  it('import { NativeClient } carries it', async () => {
    expect(await browserBundle('NativeClient')).toContain(UNSENDABLE_REFUSAL);
  }, 60_000);
});
