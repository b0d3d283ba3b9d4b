import { AppClient, type ClientOptions, NativeClient, type RequestOptions } from '../../../src/index.js';

/** The calls every fault is tried on: a read and a write of each client, and the token exchange. */
export type OperationId =
  | 'app.read'
  | 'app.token'
  | 'app.write'
  | 'native.read'
  | 'native.write'
  | 'native.media';

export interface Credentials {
  token: string;
  key: string;
  username: string;
  password: string;
}

export interface Connection {
  baseUrl: string;
  options: Omit<ClientOptions, 'baseUrl'>;
  credentials: Credentials;
}

export interface Operation {
  id: OperationId;
  client: 'AppClient' | 'NativeClient';
  /**
   * Reads are idempotent (GET, retried); so is a new Hubzilla item without media (the hub refuses
   * its message id twice: retried); other writes are sent once.
   */
  kind: 'read' | 'idempotent-write' | 'write';
  /** The call as users write it. */
  call: string;
  run(connection: Connection, request: RequestOptions): Promise<unknown>;
  /** What to compare of a result (an `AppClient` is compared by its token). */
  view(value: unknown): unknown;
}

/** A 1×1 PNG: what phpFox wants for photo.addPhoto. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

const app = ({ baseUrl, options, credentials }: Connection) =>
  new AppClient({ ...options, baseUrl, token: credentials.token });
const native = ({ baseUrl, options, credentials }: Connection) =>
  new NativeClient({
    ...options,
    baseUrl,
    username: credentials.username,
    password: credentials.password,
    // Only the unresolvable-host case leaves loopback, and it never gets as far as a connection.
    allowInsecureHttp: true,
  });
const same = (value: unknown) => value;

export const OPERATIONS: readonly Operation[] = [
  {
    id: 'app.read',
    client: 'AppClient',
    kind: 'read',
    call: 'user.getUser()',
    run: (connection, request) => app(connection).user.getUser({}, request),
    view: same,
  },
  {
    id: 'app.token',
    client: 'AppClient',
    kind: 'read',
    call: 'AppClient.fromKey()',
    run: ({ baseUrl, options, credentials }, request) =>
      AppClient.fromKey(credentials.key, { ...options, baseUrl }, request),
    view: (value) => (value as AppClient).token,
  },
  {
    id: 'app.write',
    client: 'AppClient',
    kind: 'write',
    call: 'photo.addPhoto()',
    run: (connection, request) =>
      app(connection).photo.addPhoto({ photo: PNG, photo_name: 'matrix.png' }, request),
    view: same,
  },
  {
    id: 'native.read',
    client: 'NativeClient',
    kind: 'read',
    call: 'groups.list()',
    run: (connection, request) => native(connection).groups.list({}, request),
    view: same,
  },
  {
    id: 'native.write',
    client: 'NativeClient',
    kind: 'idempotent-write',
    call: 'items.update()',
    run: (connection, request) =>
      native(connection).items.update({ body: 'Hello from the fault matrix' }, request),
    view: same,
  },
  {
    id: 'native.media',
    client: 'NativeClient',
    kind: 'write',
    call: 'items.update({ media })',
    run: (connection, request) =>
      native(connection).items.update(
        {
          body: 'A photo from the fault matrix',
          media: new File([PNG], 'matrix.png', { type: 'image/png' }),
        },
        request,
      ),
    view: same,
  },
];

export function operation(id: OperationId): Operation {
  const found = OPERATIONS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
}
