import type { FastifyInstance } from 'fastify';
import type { Clock } from './sessions.ts';
import { verifyPassword, newPasswordProblem } from './password.ts';
import { addressKey, usernameKey, type SignInAttempts } from './throttle.ts';
import { findUserByUsername, setPassword } from './users.ts';
import { AuthError, invalidInput } from './errors.ts';

interface AccountDeps { attempts: SignInAttempts; now: Clock }

function passwordChange(body: unknown): { current: string; next: string } {
  const record = typeof body === 'object' && body !== null ? body as Record<string, unknown> : {};
  const fields: { path: string; message: string }[] = [];
  const current = record.current_password;
  const next = record.new_password;
  if (typeof current !== 'string' || current === '' || current.length > 1024) {
    fields.push({ path: 'current_password', message: 'current_password is required' });
  }
  if (typeof next !== 'string' || next === '') fields.push({ path: 'new_password', message: 'new_password is required' });
  else {
    const problem = newPasswordProblem(next);
    if (problem) fields.push({ path: 'new_password', message: problem });
  }
  if (fields.length > 0) throw invalidInput(fields);
  return { current: current as string, next: next as string };
}

/** The signed-in user's own account: who am I, and change my password. */
export function registerAccountRoutes(app: FastifyInstance, { attempts, now }: AccountDeps) {
  const { db } = app;

  app.get('/api/me', { onRequest: app.authenticate }, async (request) => request.user);

  app.put('/api/me/password', { onRequest: app.authenticate }, async (request) => {
    const signedIn = request.user;
    if (!signedIn) throw new AuthError(401, 'Authentication required. Please sign in.');
    // a stolen token must not become an unlimited password oracle: same counters as sign-in
    const reservation = await attempts.reserve([addressKey(request.ip), usernameKey(signedIn.username)], now());
    let failed = false;
    try {
      const { current, next } = passwordChange(request.body);
      const user = await findUserByUsername(db, signedIn.username);
      if (!user || !(await verifyPassword(current, user.password_hash))) {
        failed = true;
        const message = 'The current password is not correct';
        throw new AuthError(400, message, { fields: [{ path: 'current_password', message }] });
      }
      if (current === next) {
        const message = 'The new password must differ from the current one';
        throw new AuthError(400, message, { fields: [{ path: 'new_password', message }] });
      }
      await setPassword(db, user.id, next, request.sessionId);
    } finally {
      // only a wrong current password keeps its count
      if (!failed) await reservation.release();
    }
    return { message: 'Password changed. Your other sessions have been signed out.' };
  });
}
