import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts';
import { dummyPasswordHash, limitHashing } from './password.ts';
import { findLiveSession, revokeSession, type SessionLimits } from './sessions.ts';
import type { Clock } from '../lib/clock.ts';
import { SignInAttempts } from './throttle.ts';
import { bearerToken } from './tokens.ts';
import { publicUser } from './users.ts';
import { loginCodeBody, parseBody } from './account-input.ts';
import { SecondFactor } from './second-factor.ts';
import { SecretBox } from './secret-box.ts';
import { DeviceTokens } from './device-tokens.ts';
import { SignIn } from './sign-in.ts';
import { registerPasswordSignIn } from './password-sign-in.ts';
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
  // started now, so the first unknown-user sign-in costs no more than the others; not awaited: it
  // runs on the thread pool (about 128 MiB, a few hundred ms) while the server starts listening
  dummyPasswordHash().catch(() => {});

  const secretBox = new SecretBox({ secretKey: config.secretKey, dataDir: config.dataDir });
  const secondFactor = new SecondFactor(db, secretBox, now);
  const devices = new DeviceTokens(db, (data) => secretBox.sign(data));
  const signIn = new SignIn({ db, limits, attempts, devices, secondFactor, require2fa: config.require2fa });

  app.decorateRequest('user', undefined);
  app.decorateRequest('sessionId', undefined);

  // Uses neither body nor params: it runs as an onRequest hook, before any body is read or lookup made.
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new UnauthorizedError();
    const live = await findLiveSession(db, token, limits, now());
    if (!live) throw new UnauthorizedError(SESSION_ENDED);
    request.user = publicUser(live.user, config.require2fa);
    request.sessionId = live.sessionId;
    refuseUnfinishedAccount(request.user, request.routeOptions.config.accountSetup);
  });
  app.decorate('signIn', signIn);

  registerPasswordSignIn(app, { attempts, devices, now });

  app.post('/api/login/totp', documented(schemas.loginCode), async (request, reply) => {
    const { mfa_token: mfaToken, code } = parseBody(loginCodeBody, request.body);
    return signIn.withCode(mfaToken, code, now(), request, reply);
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
