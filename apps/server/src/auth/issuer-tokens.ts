import type { Kysely } from 'kysely';
import { type Permission, type Role, rolesWith } from '@bursary/shared';
import type { Database } from '../db/types.ts';

/** Who may create a preview token; a token works only while its issuer still may. */
export const PREVIEW_PERMISSION: Permission = 'preview:create';

/**
 * A user disabled, or given a role that may not create preview tokens, loses their tokens for good: they are
 * revoked in the same transaction as the change, so enabling or promoting the user again never brings them back.
 */
export async function endPreviewTokensOnLoss(
  trx: Kysely<Database>,
  userId: number,
  next: { role: Role; disabled: boolean },
  at: string,
): Promise<void> {
  if (!next.disabled && rolesWith(PREVIEW_PERMISSION).includes(next.role)) return;
  await trx
    .updateTable('preview_tokens')
    .set({ revoked_at: at })
    .where('revoked_at', 'is', null)
    .where('created_by', 'in', trx.selectFrom('users').select('username').where('id', '=', userId))
    .execute();
}
