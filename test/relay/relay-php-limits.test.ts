import { describe, expect, it } from 'vitest';
import { ArgumentError } from '../../src/index.js';
import { createRelay, DEFAULT_HUB_ALLOW, type RelayOptions } from '../../src/relay.js';
import { ask, PASSWORD, refusal, relayOver, TOKEN } from './in-process.js';

/** Issue 38: PHP cuts silently what passes its limits; the relay refuses such a call, sending nothing. */

const json = () => Response.json({ success: true, item: { id: 7 } });

/** A relay that pins the channel `alice2` and lets `item/update` and `photo.addPhoto` pass. */
const writer = (extra: Partial<RelayOptions> = {}) =>
  relayOver(json, {
    app: { baseUrl: 'https://site.example/', token: TOKEN, allow: ['user.getUser', 'photo.addPhoto'] },
    hub: {
      baseUrl: 'https://hub.example/',
      username: 'alice',
      password: PASSWORD,
      channel: 'alice2',
      allow: { ...DEFAULT_HUB_ALLOW, 'item/update': ['POST'] },
    },
    ...extra,
  });

/** A post's text and `count` `contact_allow[]` entries, as a page's form. */
const allowing = (count: number): [string, string][] => [
  ['body', 'hello'],
  ...Array.from({ length: count }, (_, index): [string, string] => [
    'contact_allow[]',
    `friend${index}@hub.example`,
  ]),
];
const urlencoded = (fields: [string, string][]): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const multipart = (fields: [string, string | Blob][]): RequestInit => {
  const body = new FormData();
  for (const [name, value] of fields) {
    if (typeof value === 'string') body.append(name, value);
    else body.append(name, value, 'picture.png');
  }
  return { method: 'POST', body };
};
const PNG = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], {
  type: 'image/png',
});

/** The fields of the body the relay sent upstream, in order. */
async function sentFields(request: Request | undefined): Promise<[string, string | File][]> {
  return [
    ...((await (request as Request).clone().formData()) as unknown as Iterable<[string, string | File]>),
  ];
}

