import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { AuthUser } from './types.ts';
import { hashPassword, newPasswordProblem } from './password.ts';

/**
 * User accounts, shared by the sign-in routes, the first-user bootstrap and the user CLI.
 * Usernames are compared case-insensitively and without surrounding spaces, everywhere.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;

export class UserInputError extends Error {}

export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

export interface UserRow extends AuthUser { password_hash: string; disabled: number; created_at: string }

export async function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users')
    .select(['id', 'username', 'name', 'email', 'password_hash', 'disabled', 'created_at'])
    .where(sql<string>`lower(username)`, '=', normaliseUsername(username))
    .executeTakeFirst();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listUsers(db: Kysely<Database>) {
  return db.selectFrom('users')
    .select(['id', 'username', 'name', 'email', 'disabled', 'created_at'])
    .orderBy('id')
    .execute();
}

export async function createUser(db: Kysely<Database>, input: {
  username: string; password: string; name?: string | undefined; email?: string | undefined;
}): Promise<AuthUser> {
  const username = input.username.trim();
  if (!USERNAME_PATTERN.test(username)) {
    throw new UserInputError('A username is 1 to 64 letters, digits, dots, dashes, underscores or @, starting with a letter or digit');
  }
  const problem = newPasswordProblem(input.password);
  if (problem) throw new UserInputError(problem);
  if (await findUserByUsername(db, username)) throw new UserInputError(`A user named "${username}" already exists`);
  const now = new Date().toISOString();
  const row = await db.insertInto('users').values({
    username,
    name: input.name?.trim() || username,
    email: input.email?.trim() || null,
    password_hash: await hashPassword(input.password),
    disabled: 0,
    created_at: now,
    updated_at: now,
  }).returning(['id', 'username', 'name', 'email']).executeTakeFirstOrThrow();
  return row;
}

/** Sets a new password and ends every session of the user except `keepSessionId` (ASVS 3.3.3). */
export async function setPassword(db: Kysely<Database>, userId: number, password: string, keepSessionId?: number): Promise<void> {
  const problem = newPasswordProblem(password);
  if (problem) throw new UserInputError(problem);
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: hash, updated_at: new Date().toISOString() }).where('id', '=', userId).execute();
    let ending = trx.deleteFrom('sessions').where('user_id', '=', userId);
    if (keepSessionId !== undefined) ending = ending.where('id', '!=', keepSessionId);
    await ending.execute();
  });
}

/** Disables the account and ends all its sessions at once. */
export async function disableUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ disabled: 1, updated_at: new Date().toISOString() }).where('id', '=', userId).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  });
}
