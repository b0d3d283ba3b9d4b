import { generateKeyPairSync } from 'node:crypto';
import { inspect } from 'node:util';
import { AppClient, type ClientOptions, type Hooks, type Logger, NativeClient } from '../../../src/index.js';
import { renderings } from './secrets.js';

/*
 * The six kinds of client, by the secret each holds or learns, and what a hub that echoes that
 * secret makes the SDK show: errors (message, stack, fields, `rawBody`, inspection, JSON), hook
 * events and log lines.
 */

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
export const PKCS8_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
export const PKCS1_PEM = privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
const bodyOf = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

/** Every character encoders treat specially, and one outside ASCII where the secret allows it. */
const APP_TOKEN = `Tk+Zanzibar/"Quetzal'<Wombat>&91==ö`;
const APP_KEY = `Ky+Marzipan/Xylo"phone'<Kumquat>&7=ü`;
const PASSWORD = `Pw+Fjörd/Glöck"en'<sp>&iel=Yurt:3=`;
/** Bearer tokens go into a header: printable ASCII only. */
const ACCESS_TOKEN = 'At+Kiwi/Guava=Durian:8~_-.x"<y>&z';
const CLIENT_SECRET = `Cs+Mango/Papaya=Lychee:5&"x'<y>é`;
export const ISSUED_TOKEN = 'It+Quince/Loquat=Medlar:2~_-.q';

export interface SecretKind {
  name: string;
  /** The secret the hub echoes, as the client holds it. */
  secret: string;
  /** Texts the hub could echo for it (a key's base64, and its whole PEM). */
  echoed: readonly string[];
  /** Pieces that must never show: the secret, and each line of a PEM. */
  never: readonly string[];
  /** Whether the hub echoes at the token endpoint (`token.php`, `/token`) instead of the API. */
  echoAtToken: boolean;
  run(baseUrl: string, options: Omit<ClientOptions, 'baseUrl'>): Promise<unknown>;
}

const native = (baseUrl: string, options: Omit<ClientOptions, 'baseUrl'>, auth: object) =>
  new NativeClient({ ...options, baseUrl, ...auth } as ConstructorParameters<typeof NativeClient>[0]);

const pemLines = (pem: string) => pem.split('\n').filter((line) => line.length >= 40);

function keyKind(name: string, pem: string): SecretKind {
  const body = bodyOf(pem);
  return {
    name,
    secret: body,
    echoed: [body, pem.trim()],
    never: [body.slice(0, 40), body.slice(-40), ...pemLines(PKCS8_PEM), ...pemLines(PKCS1_PEM)],
    echoAtToken: false,
    // The client holds the PKCS#8 key; the hub may echo either format.
    run: (baseUrl, options) =>
      native(baseUrl, options, {
        signature: { keyId: 'acct:alice@hub', privateKey: PKCS8_PEM },
      }).groups.list(),
  };
}

