import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { retryWhenBusy } from '../db/write-transaction.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import { parseParams } from '../lib/params.ts';
import { newUserBody, parseBody, storedEmail, userChangeBody } from '../auth/account-input.ts';
import { logAccountChange } from './account-log.ts';
import { signedIn } from '../auth/signed-in.ts';
import { requirePermission } from '../auth/permissions.ts';
import type { SecondFactor } from '../auth/second-factor.ts';
import { endSessions } from '../auth/sessions.ts';
import { endPreviewTokensOnLoss } from '../auth/issuer-tokens.ts';
import type { Clock } from '../lib/clock.ts';
import {
  createUser,
  findUserById,
  findUserByUsername,
  keepAnAdmin,
  listUsers,
  setPassword,
  temporaryPassword,
} from '../auth/users.ts';
import { documented } from '../lib/api-doc.ts';
import { schemas, userParams } from './user-routes-schemas.ts';

interface UserRoutesDeps {
  now: Clock;
  secondFactor: SecondFactor;
}

/** A user as the users API answers it: never a hash or a secret. */
type ListedUser = Awaited<ReturnType<typeof listUsers>>[number];
const wire = (u: ListedUser) => ({
  id: Number(u.id),
  username: u.username,
  name: u.name,
  email: u.email,
  role: u.role,
  disabled: Number(u.disabled) !== 0,
  two_factor: Number(u.totp_enabled) !== 0,
  last_login_at: u.last_login_at,
  created_at: u.created_at,
});

const userId = (request: FastifyRequest) => parseParams(userParams, request).id;

/**
 * One's own password and second factor change only on one's own account, which asks for the
 * current password (and a code): a stolen administrator token must not take its owner's account
 * over through the administration routes.
 */
const OWN_PASSWORD =
  'You cannot reset your own password here; change it on your Account page, which asks for your current password.';
const OWN_TWO_FACTOR =
  'You cannot turn off your own two-factor sign-in here; use your Account page, which asks for your password and a code.';

function someoneElse(request: FastifyRequest, refusal: string): number {
  const id = userId(request);
  if (id === signedIn(request).id) throw new ConflictError(refusal);
  return id;
}

async function existing(db: Kysely<Database>, id: number) {
  const user = await findUserById(db, id);
  if (!user) throw new NotFoundError('No such user.');
  return user;
}

async function listed(db: Kysely<Database>, id: number) {
  const row = (await listUsers(db)).find((u) => Number(u.id) === id);
  if (!row) throw new NotFoundError('No such user.');
  return wire(row);
}

/** The users API: administrators only; every change is in the audit log, without a secret. */
export function registerUserRoutes(app: FastifyInstance, { now, secondFactor }: UserRoutesDeps) {
  const { db } = app;
  const admin = requirePermission(app, 'users:manage');

  app.get('/api/users', documented(schemas.list, admin), async () => (await listUsers(db)).map(wire));

  app.post('/api/users', documented(schemas.add, admin), async (request, reply) => {
    const actor = signedIn(request);
    const input = parseBody(newUserBody, request.body);
    if (await findUserByUsername(db, input.username))
      throw new ConflictError(`A user named "${input.username}" already exists.`);
    const password = temporaryPassword();
    const created = await createUser(db, {
      username: input.username,
      password,
      name: input.name,
      email: storedEmail(input.email) ?? undefined,
      role: input.role,
      temporary: true,
    });
    await logAccountChange(
      db,
      actor,
      created,
      'create',
      `User "${created.username}" created (${input.role})`,
      now().toISOString(),
    );
    void reply.status(201);
    return {
      user: await listed(db, created.id),
      temporary_password: password,
      message:
        'User created. Give them this temporary password: it is shown only now, and they choose their own at the first sign-in.',
    };
  });

  app.patch('/api/users/:id', documented(schemas.change, admin), async (request) => {
    const actor = signedIn(request);
    const id = userId(request);
    const change = parseBody(userChangeBody, request.body);
    const email = storedEmail(change.email);
    const at = now().toISOString();
    await retryWhenBusy(() =>
      db.transaction().execute(async (trx) => {
        const user = await existing(trx, id);
        await keepAnAdmin(trx, user, {
          role: change.role ?? user.role,
          disabled: change.disabled ?? Number(user.disabled) !== 0,
        });
        const set = {
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(email !== undefined ? { email } : {}),
          ...(change.role !== undefined ? { role: change.role } : {}),
          ...(change.disabled !== undefined ? { disabled: change.disabled ? 1 : 0 } : {}),
        };
        if (Object.keys(set).length === 0) return;
        await trx
          .updateTable('users')
          .set({ ...set, updated_at: at })
          .where('id', '=', id)
          .execute();
        // a disabled user is signed out at once; a new role applies from the next request anyway
        if (change.disabled) await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
        await endPreviewTokensOnLoss(
          trx,
          id,
          { role: change.role ?? user.role, disabled: change.disabled ?? Number(user.disabled) !== 0 },
          at,
        );
        const what = [
          change.role !== undefined && change.role !== user.role ? `role ${user.role} → ${change.role}` : '',
          change.disabled !== undefined && change.disabled !== (Number(user.disabled) !== 0)
            ? change.disabled
              ? 'disabled'
              : 'enabled'
            : '',
          change.name !== undefined || email !== undefined ? 'name or email changed' : '',
        ]
          .filter(Boolean)
          .join(', ');
        await logAccountChange(
          trx,
          actor,
          user,
          'update',
          `User "${user.username}" updated${what ? `: ${what}` : ''}`,
          at,
        );
      }),
    );
    return listed(db, id);
  });

  app.post('/api/users/:id/reset-password', documented(schemas.resetPassword, admin), async (request) => {
    const actor = signedIn(request);
    const user = await existing(db, someoneElse(request, OWN_PASSWORD));
    const password = temporaryPassword();
    await setPassword(db, user.id, password, undefined, true);
    await logAccountChange(
      db,
      actor,
      user,
      'update',
      `Password of "${user.username}" reset; their sessions ended`,
      now().toISOString(),
    );
    return {
      temporary_password: password,
      message:
        'Password reset and the user signed out everywhere. Give them this temporary password: it is shown only now.',
    };
  });

  app.delete('/api/users/:id/sessions', documented(schemas.endSessions, admin), async (request) => {
    const actor = signedIn(request);
    const user = await existing(db, userId(request));
    const ended = await endSessions(db, user.id);
    await logAccountChange(db, actor, user, 'update', `"${user.username}" signed out everywhere`, now().toISOString());
    return { message: `"${user.username}" is signed out everywhere.`, ended };
  });

  app.delete('/api/users/:id/totp', documented(schemas.turnOffTotp, admin), async (request) => {
    const actor = signedIn(request);
    const user = await existing(db, someoneElse(request, OWN_TWO_FACTOR));
    await secondFactor.turnOff(user.id);
    await logAccountChange(
      db,
      actor,
      user,
      'update',
      `Two-factor sign-in turned off for "${user.username}" by an administrator`,
      now().toISOString(),
    );
    return {
      message: `Two-factor sign-in is off for "${user.username}". They sign in with their password alone until they set it up again.`,
    };
  });
}
