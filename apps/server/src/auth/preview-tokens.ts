import type { Db } from '../db/types.ts';
import { hashToken } from './tokens.ts';

/** base64url of 32 random bytes, unpadded: anything else is refused before the database is asked. */
const PREVIEW_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The preview token a read names, while it is live: its hash is stored, it was not revoked and it
 * has not expired. Undefined for anything else, so every refusal reads the same to the caller.
 */
export async function findLivePreviewToken(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<{ id: number; expires_at: string } | undefined> {
  if (!PREVIEW_TOKEN_PATTERN.test(token)) return undefined;
  const row = await db
    .selectFrom('preview_tokens')
    .select(['id', 'expires_at'])
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row && { id: Number(row.id), expires_at: row.expires_at };
}
