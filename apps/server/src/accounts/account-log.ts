import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { LogAction } from '@bursary/shared';
import type { Database } from '../db/types.ts';
import { appendLogs, USERS_LOG_SECTION } from '../audit/log-writes.ts';
import { UnauthorizedError } from '../lib/errors.ts';
import type { AuthUser } from '../auth/types.ts';

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

/** The user authenticate set; a handler behind it never runs without one. */
export function signedIn(request: FastifyRequest): AuthUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
