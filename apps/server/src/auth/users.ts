import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { Role } from '@bursary/shared';
import type { AuthUser } from './types.ts';
import type { TwoFactorRequirement } from '../config/config.ts';
import { dialectOf } from '../db/dialect.ts';
import { retryWhenBusy } from '../db/write-transaction.ts';
import { ConflictError } from '../lib/errors.ts';
import { hashPassword, newPasswordProblem } from './password.ts';
import { endPreviewTokensOnLoss } from './issuer-tokens.ts';

/**
 * User accounts, shared by the sign-in routes, the first-user bootstrap and the user CLI.
 * Usernames are compared case-insensitively and without surrounding spaces, everywhere.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;

export class UserInputError extends Error {}

function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** What the server reads of a user on every signed-in request. */
export interface AccountRow {
  id: number;
  username: string;
  name: string;
  email: string | null;
  role: Role;
  must_change_password: number;
  totp_enabled: number;
}

export interface UserRow extends AccountRow {
  password_hash: string;
  disabled: number;
  created_at: string;
}

const ACCOUNT_COLUMNS = ['id', 'username', 'name', 'email', 'role', 'must_change_password', 'totp_enabled'] as const;

/** The user as the API shows it to the user: what they are, and what they must still do. */
export function publicUser(row: AccountRow, requirement: TwoFactorRequirement): AuthUser {
  const twoFactor = Number(row.totp_enabled) !== 0;
  const required = requirement === 'all' || (requirement === 'admins' && row.role === 'admin');
  return {
    id: Number(row.id),
    username: row.username,
    name: row.name,
    email: row.email,
    role: row.role,
    two_factor: twoFactor,
    must_change_password: Number(row.must_change_password) !== 0,
    must_set_up_2fa: required && !twoFactor,
  };
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .select([...ACCOUNT_COLUMNS, 'password_hash', 'disabled', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .select([...ACCOUNT_COLUMNS, 'password_hash', 'disabled', 'created_at'])
    .where(sql<string>`lower(username)`, '=', normaliseUsername(username))
    .executeTakeFirst();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listUsers(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'email', 'role', 'disabled', 'totp_enabled', 'last_login_at', 'created_at'])
    .orderBy('id')
    .execute();
}

export async function createUser(
  db: Kysely<Database>,
  input: {
    username: string;
    password: string;
    name?: string | undefined;
    email?: string | undefined;
    /** `editor` unless said. */
    role?: Role | undefined;
    temporary?: boolean;
  },
): Promise<{ id: number; username: string }> {
  const username = input.username.trim();
  if (!USERNAME_PATTERN.test(username)) {
    throw new UserInputError(
      'A username is 1 to 64 letters, digits, dots, dashes, underscores or @, starting with a letter or digit',
    );
  }
  const problem = newPasswordProblem(input.password);
  if (problem) throw new UserInputError(problem);
  if (await findUserByUsername(db, username)) throw new UserInputError(`A user named "${username}" already exists`);
  const now = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({
      username,
      name: input.name?.trim() || username,
      email: input.email?.trim() || null,
      password_hash: await hashPassword(input.password),
      disabled: 0,
      role: input.role ?? 'editor',
      must_change_password: input.temporary ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'username'])
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), username: row.username };
}

/**
 * Sets a new password and ends every session of the user except `keepSessionId` (ASVS 3.3.3).
 * A temporary one (an administrator's reset) must be changed at the next sign-in.
 */
export async function setPassword(
  db: Kysely<Database>,
  userId: number,
  password: string,
  keepSessionId?: number,
  temporary = false,
): Promise<void> {
  const problem = newPasswordProblem(password);
  if (problem) throw new UserInputError(problem);
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: hash, must_change_password: temporary ? 1 : 0, updated_at: new Date().toISOString() })
      .where('id', '=', userId)
      .execute();
    let ending = trx.deleteFrom('sessions').where('user_id', '=', userId);
    if (keepSessionId !== undefined) ending = ending.where('id', '!=', keepSessionId);
    await ending.execute();
  });
}

const LAST_ADMIN =
  'This is the last active administrator: make another user an administrator first, or the fund would have nobody who can manage users.';

/**
 * 409 when the change leaves no active administrator (the API and the shell alike). The active
 * admins are locked first on PostgreSQL, so two administrators demoting each other at once cannot
 * both pass; SQLite runs one write transaction at a time. Call it inside the change's transaction.
 */
export async function keepAnAdmin(
  trx: Kysely<Database>,
  user: { id: number; role: Role; disabled: number },
  next: { role: Role; disabled: boolean },
): Promise<void> {
  const wasActiveAdmin = user.role === 'admin' && Number(user.disabled) === 0;
  if (!wasActiveAdmin || (next.role === 'admin' && !next.disabled)) return;
  // every change of an administrator locks all active administrators' rows, the target's among
  // them, in id order: two such changes then wait for each other instead of deadlocking
  let admins = trx.selectFrom('users').select('id').where('role', '=', 'admin').where('disabled', '=', 0).orderBy('id');
  if (dialectOf(trx) === 'postgres') admins = admins.forUpdate();
  if ((await admins.execute()).every((row) => Number(row.id) === user.id)) throw new ConflictError(LAST_ADMIN);
}

/** A new role, from the next request on; never the last active administrator's. */
export async function setRole(
  db: Kysely<Database>,
  user: { id: number; role: Role; disabled: number },
  role: Role,
): Promise<void> {
  await retryWhenBusy(() =>
    db.transaction().execute(async (trx) => {
      await keepAnAdmin(trx, user, { role, disabled: Number(user.disabled) !== 0 });
      const at = new Date().toISOString();
      await trx.updateTable('users').set({ role, updated_at: at }).where('id', '=', user.id).execute();
      await endPreviewTokensOnLoss(trx, user.id, { role, disabled: Number(user.disabled) !== 0 }, at);
    }),
  );
}

/** Disables the account and ends all its sessions at once; never the last active administrator. */
export async function disableUser(
  db: Kysely<Database>,
  user: { id: number; role: Role; disabled: number },
): Promise<void> {
  const userId = user.id;
  await retryWhenBusy(() =>
    db.transaction().execute(async (trx) => {
      await keepAnAdmin(trx, user, { role: user.role, disabled: true });
      const at = new Date().toISOString();
      await trx.updateTable('users').set({ disabled: 1, updated_at: at }).where('id', '=', userId).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      await endPreviewTokensOnLoss(trx, userId, { role: user.role, disabled: true }, at);
    }),
  );
}

/** 18 random bytes: 24 base64url characters, 144 bits; shown once, to be changed at the first sign-in. */
export function temporaryPassword(): string {
  return randomBytes(18).toString('base64url');
}
