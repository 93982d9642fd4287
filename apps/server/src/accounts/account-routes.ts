import type { FastifyInstance } from 'fastify';
import { endSessions, listSessions } from '../auth/sessions.ts';
import type { Clock } from '../lib/clock.ts';
import { verifyPassword, newPasswordProblem } from '../auth/password.ts';
import { passwordKeys, type SignInAttempts } from '../auth/throttle.ts';
import { findUserByUsername, setPassword } from '../auth/users.ts';
import { AuthError, invalidInput } from '../auth/errors.ts';
import { parseBody, profileBody, storedEmail } from '../auth/account-input.ts';
import { logAccountChange } from './account-log.ts';
import { signedIn } from '../auth/signed-in.ts';
import { documented } from '../lib/api-doc.ts';
import { schemas } from './account-routes-schemas.ts';

interface AccountDeps {
  attempts: SignInAttempts;
  now: Clock;
}

function passwordChange(body: unknown): { current: string; next: string } {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const fields: { path: string; message: string }[] = [];
  const current = record.current_password;
  const next = record.new_password;
  if (typeof current !== 'string' || current === '' || current.length > 1024) {
    fields.push({ path: 'current_password', message: 'current_password is required' });
  }
  if (typeof next !== 'string' || next === '')
    fields.push({ path: 'new_password', message: 'new_password is required' });
  else {
    const problem = newPasswordProblem(next);
    if (problem) fields.push({ path: 'new_password', message: problem });
  }
  if (fields.length > 0) throw invalidInput(fields);
  return { current: current as string, next: next as string };
}

/** The signed-in user's own account, whatever the role: who am I, my name and email, my password, my sessions. */
export function registerAccountRoutes(app: FastifyInstance, { attempts, now }: AccountDeps) {
  const { db } = app;
  const own = { onRequest: app.authenticate };
  /** Open while a temporary password or a required second factor is pending: the way out of it. */
  const setUp = { onRequest: app.authenticate, config: { accountSetup: true } };

  app.get('/api/me', documented(schemas.me, setUp), async (request) => request.user);

  app.patch('/api/me', documented(schemas.profile, own), async (request) => {
    const user = signedIn(request);
    const change = parseBody(profileBody, request.body);
    const email = storedEmail(change.email);
    if (change.name !== undefined || email !== undefined) {
      const at = now().toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({
            ...(change.name !== undefined ? { name: change.name } : {}),
            ...(email !== undefined ? { email } : {}),
            updated_at: at,
          })
          .where('id', '=', user.id)
          .execute();
        await logAccountChange(trx, user, user, 'update', `User "${user.username}" updated their name or email`, at);
      });
    }
    return {
      ...user,
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(email !== undefined ? { email } : {}),
    };
  });

  app.get('/api/me/sessions', documented(schemas.sessions, own), async (request) => {
    const user = signedIn(request);
    const rows = await listSessions(db, user.id);
    return rows.map((row) => ({ ...row, id: Number(row.id), current: Number(row.id) === request.sessionId }));
  });

  app.delete('/api/me/sessions', documented(schemas.endOtherSessions, own), async (request) => {
    const user = signedIn(request);
    const ended = await endSessions(db, user.id, request.sessionId);
    return {
      message: ended === 1 ? 'Signed out of 1 other session.' : `Signed out of ${ended} other sessions.`,
      ended,
    };
  });

  app.put('/api/me/password', documented(schemas.password, setUp), async (request) => {
    const signedIn = request.user;
    if (!signedIn) throw new AuthError(401, 'Authentication required. Please sign in.');
    // a stolen token must not become an unlimited password oracle: same counters as sign-in
    // only a wrong current password keeps its count
    await attempts.guard(passwordKeys(request.ip, signedIn.username), now(), async (fail) => {
      const { current, next } = passwordChange(request.body);
      const user = await findUserByUsername(db, signedIn.username);
      if (!user || !(await verifyPassword(current, user.password_hash))) {
        const message = 'The current password is not correct';
        throw fail(new AuthError(400, message, { fields: [{ path: 'current_password', message }] }));
      }
      if (current === next) {
        const message = 'The new password must differ from the current one';
        throw new AuthError(400, message, { fields: [{ path: 'new_password', message }] });
      }
      await setPassword(db, user.id, next, request.sessionId);
    });
    return { message: 'Password changed. Your other sessions have been signed out.' };
  });
}
