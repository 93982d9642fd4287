import type { FastifyInstance } from 'fastify';
import { ConflictError } from '../lib/errors.ts';
import { codeBody, parseBody, totpOffBody } from '../auth/account-input.ts';
import { logAccountChange } from './account-log.ts';
import { signedIn } from '../auth/signed-in.ts';
import { AuthError } from '../auth/errors.ts';
import { verifyPassword } from '../auth/password.ts';
import type { SecondFactor } from '../auth/second-factor.ts';
import type { Clock } from '../lib/clock.ts';
import { addressKey, codeKey, passwordKeys, type SignInAttempts } from '../auth/throttle.ts';
import { findUserById } from '../auth/users.ts';
import { documented } from '../lib/api-doc.ts';
import { schemas } from './two-factor-routes-schemas.ts';

interface TwoFactorDeps {
  attempts: SignInAttempts;
  now: Clock;
  secondFactor: SecondFactor;
}

const WRONG_CODE = 'The code is not correct';
const WRONG_PASSWORD = 'The password is not correct';
const wrong = (path: string, message: string) => new AuthError(400, message, { fields: [{ path, message }] });

/** The signed-in user's second factor: start, confirm (answers the recovery codes once), turn off. */
export function registerTwoFactorRoutes(app: FastifyInstance, { attempts, now, secondFactor }: TwoFactorDeps) {
  const { db } = app;
  // open while REQUIRE_2FA waits for it (or a temporary password is pending): this is how it is set up
  const setUp = { onRequest: app.authenticate, config: { accountSetup: true } };

  app.post('/api/me/totp', documented(schemas.begin, setUp), async (request) => {
    const { secret, uri } = await secondFactor.begin(signedIn(request));
    return { secret, uri, message: 'Add this account to your authenticator app, then confirm with a code from it.' };
  });

  app.put('/api/me/totp', documented(schemas.confirm, setUp), async (request) => {
    const user = signedIn(request);
    const { code } = parseBody(codeBody, request.body);
    return attempts.guard([addressKey(request.ip), codeKey(user.username)], now(), async (fail) => {
      const recoveryCodes = await secondFactor.confirm(user, code.trim());
      if (!recoveryCodes) throw fail(wrong('code', WRONG_CODE));
      await logAccountChange(
        db,
        user,
        user,
        'update',
        `Two-factor sign-in turned on for "${user.username}"`,
        now().toISOString(),
      );
      return {
        recovery_codes: recoveryCodes,
        message:
          'Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once, and they are not shown again.',
      };
    });
  });

  app.delete('/api/me/totp', documented(schemas.turnOff, { onRequest: app.authenticate }), async (request) => {
    const user = signedIn(request);
    const { password, code } = parseBody(totpOffBody, request.body);
    if (!user.two_factor) throw new ConflictError('Two-factor sign-in is not on.');
    // both secrets are checked, so a stolen token alone cannot weaken the account: counted like sign-ins
    // wrong codes are counted on the code count too: a right password elsewhere clears the username's count, not that
    // one
    return attempts.guard([...passwordKeys(request.ip, user.username), codeKey(user.username)], now(), async (fail) => {
      const row = await findUserById(db, user.id);
      if (!row || !(await verifyPassword(password, row.password_hash))) throw fail(wrong('password', WRONG_PASSWORD));
      if (!(await secondFactor.verify(user, code))) throw fail(wrong('code', WRONG_CODE));
      await secondFactor.turnOff(user.id);
      await logAccountChange(
        db,
        user,
        user,
        'update',
        `Two-factor sign-in turned off for "${user.username}"`,
        now().toISOString(),
      );
      return { message: 'Two-factor sign-in is off.' };
    });
  });
}
