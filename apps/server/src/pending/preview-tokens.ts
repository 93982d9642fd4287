import type { Db } from '../db/types.ts';
import { rolesWith } from '@bursary/shared';
import { hashToken, newToken } from '../auth/tokens.ts';
import { PREVIEW_PERMISSION } from '../auth/issuer-tokens.ts';

/**
 * Tokens that read: not revoked, not expired, and issued by a user who still exists, is not disabled and still
 * holds a role that may create one (PREVIEW_PERMISSION). Demoting, disabling or deleting the issuer ends their tokens at once, and for good
 * (endPreviewTokensOnLoss revokes them).
 */
function liveTokens(db: Db, now: Date) {
  return db
    .selectFrom('preview_tokens')
    .innerJoin('users', 'users.username', 'preview_tokens.created_by')
    .where('preview_tokens.revoked_at', 'is', null)
    .where('preview_tokens.expires_at', '>', now.toISOString())
    .where('users.disabled', '=', 0)
    .where('users.role', 'in', rolesWith(PREVIEW_PERMISSION));
}

/** base64url of 32 random bytes, unpadded: anything else is refused before the database is asked. */
const PREVIEW_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The preview token a read names, while it is live (liveTokens). Undefined for anything else, so every refusal
 * reads the same to the caller.
 */
export async function findLivePreviewToken(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<{ id: number; expires_at: string } | undefined> {
  if (!PREVIEW_TOKEN_PATTERN.test(token)) return undefined;
  const row = await liveTokens(db, now)
    .select(['preview_tokens.id', 'preview_tokens.expires_at'])
    .where('preview_tokens.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return row && { id: Number(row.id), expires_at: row.expires_at };
}

export interface LivePreviewToken {
  id: number;
  created_by: string;
  created_at: string;
  expires_at: string;
}

/** Every token that reads now, newest first: what an administrator reviews and may revoke. */
export async function listLivePreviewTokens(db: Db, now: Date): Promise<LivePreviewToken[]> {
  const rows = await liveTokens(db, now)
    .select([
      'preview_tokens.id',
      'preview_tokens.created_by',
      'preview_tokens.created_at',
      'preview_tokens.expires_at',
    ])
    .orderBy('preview_tokens.id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** A preview shows what is not public yet: a leaked link stops working within the hour. */
const PREVIEW_TOKEN_MINUTES = 60;

export interface NewPreviewToken {
  id: number;
  /** Shown once: only its SHA-256 is stored. */
  token: string;
  expires_at: string;
}

/** A read-only token for the website's preview, valid for an hour. */
export async function createPreviewToken(db: Db, username: string, now: Date): Promise<NewPreviewToken> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + PREVIEW_TOKEN_MINUTES * 60_000).toISOString();
  const row = await db
    .insertInto('preview_tokens')
    .values({
      token_hash: hashToken(token),
      created_by: username,
      created_at: now.toISOString(),
      expires_at: expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), token, expires_at: expiresAt };
}

/** Ends a preview token at once; false when there is no such token (an expired one may already be swept). */
export async function revokePreviewToken(db: Db, id: number, now: Date): Promise<boolean> {
  const found = await db
    .selectFrom('preview_tokens')
    .select(['id', 'revoked_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!found) return false;
  if (found.revoked_at === null)
    await db
      .updateTable('preview_tokens')
      .set({ revoked_at: now.toISOString() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  return true;
}

/** Expired tokens can never be used again: they are deleted rather than kept. Answers how many went. */
export async function deleteExpiredPreviewTokens(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('preview_tokens').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
