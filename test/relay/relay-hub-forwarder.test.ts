import { describe, expect, it } from 'vitest';
import { PHP_DEFAULT_LIMITS, type ServerLimits } from '../../src/core/request/php-limits.js';
import { HubForwarder } from '../../src/relay/forward-hub.js';
import type { RelayCall } from '../../src/relay/options.js';
import { RequestRefusal } from '../../src/relay/read-request.js';
import { hubCore } from '../../src/relay/upstream.js';
import { PASSWORD, refusal } from './in-process.js';

/*
 * The Native API side of the relay as a unit (issue 39's mutation score on every file): which
 * endpoints its allow-list really holds, and where the relay's own `channel` counts against PHP's
 * `max_input_vars` (the query of a read, the body of a write).
 */

const PAGE = 'https://app.example/api/z/1.0/';

/** A hub forwarder over a recording upstream; `allow` and `limits` as given, `channel` optional. */
function forwarder(
  allow: Record<string, readonly string[]>,
  limits: Partial<Required<ServerLimits>> = {},
  channel?: string,
) {
  const sent: Request[] = [];
  const core = hubCore(
    {
      authorize: () => true,
      fetch: async (input, init) => {
        sent.push(new Request(input, init));
        return Response.json({});
      },
    },
    { baseUrl: 'https://hub.example/', username: 'alice', password: PASSWORD },
  );
  const hub = new HubForwarder(core, [], allow, channel, { ...PHP_DEFAULT_LIMITS, ...limits });
  /** The page's call of `endpoint` (a query string after it), its body a form when given. */
  const forward = async (endpoint: string, body?: string) => {
    const url = new URL(PAGE + endpoint);
    const httpMethod = body === undefined ? 'GET' : 'POST';
    const request = new Request(url, {
      method: httpMethod,
      ...(body === undefined
        ? {}
        : { body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
    });
    const call = hub.call(url, {
      api: 'hub',
      endpoint: url.pathname.slice(new URL(PAGE).pathname.length),
      httpMethod,
    });
    if (call instanceof Response) return call;
    return hub.forward(request, url, call as RelayCall, 10_000);
  };
  return { hub, sent, forward };
}

/** What a forwarding did: `sent` upstream, or the refusal's message. */
const outcome = async (run: Promise<Response>) => {
  try {
    const answer = await run;
    return answer.status === 200 ? 'sent' : (await refusal(answer)).join(' ');
  } catch (error) {
    if (error instanceof RequestRefusal) return error.message;
    throw error;
  }
};

describe('HubForwarder', () => {
  it('holds an allowed endpoint only with the SDK’s own method, and none the SDK does not call', async () => {
    const { forward, sent } = forwarder({ version: ['GET'], files: [], nope: ['GET'] });
    expect(await outcome(forward('version'))).toBe('sent');
    expect(await outcome(forward('files'))).toBe(
      "403 relay.forbidden GET files is not in the relay's allow-list (hub.allow)",
    );
    expect(await outcome(forward('nope'))).toBe(
      "403 relay.forbidden GET nope is not in the relay's allow-list (hub.allow)",
    );
    expect(sent.map((request) => new URL(request.url).pathname)).toEqual(['/api/z/1.0/version']);
  });

  it('refuses an endpoint not named as endpoints are, or a call of the other API, without quoting it', async () => {
    const { hub } = forwarder({ version: ['GET'] });
    const url = new URL(PAGE);
    const message = '403 relay.forbidden The relay forwards api/z/1.0/<endpoint> calls only';
    for (const endpoint of ['Version', 'version/', '../version', 'ver%73ion']) {
      const answer = hub.call(url, { api: 'hub', endpoint, httpMethod: 'GET' }) as Response;
      expect((await refusal(answer)).join(' ')).toBe(message);
    }
    const app = hub.call(url, { api: 'app', httpMethod: 'GET' }) as Response;
    expect((await refusal(app)).join(' ')).toBe(message);
  });

  it('counts no channel of its own when it pins none', async () => {
    const { forward } = forwarder({ files: ['GET'] }, { maxInputVars: 1 });
    expect(await outcome(forward('files?filename=a'))).toBe('sent');
    // Nothing counts in a read's body: not even a limit of 0 fields is passed by a read without fields.
    expect(await outcome(forwarder({ version: ['GET'] }, { maxInputVars: 0 }).forward('version'))).toBe(
      'sent',
    );
  });

  it('counts its channel in a read’s query and in a write’s body, where it sends it', async () => {
    const read = forwarder({ files: ['GET'] }, { maxInputVars: 2 }, 'alice2');
    expect(await outcome(read.forward('files?filename=a'))).toBe('sent');
    expect(new URL(read.sent[0]?.url as string).search).toBe('?channel=alice2&filename=a');
    expect(await outcome(read.forward('files?filename=a&filetype=b'))).toContain('3 fields in the query');
    const write = forwarder({ 'item/update': ['POST'] }, { maxInputVars: 2 }, 'alice2');
    expect(await outcome(write.forward('item/update', 'body=hi'))).toBe('sent');
    expect(await write.sent[0]?.text()).toBe('channel=alice2&body=hi');
    expect(await outcome(write.forward('item/update', 'body=hi&title=t'))).toContain('3 fields in the body');
  });

  it('counts nothing of its own in a write’s query: a page’s query field there is refused by name', async () => {
    const { forward, sent } = forwarder({ 'item/update': ['POST'] }, { maxInputVars: 1 });
    expect(await outcome(forward('item/update?title=t', 'body=hi'))).toBe(
      '"title" belongs in the body of item/update, not the query',
    );
    expect(sent).toEqual([]);
  });

  it('sends a write without media urlencoded, and with media as a multipart file part', async () => {
    const { forward, sent, hub } = forwarder({ 'item/update': ['POST'] });
    expect(await outcome(forward('item/update', 'body=hi'))).toBe('sent');
    expect(sent[0]?.headers.get('content-type')).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    const form = new FormData();
    form.append('media', new File(['png'], 'm.png', { type: 'image/png' }));
    const url = new URL(`${PAGE}item/update`);
    const call = hub.call(url, { api: 'hub', endpoint: 'item/update', httpMethod: 'POST' }) as RelayCall;
    expect(
      (await hub.forward(new Request(url, { method: 'POST', body: form }), url, call, 10_000)).status,
    ).toBe(200);
    const sentForm = await sent[1]?.formData();
    expect(sentForm?.get('media')).toMatchObject({ name: 'm.png' });
  });
});
