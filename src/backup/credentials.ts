import { readFile } from 'node:fs/promises';
import type { NativeAuthOptions } from '../index.js';
import { describeError } from './fs-utils.js';
import { BackupSetupError, EXIT_CODES } from './outcome.js';

/** The command-line options that choose how to sign in. */
export interface CredentialFlags {
  user?: string | undefined;
  'client-id'?: string | undefined;
  'key-id'?: string | undefined;
  'private-key'?: string | undefined;
}

/**
 * The `NativeClient` credentials the flags and the environment give, exactly one way:
 * - `--user NAME`: the password from `HUB_PASSWORD`, else `askPassword()` (a hidden prompt on a terminal);
 * - `--client-id ID`: OAuth 2.0 client credentials, the secret from `HUB_CLIENT_SECRET`;
 * - `--key-id ID --private-key FILE`: HTTP Signatures with the channel's key (a PEM file);
 * - none of these: the token in `HUB_ACCESS_TOKEN`.
 * Anything missing or contradictory is a {@link BackupSetupError} with the usage exit code.
 */
export async function credentialsFrom(
  flags: CredentialFlags,
  env: Readonly<Record<string, string | undefined>>,
  askPassword: () => Promise<string | undefined>,
): Promise<NativeAuthOptions> {
  const given = [
    flags.user !== undefined && '--user',
    flags['client-id'] !== undefined && '--client-id',
    (flags['key-id'] !== undefined || flags['private-key'] !== undefined) && '--key-id/--private-key',
  ].filter((flag) => flag !== false);
  if (given.length > 1) throw usage(`choose one way to sign in, not ${given.join(' and ')}`);

  if (flags.user !== undefined) {
    const password = env.HUB_PASSWORD || (await askPassword());
    if (!password) throw usage('no password: set HUB_PASSWORD, or run on a terminal to type it');
    return { username: flags.user, password };
  }
  if (flags['client-id'] !== undefined) {
    const clientSecret = env.HUB_CLIENT_SECRET;
    if (!clientSecret) throw usage('--client-id needs the client secret in HUB_CLIENT_SECRET');
    return { clientCredentials: { clientId: flags['client-id'], clientSecret } };
  }
  if (flags['key-id'] !== undefined || flags['private-key'] !== undefined) {
    const keyId = flags['key-id'];
    const file = flags['private-key'];
    if (!keyId || !file) throw usage('--key-id and --private-key go together');
    let privateKey: string;
    try {
      privateKey = await readFile(file, 'utf8');
    } catch (error) {
      throw usage(`cannot read the private key ${file}: ${describeError(error)}`);
    }
    return { signature: { keyId, privateKey } };
  }
  if (env.HUB_ACCESS_TOKEN) return { accessToken: env.HUB_ACCESS_TOKEN };
  throw usage(
    'say how to sign in: --user NAME (HUB_PASSWORD or a prompt), --client-id ID (HUB_CLIENT_SECRET), ' +
      '--key-id ID --private-key FILE, or HUB_ACCESS_TOKEN',
  );
}

function usage(message: string): BackupSetupError {
  return new BackupSetupError(EXIT_CODES.usage, message);
}
