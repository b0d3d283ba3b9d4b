import type { Hooks, Logger, LogLevel } from './options.js';

// The types are options (`logLevel`, `logger`), declared beside the others; said here too for old imports.
export type { Logger, LogLevel } from './options.js';

/** The environment variable read in Node (and Deno, Bun) when `logLevel` is not given. */
export const LOG_LEVEL_VARIABLE = 'SOCIALSITE_LOG';

export const LOG_LEVELS: readonly LogLevel[] = ['off', 'error', 'warn', 'info', 'debug'];

/** `logLevel` as given, else `SOCIALSITE_LOG` where the runtime has an environment, else `'off'`. */
export function resolveLogLevel(given: LogLevel | undefined): LogLevel {
  if (given !== undefined) return given;
  const fromEnvironment = environmentLevel();
  return LOG_LEVELS.includes(fromEnvironment as LogLevel) ? (fromEnvironment as LogLevel) : 'off';
}

function environmentLevel(): string | undefined {
  try {
    const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
    return env?.[LOG_LEVEL_VARIABLE]?.trim().toLowerCase();
  } catch {
    // Deno without --allow-env throws on access: no environment, no logging.
    return undefined;
  }
}

/**
 * Hooks that write one line per request (debug), answer (info), retry and validation warning (warn)
 * and failed call (error). They see only what hooks see: redacted URLs, redacted errors.
 */
export function loggingHooks(level: LogLevel, logger: Logger): Hooks {
  const rank = LOG_LEVELS.indexOf(level);
  const at = (wanted: LogLevel) => rank >= LOG_LEVELS.indexOf(wanted);
  const line = (text: string) => `socialsite-sdk: ${text}`;
  return {
    ...(at('debug') && {
      onRequest: ({ method, url, attempt }) => logger.debug(line(`→ ${method} ${url} (attempt ${attempt})`)),
    }),
    ...(at('info') && {
      onResponse: ({ method, url, status, durationMs, attempt }) =>
        logger.info(line(`← ${method} ${url} ${status} in ${durationMs} ms (attempt ${attempt})`)),
    }),
    ...(at('warn') && {
      onRetry: ({ method, url, attempt, reason, delayMs }) =>
        logger.warn(line(`retrying ${method} ${url} after ${reason}: attempt ${attempt} in ${delayMs} ms`)),
      onValidationWarning: ({ method, url, message }) =>
        logger.warn(line(`unexpected answer from ${method} ${url}: ${message}`)),
    }),
    ...(at('error') && {
      onError: ({ method, url, error }) =>
        logger.error(line(`${method} ${url} failed: ${error.name}: ${error.message}`)),
    }),
  };
}

/** Both sets of hooks, the user's first; a hook that throws does not keep the other from running. */
export function combineHooks(first: Hooks, second: Hooks): Hooks {
  const combined: Record<string, (event: never) => void> = {};
  for (const name of new Set([...Object.keys(first), ...Object.keys(second)]) as Set<keyof Hooks>) {
    const a = first[name] as ((event: never) => void) | undefined;
    const b = second[name] as ((event: never) => void) | undefined;
    combined[name] =
      a && b
        ? (event) => {
            try {
              a(event);
            } finally {
              b(event);
            }
          }
        : (a ?? b)!;
  }
  return combined as Hooks;
}
