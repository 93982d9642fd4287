import type { SectionRecord } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { appendLogs, type LogEvent } from '../audit/log-writes.ts';
import { type RevisionWrite, storeRevision } from '../history/revisions.ts';
import { findPending } from './pending-store.ts';
import type { RecordStatus } from './record-validation.ts';

export interface ChangeWrite extends RevisionWrite {
  logs: LogEvent[];
  /** The record's status after the change (for a delete, as it was). */
  status: RecordStatus;
  /** The changes waiting on it after the change; left out, they are read as the transaction sees them. */
  pending?: SectionRecord | null;
}

/**
 * A revision's record as kept: the record as answered, with its status when a draft and the changes waiting
 * on it, if any, so restoring the revision brings those back too. A published record with nothing
 * waiting is kept exactly as answered, as before drafts existed.
 */
export const revisionRecord = (
  record: SectionRecord,
  status: RecordStatus,
  pending: SectionRecord | null,
): SectionRecord => ({
  ...record,
  ...(status === 'draft' ? { status } : {}),
  ...(pending ? { pending_changes: pending } : {}),
});

/**
 * Stores a change's revision, then its log rows naming it, in the change's transaction: the record,
 * its log rows and its revision commit together or not at all. Two statements, however many log
 * rows; the first log row is the one the revision names as its log_id.
 */
export async function storeChange(trx: Db, write: ChangeWrite): Promise<number> {
  const pending =
    write.pending !== undefined
      ? write.pending
      : ((await findPending(trx, write.section, write.record.id))?.record ?? null);
  const id = await storeRevision(trx, { ...write, record: revisionRecord(write.record, write.status, pending) });
  await appendLogs(trx, write.logs, id, write.now);
  return id;
}
