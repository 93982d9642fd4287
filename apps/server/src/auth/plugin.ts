import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../lib/errors.ts';
import { AuthError, INVALID_CREDENTIALS, invalidInput } from './errors.ts';
import { dummyPasswordHash, limitHashing, verifyPassword } from './password.ts';
import { deleteExpiredSessions, findLiveSession, openSession, revokeSession, type Clock, type SessionLimits } from './sessions.ts';
import { SignInAttempts, addressKey, usernameKey } from './throttle.ts';
import { bearerToken } from './tokens.ts';
import { findUserByUsername } from './users.ts';
import { registerAccountRoutes } from './account-routes.ts';
import './types.ts';

export interface AuthPluginOptions {
  /** The clock sessions and the throttle read; tests move it instead of sleeping. */
  now?: Clock;
}

const SESSION_ENDED = 'Your session has ended. Please sign in again.';
/** Longest username or password worth hashing; anything longer cannot be a real one. */
const MAX_CREDENTIAL_LENGTH = 1024;

function credentials(body: unknown): { username: string; password: string } {
  const record = typeof body === 'object' && body !== null ? body as Record<string, unknown> : {};
  const fields: { path: string; message: string }[] = [];
  const { username, password } = record;
  if (typeof username !== 'string' || username.trim() === '') fields.push({ path: 'username', message: 'Username is required' });
  else if (username.length > MAX_CREDENTIAL_LENGTH) fields.push({ path: 'username', message: 'Username is too long' });
  // no stored name holds a NUL, and PostgreSQL text cannot even be compared with one
  else if (username.includes('\u0000')) fields.push({ path: 'username', message: 'Username must not contain a NUL character' });
  if (typeof password !== 'string' || password === '') fields.push({ path: 'password', message: 'Password is required' });
  else if (password.length > MAX_CREDENTIAL_LENGTH) fields.push({ path: 'password', message: 'Password is too long' });
  if (fields.length > 0) throw invalidInput(fields);
  return { username: username as string, password: password as string };
}

async function authPlugin(app: FastifyInstance, opts: AuthPluginOptions) {
  const now = opts.now ?? (() => new Date());
  const { db, config } = app;
  const limits: SessionLimits = { absoluteMinutes: config.sessionAbsoluteMinutes, idleMinutes: config.sessionIdleMinutes };
  const attempts = new SignInAttempts(db, { maxFailures: config.loginMaxFailures, windowMinutes: config.loginWindowMinutes });
  limitHashing(config.hashConcurrency);
  // started now, so the first unknown-user sign-in costs no more than the others; not awaited: it
  // runs on the thread pool (about 128 MiB, a few hundred ms) while the server starts listening
  dummyPasswordHash().catch(() => {});

  app.decorateRequest('user', undefined);
  app.decorateRequest('sessionId', undefined);

  // Uses neither body nor params: it runs as an onRequest hook, before any body is read or lookup made.
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new UnauthorizedError();
    const live = await findLiveSession(db, token, limits, now());
    if (!live) throw new UnauthorizedError(SESSION_ENDED);
    request.user = live.user;
    request.sessionId = live.sessionId;
  });

  app.post('/api/login', async (request) => {
    const at = now();
    // checked first, so only a name an account could have becomes a key in the database
    const { username, password } = credentials(request.body);
    const reservation = await attempts.reserve([addressKey(request.ip), usernameKey(username)], at);

    let failed = false;
    try {
      const user = await findUserByUsername(db, username);
      // Unknown users are checked against a dummy hash, so both failures take the same work.
      const matches = await verifyPassword(password, user?.password_hash ?? await dummyPasswordHash());
      if (!user || !matches || Number(user.disabled) !== 0) {
        failed = true;
        throw new AuthError(401, INVALID_CREDENTIALS);
      }
      await attempts.clear(usernameKey(username));
      await deleteExpiredSessions(db, at);
      const token = await openSession(db, user.id, limits, at);
      return { token, user: { id: user.id, username: user.username, name: user.name, email: user.email }, message: 'Login successful' };
    } finally {
      // only a wrong password keeps its count: a success or a full hashing queue gives it back
      if (!failed) await reservation.release();
    }
  });

  app.post('/api/logout', { onRequest: app.authenticate }, async (request) => {
    if (request.sessionId !== undefined) await revokeSession(db, request.sessionId);
    return { message: 'You have been successfully logged out.' };
  });

  registerAccountRoutes(app, { attempts, now });
}

export default fp(authPlugin, { name: 'bursary-auth', fastify: '5.x' });
