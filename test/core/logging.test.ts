import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppClient, ArgumentError, type Logger, type LogLevel } from '../../src/index.js';
import { apiHandler, envelope, phpfox, SITE, sample, TOKEN } from '../app/phpfox.js';
import { useMswServer } from '../support/msw.js';

const { server } = useMswServer();

function recorder() {
  const lines: string[] = [];
  const logger: Logger = {
    error: (line) => lines.push(`error ${line}`),
    warn: (line) => lines.push(`warn ${line}`),
    info: (line) => lines.push(`info ${line}`),
    debug: (line) => lines.push(`debug ${line}`),
  };
  return { lines, logger };
}

/** 503 once, then a user: a retry, two answers, one success. */
function busyThenUser() {
  let calls = 0;
  return http.all(`${SITE}/api.php`, () =>
    calls++ === 0 ? new HttpResponse('busy', { status: 503 }) : phpfox(sample('user.getUser')),
  );
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('logging', () => {
  it.each<[LogLevel, string[]]>([
    ['off', []],
    ['error', []],
    ['warn', ['warn']],
    ['info', ['info', 'warn', 'info']],
    ['debug', ['debug', 'info', 'warn', 'debug', 'info']],
  ])('logLevel %s prints the lines of its level and above', async (logLevel, kinds) => {
    server.use(busyThenUser());
    const { lines, logger } = recorder();
    const app = new AppClient({
      baseUrl: SITE,
      token: TOKEN,
      logLevel,
      logger,
      retry: { limit: 1, delay: () => 0 },
    });
    await app.user.getUser();
    expect(lines.map((line) => line.split(' ')[0])).toEqual(kinds);
    for (const line of lines) {
      expect(line).toContain('socialsite-sdk: ');
      expect(line).toContain('token=[REDACTED]');
    }
  });

  it('one line per failed call, redacted even when the server echoes the token', async () => {
    const echoed = TOKEN.replaceAll('/', '\\/');
    server.use(apiHandler(() => envelope({ error_id: 'x', error_message: `bad token ${echoed}` })));
    const { lines, logger } = recorder();
    const app = new AppClient({ baseUrl: SITE, token: TOKEN, logLevel: 'debug', logger, retry: 0 });
    await app.user.getUser().catch(() => {});
    expect(lines.filter((line) => line.startsWith('error'))).toHaveLength(1);
    expect(lines.join('\n')).not.toContain(TOKEN);
    expect(lines.join('\n')).not.toContain(echoed);
    expect(lines.at(-1)).toMatch(/^error socialsite-sdk: GET .* failed: ApiError: /);
  });

  it('reads SOCIALSITE_LOG when logLevel is not given', async () => {
    vi.stubEnv('SOCIALSITE_LOG', 'info');
    server.use(apiHandler(() => sample('user.getUser')));
    const { lines, logger } = recorder();
    await new AppClient({ baseUrl: SITE, token: TOKEN, logger }).user.getUser();
    expect(lines).toEqual([
      expect.stringMatching(/^info socialsite-sdk: ← GET .* 200 in \d+ ms \(attempt 1\)$/),
    ]);
  });

  it('logs to console by default, and keeps the user’s own hooks', async () => {
    server.use(apiHandler(() => sample('user.getUser')));
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const seen: number[] = [];
    await new AppClient({
      baseUrl: SITE,
      token: TOKEN,
      logLevel: 'info',
      hooks: { onResponse: ({ status }) => seen.push(status) },
    }).user.getUser();
    expect(info).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([200]);
    info.mockRestore();
  });

  it('refuses a bad logLevel or logger at construction', () => {
    expect(() => new AppClient({ baseUrl: SITE, token: TOKEN, logLevel: 'loud' as LogLevel })).toThrow(
      ArgumentError,
    );
    expect(() => new AppClient({ baseUrl: SITE, token: TOKEN, logger: { info() {} } as never })).toThrow(
      ArgumentError,
    );
  });
});
