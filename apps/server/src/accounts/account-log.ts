import type { Kysely } from 'kysely';
import type { LogAction } from '@bursary/shared';
import type { Database } from '../db/types.ts';
import { appendLogs, USERS_LOG_SECTION } from '../audit/log-writes.ts';

/** Account changes are logged under USERS_LOG_SECTION; a row never carries a password, code or secret. */
export async function logAccountChange(
  db: Kysely<Database>,
  actor: { username: string },
  subject: { id: number },
  action: LogAction,
  content: string,
  at: string,
): Promise<void> {
  // accounts keep no history of their own: the row names no revision
  await appendLogs(
    db,
    [{ action, content, section: USERS_LOG_SECTION, recordId: subject.id, username: actor.username }],
    null,
    at,
  );
}
