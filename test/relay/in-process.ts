import { createRelay, type RelayOptions } from '../../src/relay.js';

export const TOKEN = 'tok3nOfTheUserAbcdefghijklmnopqrstuvwxyz0123456789';
export const PASSWORD = 'pa55-word-of-alice';
export const BASIC = Buffer.from(`alice:${PASSWORD}`).toString('base64');

/** A relay whose upstream is `answer` (no network); `sent` keeps what the relay asked the sites. */
export function relayOver(
  answer: (request: Request) => Response | Promise<Response>,
  extra: Partial<RelayOptions> = {},
) {
  const sent: Request[] = [];
  const relay = createRelay({
    authorize: () => true,
    app: { baseUrl: 'https://site.example/', token: TOKEN },
    hub: { baseUrl: 'https://hub.example/', username: 'alice', password: PASSWORD },
    fetch: async (input, init) => {
      const request = new Request(input, init);
      sent.push(request);
      return answer(request);
    },
    ...extra,
  });
  return { relay, sent };
}

/** The relay's answer to the page's request for `path` (on the page's origin). */
export const ask = (relay: (request: Request) => Promise<Response>, path: string, init?: RequestInit) =>
  relay(new Request(`https://app.example${path}`, init));

/** The relay's error answer as `[status, code, message]`. */
export async function refusal(answer: Response): Promise<[number, string, string]> {
  const { error, message } = (await answer.json()) as { error: string; message: string };
  return [answer.status, error, message];
}
