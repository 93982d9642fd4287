import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { hashToken, newToken } from './tokens.ts';

/** A right password leaves this long to type the code; then the sign-in starts again. */
const CHALLENGE_MINUTES = 5;

/** The first step of a two-step sign-in: a token naming the user whose password was right, and nothing more. */
export async function openChallenge(db: Kysely<Database>, userId: number, now: Date): Promise<string> {
  const token = newToken();
  await db.deleteFrom('mfa_challenges').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('mfa_challenges')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000).toISOString(),
    })
    .execute();
  return token;
}

/** The user a live challenge names, if any. */
export async function challengedUserId(db: Kysely<Database>, token: string, now: Date): Promise<number | undefined> {
  const row = await db
    .selectFrom('mfa_challenges')
    .select(['user_id', 'expires_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= now.getTime()) return undefined;
  return Number(row.user_id);
}

export async function closeChallenge(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('mfa_challenges').where('token_hash', '=', hashToken(token)).execute();
}
