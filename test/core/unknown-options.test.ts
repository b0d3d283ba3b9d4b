import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppClient, ArgumentError, NativeClient } from '../../src/index.js';
import { downloadToFile } from '../../src/node/index.js';
import { SITE, TOKEN } from '../app/phpfox.js';
import { alice, HUB } from '../native/hub.js';
import { useMswServer } from '../support/msw.js';

/*
 * A misspelt option or parameter is an ArgumentError naming it and the closest known key, before any
 * request: the servers ignore what they do not know, so it would otherwise be lost without a word.
 * No handler is installed: a request sent would fail the test (msw refuses unhandled requests).
 */

const { requests } = useMswServer();
const HASH = 'a96cb502-8d4a-4d73-8c73-406ee3e0f5e2';
const app = () => new AppClient({ baseUrl: SITE, token: TOKEN });
const login = { baseUrl: HUB, username: 'alice', password: 'secret-pass' };

/** The ArgumentError `attempt` throws or rejects with. */
async function refusal(attempt: () => unknown): Promise<ArgumentError> {
  let error: unknown;
  try {
    await attempt();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ArgumentError);
  expect(requests).toHaveLength(0);
  return error as ArgumentError;
}

describe('client options', () => {
  it('NativeClient: timout → did you mean timeout', async () => {
    const error = await refusal(() => new NativeClient({ ...login, timout: 5000 } as never));
    expect(error.message).toBe('"timout" is not an option of NativeClient; did you mean "timeout"?');
  });

  it('AppClient: retries → did you mean retry', async () => {
    const error = await refusal(() => new AppClient({ baseUrl: SITE, token: TOKEN, retries: 5 } as never));
    expect(error.message).toBe('"retries" is not an option of AppClient; did you mean "retry"?');
  });

  it('AppClient.fromKey: baseURL → did you mean baseUrl', async () => {
    const error = await refusal(() => AppClient.fromKey('a-key', { baseURL: SITE } as never));
    expect(error.message).toContain(
      '"baseURL" is not an option of AppClient.fromKey; did you mean "baseUrl"?',
    );
  });

  it('a misspelt credential is named, not reported as a missing one', async () => {
    const error = await refusal(
      () => new NativeClient({ baseUrl: HUB, username: 'alice', pasword: 'x' } as never),
    );
    expect(error.message).toContain('did you mean "password"?');
  });

  it('an unknown key is refused even with the value undefined', async () => {
    await refusal(() => new NativeClient({ ...login, timout: undefined } as never));
  });

  it('retry and hooks keys are checked too', async () => {
    const retry = await refusal(() => new NativeClient({ ...login, retry: { limt: 3 } } as never));
    expect(retry.message).toContain('"limt" is not a retry option (retry.<name>); did you mean "limit"?');
    const hooks = await refusal(
      () => new AppClient({ baseUrl: SITE, token: TOKEN, hooks: { onReqest() {} } } as never),
    );
    expect(hooks.message).toContain('did you mean "onRequest"?');
  });

  it('the keys of clientCredentials and signature are checked too', async () => {
    const oauth = await refusal(
      () =>
        new NativeClient({
          baseUrl: HUB,
          clientCredentials: { clientID: 'app', clientSecret: 's' },
        } as never),
    );
    expect(oauth.message).toBe('"clientID" is not a key of clientCredentials; did you mean "clientId"?');
    const signed = await refusal(
      () => new NativeClient({ baseUrl: HUB, signature: { keyId: 'acct:a@b', privatekey: 'pem' } } as never),
    );
    expect(signed.message).toContain('did you mean "privateKey"?');
  });

  it('headers take any name: they are an open map', () => {
    expect(() => new NativeClient({ ...login, headers: { 'X-Anything-At-All': '1' } })).not.toThrow();
  });
});

describe('request options', () => {
  it('a method call with timout → did you mean timeout (Native)', async () => {
    const error = await refusal(() => alice().files.meta(HASH, { timout: 5 } as never));
    expect(error.message).toBe('"timout" is not a request option; did you mean "timeout"?');
  });

  it('a method call with retries → did you mean retry (App)', async () => {
    const error = await refusal(() => app().user.getUser({}, { retries: 1 } as never));
    expect(error.message).toContain('did you mean "retry"?');
  });

  it('a paged list refuses them too', async () => {
    await refusal(() => alice().files.list({}, { singal: AbortSignal.timeout(1000) } as never));
  });

  it('onUploadProgress on a read is refused: there is nothing to upload', async () => {
    const error = await refusal(() => app().user.getUser({}, { onUploadProgress() {} } as never));
    expect(error.message).toContain('"onUploadProgress" is not a request option');
  });
});

