import type { FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../lib/clock.ts';
import { documented } from '../lib/api-doc.ts';
import { loginBody, parseBody } from './account-input.ts';
import type { DeviceTokens } from './device-tokens.ts';
import { AuthError, INVALID_CREDENTIALS } from './errors.ts';
import { dummyPasswordHash, typicalHashMs, verifyPassword } from './password.ts';
import { schemas } from './plugin-schemas.ts';
import { deviceCookieOf } from './sign-in.ts';
import { type SignInAttempts, passwordKeys, passwordKeysToClear } from './throttle.ts';
import { UnknownUserBudget } from './unknown-user-budget.ts';
import { findUserByUsername } from './users.ts';

/**
 * Dummy hashes for unknown usernames per hashing slot and window, all addresses together: fewer
 * than the hashing queue holds, so made-up names alone can never fill it.
 */
const UNKNOWN_USER_HASHES_PER_SLOT = 2;
const UNKNOWN_USER_WINDOW_MS = 10_000;

export interface PasswordSignInOptions {
  attempts: SignInAttempts;
  devices: DeviceTokens;
  now: Clock;
}

/** POST /api/login: a username and password prove who one is, then app.signIn signs them in. */
export function registerPasswordSignIn(app: FastifyInstance, { attempts, devices, now }: PasswordSignInOptions) {
  const { db, config } = app;
  const unknownUsers = new UnknownUserBudget(
    config.hashConcurrency * UNKNOWN_USER_HASHES_PER_SLOT,
    UNKNOWN_USER_WINDOW_MS,
  );

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
      const wrong = () => fail(new AuthError(401, INVALID_CREDENTIALS));
      // Unknown users are checked against a dummy hash, so both failures take the same work, as long
      // as the budget for them lasts (see UnknownUserBudget); past it they wait as long instead.
      const matches = user
        ? await verifyPassword(password, user.password_hash, device ? 'known-device' : 'other')
        : unknownUsers.take(at)
          ? await verifyPassword(password, await dummyPasswordHash())
          : await sleep(typicalHashMs()).then(() => false);
      if (!user || !matches) throw wrong();
      return await app.signIn.proven(
        {
          user,
          at,
          // a disabled user's right password reads as a wrong one, and counts as one
          refuse: wrong,
          // a known device clears only its own count, so the owner signing in does not hand whoever
          // spent the username's failures a fresh set of guesses
          clears: device ? [device] : passwordKeysToClear(request.ip, username),
        },
        request,
        reply,
      );
    });
  });
}
