import type { Runtime } from '../runtime.js';
import { sessionCookie } from './auth.js';

/** Sessions kept (the oldest are forgotten first). */
const MAX_SESSIONS = 10_000;

/** The session the request's `PHPSESSID` names, if the hub knows it. */
export function knownSession(runtime: Runtime, request: Request): string | undefined {
  const given = sessionCookie(request);
  return given !== undefined && runtime.hub.sessions.has(given) ? given : undefined;
}

/** A new PHP session, not logged in: what every Hubzilla page starts for a request without one. */
export function startSession(runtime: Runtime): string {
  const { sessions } = runtime.hub;
  const id = runtime.prng.sessionId();
  sessions.set(id, null);
  // Like PHP's session garbage collection: long runs (benchmarks) must not grow without bound.
  if (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value ?? '');
  return id;
}