export const SECRET_KINDS: readonly SecretKind[] = [
  {
    name: 'AppClient token',
    secret: APP_TOKEN,
    echoed: [APP_TOKEN],
    never: [APP_TOKEN],
    echoAtToken: false,
    run: (baseUrl, options) => new AppClient({ ...options, baseUrl, token: APP_TOKEN }).user.getUser(),
  },
  {
    name: 'AppClient.fromKey key',
    secret: APP_KEY,
    echoed: [APP_KEY],
    never: [APP_KEY],
    echoAtToken: true,
    run: (baseUrl, options) => AppClient.fromKey(APP_KEY, { ...options, baseUrl }),
  },
  {
    name: 'NativeClient password',
    secret: PASSWORD,
    echoed: [PASSWORD],
    never: [PASSWORD],
    echoAtToken: false,
    run: (baseUrl, options) =>
      native(baseUrl, options, { username: 'alice', password: PASSWORD }).groups.list(),
  },
  {
    name: 'NativeClient accessToken',
    secret: ACCESS_TOKEN,
    echoed: [ACCESS_TOKEN],
    never: [ACCESS_TOKEN],
    echoAtToken: false,
    run: (baseUrl, options) => native(baseUrl, options, { accessToken: ACCESS_TOKEN }).groups.list(),
  },
  {
    name: 'NativeClient clientCredentials (client secret)',
    secret: CLIENT_SECRET,
    echoed: [CLIENT_SECRET],
    never: [CLIENT_SECRET],
    echoAtToken: true,
    run: (baseUrl, options) =>
      native(baseUrl, options, {
        clientCredentials: { clientId: 'bot', clientSecret: CLIENT_SECRET },
      }).groups.list(),
  },
  {
    name: 'NativeClient clientCredentials (issued token)',
    secret: ISSUED_TOKEN,
    echoed: [ISSUED_TOKEN],
    never: [ISSUED_TOKEN],
    echoAtToken: false,
    run: (baseUrl, options) =>
      native(baseUrl, options, {
        clientCredentials: { clientId: 'bot', clientSecret: CLIENT_SECRET },
      }).groups.list(),
  },
  keyKind('NativeClient signature (PKCS#8 key, echoed as PKCS#8)', PKCS8_PEM),
  keyKind('NativeClient signature (PKCS#8 key, echoed as PKCS#1)', PKCS1_PEM),
];

/** What the hub answers: the issued token at `/token` (unless it echoes there), `echo` elsewhere. */
export function hubAnswer(
  kind: SecretKind,
  path: string,
  echo: { status: number; body: string },
): { status: number; body: string; type: string } {
  const atToken = path.startsWith('/token');
  if (atToken && !kind.echoAtToken) {
    const body = JSON.stringify({ access_token: ISSUED_TOKEN, expires_in: 3600, token_type: 'Bearer' });
    return { status: 200, body, type: 'application/json' };
  }
  return { ...echo, type: 'text/html' };
}

/** The bodies a hub can quote a secret in: broken JSON after a PHP notice, an error page, phpFox's error. */
export function echoBodies(spelling: string): { name: string; status: number; body: string }[] {
  return [
    {
      name: 'a PHP notice before JSON (HTTP 200)',
      status: 200,
      body: `<b>Notice</b>: ${spelling} in api.php; {"message":"${spelling}","access_token":"${spelling}"}`,
    },
    { name: 'an error page (HTTP 500)', status: 500, body: `Fatal error: ${spelling}` },
    {
      name: "phpFox's error envelope and Hubzilla's refusal (HTTP 401)",
      status: 401,
      body: `{"api":{"total":0},"output":{"error":true,"error_id":"${spelling}","error_message":"${spelling}"},"success":false,"message":"${spelling}"}`,
    },
  ];
}

/** Hooks that record every event they hear, and the events. */
export function recordingHooks(): { hooks: Hooks; events: unknown[] } {
  const events: unknown[] = [];
  const record = (event: unknown) => {
    events.push(event);
  };
  return {
    hooks: {
      onRequest: record,
      onResponse: record,
      onRetry: record,
      onError: record,
      onValidationWarning: record,
    },
    events,
  };
}

/** A client's options that record every hook event and every log line, and what they recorded. */
export function recordingOptions(): {
  options: Omit<ClientOptions, 'baseUrl'>;
  shown(error: unknown): string;
} {
  const { hooks, events } = recordingHooks();
  const lines: string[] = [];
  const write = (line: string) => {
    lines.push(line);
  };
  const logger: Logger = { error: write, warn: write, info: write, debug: write };
  return {
    options: { hooks, logger, logLevel: 'debug', retry: 0 },
    shown: (error) =>
      [
        renderings(error),
        String((error as { rawBody?: unknown } | undefined)?.rawBody ?? ''),
        inspect(events, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
        JSON.stringify(events),
        ...lines,
      ].join('\n'),
  };
}