describe("the relay refuses what PHP's limits would cut, before sending anything", () => {
  it('refuses the issue’s case: 1,100 contact_allow[] with the pinned channel (400, nothing sent)', async () => {
    const { relay, sent } = writer();
    const answer = await ask(relay, '/api/z/1.0/item/update', urlencoded(allowing(1100)));
    const [status, code, message] = await refusal(answer);
    expect([status, code]).toEqual([400, 'relay.bad_request']);
    // body + 1,100 entries + the relay's channel.
    expect(message).toContain('1102 fields in the body, over max_input_vars = 1000');
    expect(message).toContain('serverLimits.maxInputVars');
    expect(sent).toHaveLength(0);
  });

  it('counts its own channel, and sends it first, where no cut can reach it', async () => {
    const { relay, sent } = writer();
    // body + 998 entries + channel = 1,000: PHP keeps all of it.
    expect((await ask(relay, '/api/z/1.0/item/update', urlencoded(allowing(998)))).status).toBe(200);
    const fields = await sentFields(sent[0]);
    expect(fields).toHaveLength(1000);
    expect(fields[0]).toEqual(['channel', 'alice2']);
    expect(fields.at(-1)).toEqual(['contact_allow[]', 'friend997@hub.example']);
    // One more, and the channel would be the 1,001st field, were it not first: refused.
    const [status, , message] = await refusal(
      await ask(relay, '/api/z/1.0/item/update', urlencoded(allowing(999))),
    );
    expect([status, message]).toEqual([400, expect.stringContaining('1001 fields in the body')]);
    expect(sent).toHaveLength(1);
  });

  it('counts the query with what the relay adds there: the token, or a GET’s channel', async () => {
    const { relay, sent } = writer();
    const junk = (count: number) => Array.from({ length: count }, (_, index) => `x${index}=1`).join('&');
    // The page's method, 999 fields and the relay's token: 1,001 in the query.
    const [status, , message] = await refusal(await ask(relay, `/api.php?method=user.getUser&${junk(999)}`));
    expect([status, message]).toEqual([400, expect.stringContaining('1001 fields in the query')]);
    // A GET through the hub: 1,000 fields and the channel.
    const [, , hubMessage] = await refusal(await ask(relay, `/api/z/1.0/files?${junk(1000)}`));
    expect(hubMessage).toContain('1001 fields in the query');
    expect(sent).toHaveLength(0);
  });

  it('refuses a name nested deeper than max_input_nesting_level, naming it', async () => {
    const { relay, sent } = writer();
    const deep = `a${'[x]'.repeat(65)}`;
    const [status, code, message] = await refusal(await ask(relay, `/api/z/1.0/files?${deep}=1`));
    expect([status, code]).toEqual([400, 'relay.bad_request']);
    expect(message).toContain('nested 65 levels deep, over max_input_nesting_level = 64');
    expect(sent).toHaveLength(0);
  });

  it('refuses a file over upload_max_filesize and too many files (413, 400)', async () => {
    const { relay, sent } = writer({ serverLimits: { uploadMaxFilesize: 8 } });
    const photo = (size: number) => {
      const body = new FormData();
      body.append('photo', new Blob([new Uint8Array(size).fill(0xff)], { type: 'image/jpeg' }), 'a.jpg');
      body.append('photo_name', 'a.jpg');
      return { method: 'POST', body };
    };
    const [status, code, message] = await refusal(
      await ask(relay, '/api.php?method=photo.addPhoto', photo(9)),
    );
    expect([status, code]).toEqual([413, 'relay.request_too_large']);
    expect(message).toContain("file 'photo' of 9 bytes, over upload_max_filesize = 8 bytes");
    expect((await ask(relay, '/api.php?method=photo.addPhoto', photo(8))).status).toBe(200);
    expect(sent).toHaveLength(1);

    const media = Array.from({ length: 21 }, (): [string, Blob] => ['media', PNG]);
    const tooMany = await ask(relay, '/api/z/1.0/item/update', multipart([['body', 'x'], ...media]));
    expect(await refusal(tooMany)).toEqual([400, 'relay.bad_request', expect.stringContaining('21 files')]);
    expect(sent).toHaveLength(1);
  });

  it('measures post_max_size on the body it would send, its own channel included, to the byte', async () => {
    const page = multipart([
      ['body', 'a picture'],
      ['media', PNG],
    ]);
    const measured = writer();
    expect((await ask(measured.relay, '/api/z/1.0/item/update', page)).status).toBe(200);
    const size = (await (measured.sent[0] as Request).clone().arrayBuffer()).byteLength;
    expect((await sentFields(measured.sent[0]))[0]).toEqual(['channel', 'alice2']);

    const exact = writer({ serverLimits: { postMaxSize: size } });
    expect((await ask(exact.relay, '/api/z/1.0/item/update', page)).status).toBe(200);
    const under = writer({ serverLimits: { postMaxSize: size - 1 } });
    const [status, code, message] = await refusal(await ask(under.relay, '/api/z/1.0/item/update', page));
    expect([status, code]).toEqual([413, 'relay.request_too_large']);
    expect(message).toContain(`a body of ${size} bytes, over post_max_size = ${size - 1} bytes`);
    expect(under.sent).toHaveLength(0);
  });

  it('reads a 16,000-field form in one pass: refused by default, forwarded whole under a raised limit', async () => {
    // Completion and the answers are asserted; the time is bench/relay-fields.ts's (linear, not seconds).
    const fields = allowing(16_000);
    for (const init of [urlencoded(fields), multipart(fields)]) {
      const refused = writer();
      const [status, , message] = await refusal(await ask(refused.relay, '/api/z/1.0/item/update', init));
      expect([status, message]).toEqual([400, expect.stringContaining('16002 fields in the body')]);
      expect(refused.sent).toHaveLength(0);
    }
    const raised = writer({ serverLimits: { maxInputVars: 20_000 } });
    expect((await ask(raised.relay, '/api/z/1.0/item/update', urlencoded(fields))).status).toBe(200);
    const forwarded = await sentFields(raised.sent[0]);
    expect(forwarded).toHaveLength(16_002);
    expect(forwarded[0]).toEqual(['channel', 'alice2']);
    expect(forwarded.filter(([name]) => name === 'contact_allow[]').map(([, value]) => value)).toEqual(
      fields.slice(1).map(([, value]) => value),
    );
  });

  it('checks serverLimits at creation: a misspelt limit or one that is not a positive whole number', () => {
    const base = {
      authorize: () => true,
      hub: { baseUrl: 'https://hub.example/', username: 'a', password: 'p' },
    };
    const cases: [unknown, string][] = [
      [{ maxInputVar: 5000 }, '"maxInputVar" is not a limit of serverLimits; did you mean "maxInputVars"?'],
      [{ postMaxSize: 0 }, 'serverLimits.postMaxSize must be a positive whole number when given'],
      [{ maxNesting: 1.5 }, 'serverLimits.maxNesting must be a positive whole number when given'],
      ['8M', 'serverLimits must be an object such as { maxInputVars: 5000 }'],
    ];
    for (const [serverLimits, message] of cases) {
      expect(() => createRelay({ ...base, serverLimits } as RelayOptions)).toThrow(
        new ArgumentError(message),
      );
    }
    expect(() => createRelay({ ...base, serverLimits: { maxInputVars: 5000 } })).not.toThrow();
  });
});
