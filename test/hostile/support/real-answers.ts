import { AppClient } from '../../../src/index.js';
import { createFakeSite } from '../../../src/testing/index.js';
import { OPERATIONS, type OperationId } from './operations.js';

/** What the real server answers an operation, and what the SDK makes of it. */
export interface RealAnswer {
  body: string;
  value: unknown;
}

/**
 * Runs every operation once against the fake site (the repository's model of the real servers)
 * and keeps the body it answered: the scripted server replays it as "OK", whatever credentials
 * the client under test carries, and a recovered call must return what this one returned.
 */
export async function recordRealAnswers(): Promise<Record<OperationId, RealAnswer>> {
  const site = createFakeSite();
  let last = '';
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await site.handler(new Request(input, init));
    last = await response.clone().text();
    return response;
  };
  const signedIn = await AppClient.fromKey(site.credentials.appKey, { baseUrl: site.url, fetch });
  const credentials = {
    token: signedIn.token,
    key: site.issueAppKey(site.credentials.appUserId),
    ...site.credentials.channel,
  };
  const answers: Partial<Record<OperationId, RealAnswer>> = {};
  for (const operation of OPERATIONS) {
    const value = await operation.run({ baseUrl: site.url, options: { fetch }, credentials }, {});
    answers[operation.id] = { body: last, value: operation.view(value) };
    // The exchange cancelled the app's previous token, as phpFox does.
    if (value instanceof AppClient) credentials.token = value.token;
  }
  return answers as Record<OperationId, RealAnswer>;
}
