import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts';
import { AuthError, INVALID_CREDENTIALS } from './errors.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { dummyPasswordHash, limitHashing, typicalHashMs, verifyPassword } from './password.ts';
import { UnknownUserBudget } from './unknown-user-budget.ts';
import { deleteExpiredSessions, findLiveSession, openSession, revokeSession, type SessionLimits } from './sessions.ts';
import type { Clock } from '../lib/clock.ts';
import { SignInAttempts, addressKey, codeKey, passwordKeys, passwordKeysToClear } from './throttle.ts';
import { bearerToken } from './tokens.ts';
import { findUserById, findUserByUsername, publicUser, type UserRow } from './users.ts';
import { challengedUserId, closeChallenge, openChallenge } from './mfa-challenges.ts';
import { loginBody, loginCodeBody, parseBody } from './account-input.ts';
import { SecondFactor } from './second-factor.ts';
import { SecretBox } from './secret-box.ts';
import { DEVICE_COOKIE, DeviceTokens, deviceCookie, readCookie } from './device-tokens.ts';
import type { AuthUser } from './types.ts';
import './types.ts';
import { documented } from '../lib/api-doc.ts';
import { schemas } from './plugin-schemas.ts';

export interface AuthPluginOptions {
  /** The clock sessions and the throttle read; tests move it instead of sleeping. */
  now?: Clock;
}

const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const CHANGE_PASSWORD_FIRST =
  'You signed in with a temporary password. Choose a new one (PUT /api/me/password) before doing anything else.';
const SET_UP_2FA_FIRST =
  'Two-factor sign-in is required for your account. Set it up (POST /api/me/totp, then PUT /api/me/totp) before doing anything else.';
const CHALLENGE_ENDED = 'This sign-in has expired. Please sign in again.';
const WRONG_CODE = 'The code is not correct';
/**
 * Dummy hashes for unknown usernames per hashing slot and window, all addresses together: fewer
 * than the hashing queue holds, so made-up names alone can never fill it.
 */
const UNKNOWN_USER_HASHES_PER_SLOT = 2;
const UNKNOWN_USER_WINDOW_MS = 10_000;

