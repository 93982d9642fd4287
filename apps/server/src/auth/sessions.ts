import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { planIndependent } from '../db/plan-independent.ts';
import type { AccountRow } from './users.ts';
import { hashToken } from './tokens.ts';
import { TokenStore, deadline } from './token-store.ts';

export interface SessionLimits {
  absoluteMinutes: number;
  idleMinutes: number;
}

const MINUTE = 60_000;
/** last_seen_at is refreshed at most this often, to spare a write on every request. */
const TOUCH_INTERVAL_MS = MINUTE;

/** Enough to name any real browser; a longer header is cut, so a client cannot fill the table. */
export const USER_AGENT_MAX_LENGTH = 512;

/** The User-Agent as stored: bounded, without NUL (PostgreSQL text refuses it), null when absent or blank. */
export function storedUserAgent(header: string | undefined): string | null {
  const value = header?.replaceAll('\u0000', '').trim();
  // cut by characters, not UTF-16 units, so no half of a pair is stored
  return value ? Array.from(value).slice(0, USER_AGENT_MAX_LENGTH).join('') : null;
}

/**
 * Sessions live until their absolute deadline; the idle limit is read from last_seen_at by findLiveSession,
 * which every signed-in request runs as a prepared statement of its own.
 */
const sessionTokens = (limits: SessionLimits) => new TokenStore('sessions', deadline(limits.absoluteMinutes * MINUTE));

export async function openSession(
  db: Kysely<Database>,
  userId: number,
  limits: SessionLimits,
  now: Date,
  userAgent?: string,
): Promise<string> {
  const { token } = await sessionTokens(limits).issue(
    db,
    {
      user_id: userId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      user_agent: storedUserAgent(userAgent),
    },
    now,
  );
  return token;
}

export interface LiveSession {
  sessionId: number;
  user: AccountRow;
}

/** Every signed-in request runs it. */
const sessionByTokenHash = preparedQuery((db: Kysely<Database>, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.id',
      'users.username',
      'users.name',
      'users.email',
      'users.disabled',
      'users.role',
      'users.must_change_password',
      'users.totp_enabled',
    ])
    .where('sessions.token_hash', '=', planIndependent(db, tokenHash)),
);

/**
 * The session a token opened, if it is still live: not revoked, within its absolute and idle
 * limits, and its user not disabled. A dead session found on the way is deleted.
 */
export async function findLiveSession(
  db: Kysely<Database>,
  token: string,
  limits: SessionLimits,
  now: Date,
): Promise<LiveSession | undefined> {
  const [row] = (await sessionByTokenHash(db, hashToken(token))).rows;
  if (!row) return undefined;
  const lastSeen = Date.parse(row.last_seen_at);
  const idleDeadline = lastSeen + limits.idleMinutes * MINUTE;
  const dead =
    Number(row.disabled) !== 0 || now.getTime() >= Date.parse(row.expires_at) || now.getTime() >= idleDeadline;
  if (dead) {
    await db.deleteFrom('sessions').where('id', '=', row.session_id).execute();
    return undefined;
  }
  if (now.getTime() - lastSeen >= TOUCH_INTERVAL_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now.toISOString() })
      .where('id', '=', row.session_id)
      .execute();
  }
  return {
    sessionId: row.session_id,
    user: {
      id: row.id,
      username: row.username,
      name: row.name,
      email: row.email,
      role: row.role,
      must_change_password: row.must_change_password,
      totp_enabled: row.totp_enabled,
    },
  };
}

export async function revokeSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Drops sessions past their absolute expiry; called now and then so the table stays small. */
export async function deleteExpiredSessions(db: Kysely<Database>, limits: SessionLimits, now: Date): Promise<void> {
  await sessionTokens(limits).deleteExpired(db, now);
}

/** A user's sessions, newest first, for "where am I signed in". */
export async function listSessions(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'user_agent'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Ends every session of the user except `keepSessionId`; answers how many ended. */
export async function endSessions(db: Kysely<Database>, userId: number, keepSessionId?: number): Promise<number> {
  let ending = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId !== undefined) ending = ending.where('id', '!=', keepSessionId);
  const result = await ending.executeTakeFirst();
  return Number(result.numDeletedRows);
}
