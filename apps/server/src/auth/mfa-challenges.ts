import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { TokenStore, deadline } from './token-store.ts';

/** A right password leaves this long to type the code; then the sign-in starts again. */
const CHALLENGE_MINUTES = 5;

const challenges = new TokenStore('mfa_challenges', deadline(CHALLENGE_MINUTES * 60_000));

/** The first step of a two-step sign-in: a token naming the user whose password was right, and nothing more. */
export async function openChallenge(db: Kysely<Database>, userId: number, now: Date): Promise<string> {
  await challenges.deleteExpired(db, now);
  return (await challenges.issue(db, { user_id: userId }, now)).token;
}

/** The user a live challenge names, if any; a wrong code leaves the challenge open for another try. */
export async function challengedUserId(db: Kysely<Database>, token: string, now: Date): Promise<number | undefined> {
  const row = await challenges.find(db, token, now);
  return row && Number(row.user_id);
}

/**
 * The right code ends the challenge: true for the one request that ended it, false when another presenting the
 * same challenge got there first (or it expired meanwhile), so one challenge opens one session at most.
 */
export async function closeChallenge(db: Kysely<Database>, token: string, now: Date): Promise<boolean> {
  return (await challenges.consume(db, token, now)) !== undefined;
}