describe('download options', () => {
  it('files.download: chunksize → did you mean chunkSize, at the call', async () => {
    const error = await refusal(() => alice().files.download(HASH, { chunksize: 10 } as never));
    expect(error.message).toBe('"chunksize" is not a download option; did you mean "chunkSize"?');
  });

  it('files.downloadBlob: onprogress → did you mean onProgress', async () => {
    const error = await refusal(() => alice().files.downloadBlob(HASH, { onprogress() {} } as never));
    expect(error.message).toContain('did you mean "onProgress"?');
  });

  it('downloadToFile: resme → did you mean resume, and nothing is written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'socialsite-options-'));
    try {
      const error = await refusal(() =>
        downloadToFile(alice(), HASH, join(dir, 'x.bin'), { resme: true } as never),
      );
      expect(error.message).toBe('"resme" is not an option of downloadToFile; did you mean "resume"?');
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('method parameters', () => {
  it('an App method: user_di → did you mean user_id', async () => {
    const error = await refusal(() => app().friend.getFriends({ user_di: 7 } as never));
    expect(error.message).toBe('"user_di" is not a parameter of friend.getFriends; did you mean "user_id"?');
  });

  it('app.call checks a known method the same way; an unknown method takes any parameter', async () => {
    const error = await refusal(() =>
      app().call('friend.isFriend', { friend_user_id: 1, freind: 2 } as never),
    );
    expect(error.message).toContain('"freind" is not a parameter of friend.isFriend');
    await refusal(() =>
      app().photo.addPhoto({ photo: new Uint8Array(1), photo_name: 'a.jpg', album: 3 } as never),
    );
  });

  it('a Native method: filname → did you mean filename', async () => {
    const error = await refusal(() => alice().files.list({ filname: 'big.bin' } as never));
    expect(error.message).toBe('"filname" is not a parameter of files.list; did you mean "filename"?');
  });

  /** Each Native method with parameters, called with valid ones plus one it does not take. */
  const calls: Record<string, (hub: NativeClient) => unknown> = {
    'channel.exportBasic': (hub) => hub.channel.exportBasic({ posts: true, bogus_param: 1 } as never),
    'channel.stream': (hub) => hub.channel.stream({ bogus_param: 1 } as never),
    'network.stream': (hub) => hub.network.stream({ records: 5, bogus_param: 1 } as never),
    'network.follow': (hub) => hub.network.follow({ interval: 5, bogus_param: 1 } as never),
    'files.list': (hub) => hub.files.list({ bogus_param: 1 } as never),
    'files.data': (hub) => hub.files.data({ file_id: HASH, bogus_param: 1 } as never),
    'files.meta': (hub) => hub.files.meta({ file_id: HASH, bogus_param: 1 } as never),
    'files.get': (hub) => hub.files.get({ file_id: HASH, bogus_param: 1 } as never),
    'files.export': (hub) => hub.files.export({ file_id: HASH, bogus_param: 1 } as never),
    'files.download': (hub) => hub.files.download({ file_id: HASH, bogus_param: 1 } as never),
    'files.downloadBlob': (hub) => hub.files.downloadBlob({ file_id: HASH, bogus_param: 1 } as never),
    'albums.list': (hub) => hub.albums.list({ bogus_param: 1 } as never),
    'photos.list': (hub) => hub.photos.list({ album: 'a', bogus_param: 1 } as never),
    'photos.get': (hub) => hub.photos.get({ photo_id: 'p', bogus_param: 1 } as never),
    'groups.list': (hub) => hub.groups.list({ bogus_param: 1 } as never),
    'groups.members': (hub) => hub.groups.members({ group_id: 1, bogus_param: 1 } as never),
    'xchan.get': (hub) => hub.xchan.get({ hash: 'h', bogus_param: 1 } as never),
    'items.update': (hub) => hub.items.update({ body: 'b', bogus_param: 1 } as never),
    'items.full': (hub) => hub.items.full({ item_id: 1, bogus_param: 1 } as never),
    'items.reply': (hub) => hub.items.reply('https://hub/item/1', { body: 'b', bogus_param: 1 } as never),
    'abook.list': (hub) => hub.abook.list({ bogus_param: 1 } as never),
    'abconfig.list': (hub) => hub.abconfig.list({ bogus_param: 1 } as never),
    'permissions.allowed': (hub) => hub.permissions.allowed({ abook_id: 1, bogus_param: 1 } as never),
  };

  it('every Native method with parameters is in this list', () => {
    const hub = alice();
    const methods = Object.entries(hub).flatMap(([resource, value]) =>
      Object.getOwnPropertyNames(Object.getPrototypeOf(value))
        .filter((name) => name !== 'constructor')
        .map((name) => `${resource}.${name}`),
    );
    expect(methods.sort()).toEqual(Object.keys(calls).sort());
  });

  it.each(Object.keys(calls))('%s refuses a parameter it does not take, before any request', async (name) => {
    const error = await refusal(() => calls[name]!(alice()));
    expect(error.message).toMatch(/bogus_param|takes no parameters/);
  });
});
