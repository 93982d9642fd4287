import type { Db } from '../db/types.ts';
import { rolesWith } from '@bursary/shared';
import { hashToken, isWellFormedToken } from '../auth/tokens.ts';
import { TokenStore, deadline } from '../auth/token-store.ts';
import { PREVIEW_PERMISSION } from '../auth/issuer-tokens.ts';

/** A preview shows what is not public yet: a leaked link stops working within the hour. */
const PREVIEW_TOKEN_MINUTES = 60;

/** A revoked token keeps its row (revoked_at) until it expires, so revoking is done here rather than by the store. */
const previewTokens = new TokenStore('preview_tokens', deadline(PREVIEW_TOKEN_MINUTES * 60_000));

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
    .where(previewTokens.isLive(now))
    .where('users.disabled', '=', 0)
    .where('users.role', 'in', rolesWith(PREVIEW_PERMISSION));
}

/**
 * The preview token a read names, while it is live (liveTokens). Undefined for anything else, so every refusal
 * reads the same to the caller.
 */
export async function findLivePreviewToken(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<{ id: number; expires_at: string } | undefined> {
  if (!isWellFormedToken(token)) return undefined;
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

export interface NewPreviewToken {
  id: number;
  /** Shown once: only its SHA-256 is stored. */
  token: string;
  expires_at: string;
}

/** A read-only token for the website's preview, valid for an hour. */
export async function createPreviewToken(db: Db, username: string, now: Date): Promise<NewPreviewToken> {
  const issued = await previewTokens.issue(db, { created_by: username, created_at: now.toISOString() }, now);
  return { id: issued.id, token: issued.token, expires_at: issued.expiresAt };
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
export function deleteExpiredPreviewTokens(db: Db, now: Date): Promise<number> {
  return previewTokens.deleteExpired(db, now);
}
