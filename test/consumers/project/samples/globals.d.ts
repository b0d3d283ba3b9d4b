/*
 * The names the README's and the guides' samples (and the JSDoc `@example`s) use without declaring
 * them: what a reader's own program would already hold. A script (no import or export), so each
 * sample module sees them and may declare its own of the same name.
 */
type SDK = typeof import('socialsite-sdk');
type Relay = typeof import('socialsite-sdk/relay');

declare const AppClient: SDK['AppClient'];
type AppClient = import('socialsite-sdk').AppClient;
declare const NativeClient: SDK['NativeClient'];
type NativeClient = import('socialsite-sdk').NativeClient;
declare const extraField: SDK['extraField'];
declare const createRelay: Relay['createRelay'];
declare const toNodeHandler: Relay['toNodeHandler'];
declare const DEFAULT_APP_ALLOW: Relay['DEFAULT_APP_ALLOW'];
declare const DEFAULT_HUB_ALLOW: Relay['DEFAULT_HUB_ALLOW'];
declare const downloadToFile: typeof import('socialsite-sdk/node').downloadToFile;
declare const fileFromPath: typeof import('socialsite-sdk/node').fileFromPath;
declare const createFakeSite: typeof import('socialsite-sdk/testing').createFakeSite;
declare const startFakeServer: typeof import('socialsite-sdk/testing').startFakeServer;
declare const fakeHandlers: typeof import('socialsite-sdk/testing/msw').fakeHandlers;
declare const setupServer: typeof import('msw/node').setupServer;
declare const z: typeof import('zod/mini');
declare namespace z {
  export type infer<T> = import('zod/mini').infer<T>;
}
declare const UserSchema: SDK['UserSchema'];
type KnownFields<T> = import('socialsite-sdk').KnownFields<T>;

/** The clients a guide made a few lines before. */
declare const app: AppClient;
declare const hub: NativeClient;
declare const relay: ReturnType<Relay['createRelay']>;
declare const site: import('socialsite-sdk/testing').FakeSite;
/** A hub file's record, as `files.list` returns it. */
declare const file: import('socialsite-sdk').Attach;
/** A photo to upload. */
declare const photo: Blob;
declare const me: import('socialsite-sdk').User;
declare const post: import('socialsite-sdk').ItemRow;
/** What `hub.items.update` answered for a post. */
declare const myPost: import('socialsite-sdk').ItemUpdateAnswer;
declare const signal: AbortSignal;
/** Settings and secrets (a key, a password, a PEM…), and a file's hash. */
declare const key: string,
  baseUrl: string,
  username: string,
  password: string,
  token: string,
  clientSecret: string,
  privateKey: string,
  pem: string,
  channelPrvkeyPem: string,
  callbackUrl: string,
  fileId: string;

/** The reader's own functions and objects. */
declare function render(html: string): void;
declare function hasSession(request: Request): boolean;
declare function sessionOf(request: Request): Promise<{ phpfoxToken: string } | undefined>;
declare const sessions: Map<Request, { phpfoxToken: string }>;
declare function saveSomewhere(token: string): void;
declare function loadToken(): string;
declare function loadCursor(): Promise<import('socialsite-sdk').NetworkCursor | undefined>;
declare function saveCursor(cursor: unknown): Promise<void>;
declare function handle(item: unknown): Promise<void>;
declare const expressApp: { use(path: string, handler: unknown): void };
declare function pino(): {
  error(...a: unknown[]): void;
  warn(...a: unknown[]): void;
  info(...a: unknown[]): void;
  debug(...a: unknown[]): void;
};
declare const bar: { update(fraction: number): void };
declare const Deno: { serve(handler: (request: Request) => Response | Promise<Response>): void };
declare const http: typeof import('node:http');
declare function redirect(url: string): void;
declare function getTokenFromMyStore(): Promise<string>;
declare function show(text: string): void;
/** An `AbortController` the program aborts on SIGTERM. */
declare const shutdown: AbortController;
declare function onProgress(progress: { loaded: number; total: number }): void;

/** public-api.md lists these option types by the names the JSDoc uses. */
type RetryOptions = Exclude<import('socialsite-sdk').ClientOptions['retry'], number | undefined>;
type Hooks = NonNullable<import('socialsite-sdk').ClientOptions['hooks']>;

/** A test runner's globals (vitest with `globals: true`, jest), for the testing guide's suites. */
declare function beforeAll(hook: () => unknown): void;
declare function afterEach(hook: () => unknown): void;
declare function afterAll(hook: () => unknown): void;
declare function it(name: string, test: () => unknown): void;
declare function expect(value: unknown): {
  toHaveLength(length: number): void;
  toBe(value: unknown): void;
  toEqual(value: unknown): void;
  rejects: { toThrow(what?: unknown): Promise<void>; toBeInstanceOf(what: unknown): Promise<void> };
};

/**
 * What a one-line option `@example` (`{ concurrency: 4 }`, `token: (request) => …`) is the value of:
 * one of the public option types, so its callbacks' parameters are typed as the option's are.
 */
type OptionFragment =
  | Partial<import('socialsite-sdk').DownloadOptions>
  | Partial<import('socialsite-sdk').UploadOptions>
  | Partial<import('socialsite-sdk').ClientOptions>
  | Partial<import('socialsite-sdk').FilesListParams>
  | Partial<import('socialsite-sdk').ChannelExportParams>
  | Partial<import('socialsite-sdk/relay').RelayOptions>
  | Partial<import('socialsite-sdk/relay').RelayAppOptions>
  | Partial<import('socialsite-sdk/relay').RelayHubOptions>
  | Partial<import('socialsite-sdk/testing').FaultOptions>;