/** Until a temporary password is changed or a required second factor is set up, only the routes that do so are open. */
function refuseUnfinishedAccount(user: AuthUser, accountSetup: boolean | undefined): void {
  if (accountSetup) return;
  if (user.must_change_password) throw new ForbiddenError(CHANGE_PASSWORD_FIRST);
  if (user.must_set_up_2fa) throw new ForbiddenError(SET_UP_2FA_FIRST);
}
async function authPlugin(app: FastifyInstance, opts: AuthPluginOptions) {
  const now = opts.now ?? (() => new Date());
  const { db, config } = app;
  const limits: SessionLimits = {
    absoluteMinutes: config.sessionAbsoluteMinutes,
    idleMinutes: config.sessionIdleMinutes,
  };
  const attempts = new SignInAttempts(db, {
    maxFailures: config.loginMaxFailures,
    addressMaxFailures: config.loginAddressMaxFailures,
    windowMinutes: config.loginWindowMinutes,
  });
  limitHashing(config.hashConcurrency);
  const unknownUsers = new UnknownUserBudget(
    config.hashConcurrency * UNKNOWN_USER_HASHES_PER_SLOT,
    UNKNOWN_USER_WINDOW_MS,
  );
  // started now, so the first unknown-user sign-in costs no more than the others; not awaited: it
  // runs on the thread pool (about 128 MiB, a few hundred ms) while the server starts listening
  dummyPasswordHash().catch(() => {});

  const secretBox = new SecretBox({ secretKey: config.secretKey, dataDir: config.dataDir });
  const secondFactor = new SecondFactor(db, secretBox, now);
  const devices = new DeviceTokens(db, (data) => secretBox.sign(data));
  const deviceCookieOf = (request: FastifyRequest) => readCookie(request.headers.cookie, DEVICE_COOKIE);
  const toPublic = (row: Parameters<typeof publicUser>[0]) => publicUser(row, config.require2fa);

  /**
   * The session a right sign-in opens (named by the browser that asked for it), and what the
   * sign-in answers. A browser that is not yet a known device of this user becomes one.
   */
  const signIn = async (user: UserRow, at: Date, request: FastifyRequest, reply: FastifyReply) => {
    await deleteExpiredSessions(db, limits, at);
    const cookie = deviceCookieOf(request);
    if (await devices.recognise(cookie, user.id, at)) await devices.touch(cookie, at);
    else reply.header('set-cookie', deviceCookie(await devices.issue(user.id, at), request.protocol === 'https'));
    const token = await openSession(db, user.id, limits, at, request.headers['user-agent']);
    await db.updateTable('users').set({ last_login_at: at.toISOString() }).where('id', '=', user.id).execute();
    return { token, user: toPublic(user), message: 'Login successful' };
  };

  app.decorateRequest('user', undefined);
  app.decorateRequest('sessionId', undefined);

  // Uses neither body nor params: it runs as an onRequest hook, before any body is read or lookup made.
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new UnauthorizedError();
    const live = await findLiveSession(db, token, limits, now());
    if (!live) throw new UnauthorizedError(SESSION_ENDED);
    request.user = toPublic(live.user);
    request.sessionId = live.sessionId;
    refuseUnfinishedAccount(request.user, request.routeOptions.config.accountSetup);
  });

  app.post('/api/login', documented(schemas.login), async (request, reply) => {
    const at = now();
    // checked first, so only a name an account could have becomes a key in the database
    const { username, password } = parseBody(loginBody, request.body);
    const user = await findUserByUsername(db, username);
    // A known device of this user counts on its own key alone: failures spent on the username or
    // from another address do not lock it out, and its own failures lock only itself.
    const device = user ? await devices.recognise(deviceCookieOf(request), user.id, at) : undefined;
    const keys = device ? [device] : passwordKeys(request.ip, username);
    // only a wrong password keeps its count: a success or a full hashing queue gives it back
    return attempts.guard(keys, at, async (fail) => {
      // Unknown users are checked against a dummy hash, so both failures take the same work, as long
      // as the budget for them lasts (see UnknownUserBudget); past it they wait as long instead.
      const matches = user
        ? await verifyPassword(password, user.password_hash, device ? 'known-device' : 'other')
        : unknownUsers.take(at)
          ? await verifyPassword(password, await dummyPasswordHash())
          : await sleep(typicalHashMs()).then(() => false);
      if (!user || !matches || Number(user.disabled) !== 0) throw fail(new AuthError(401, INVALID_CREDENTIALS));
      // a known device clears only its own count, so the owner signing in does not hand whoever
      // spent the username's failures a fresh set of guesses
      await attempts.clear(device ? [device] : passwordKeysToClear(request.ip, username));
      if (Number(user.totp_enabled)) {
        // no session yet: the code is the second step, on POST /api/login/totp
        return {
          mfa_required: true,
          mfa_token: await openChallenge(db, user.id, at),
          message: 'Enter the code from your authenticator app, or a recovery code.',
        };
      }
      return await signIn(user, at, request, reply);
    });
  });

  app.post('/api/login/totp', documented(schemas.loginCode), async (request, reply) => {
    const at = now();
    const { mfa_token: mfaToken, code } = parseBody(loginCodeBody, request.body);
    const userId = await challengedUserId(db, mfaToken, at);
    const user = userId === undefined ? undefined : await findUserById(db, userId);
    // codes are counted like passwords, per address and per user, before they are checked
    return attempts.guard([addressKey(request.ip), ...(user ? [codeKey(user.username)] : [])], at, async (fail) => {
      if (!user || Number(user.disabled) !== 0) throw fail(new AuthError(401, CHALLENGE_ENDED));
      if (!(await secondFactor.verify(user, code)))
        throw fail(new AuthError(401, WRONG_CODE, { fields: [{ path: 'code', message: WRONG_CODE }] }));
      await attempts.clear([codeKey(user.username)]);
      // the right code twice at once opens one session: the other finds the challenge ended
      if (!(await closeChallenge(db, mfaToken, at))) throw new AuthError(401, CHALLENGE_ENDED);
      return await signIn(user, at, request, reply);
    });
  });

  app.post(
    '/api/logout',
    documented(schemas.logout, { onRequest: app.authenticate, config: { accountSetup: true } }),
    async (request) => {
      if (request.sessionId !== undefined) await revokeSession(db, request.sessionId);
      return { message: 'You have been successfully logged out.' };
    },
  );

  app.decorate('signInChecks', { attempts, now, secondFactor });
}

export default fp(authPlugin, { name: 'bursary-auth', fastify: '5.x' });
