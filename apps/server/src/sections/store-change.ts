import type { Db } from '../db/types.ts';
import { appendLogs, type LogEvent } from '../audit/log-writes.ts';
import { type RevisionWrite, storeRevision } from '../history/revisions.ts';

/**
 * Stores a change's revision, then its log rows naming it, in the change's transaction: the record,
 * its log rows and its revision commit together or not at all. Two statements, however many log
 * rows; the first log row is the one the revision names as its log_id.
 */
export async function storeChange(trx: Db, write: RevisionWrite & { logs: LogEvent[] }): Promise<number> {
  const id = await storeRevision(trx, write);
  await appendLogs(trx, write.logs, id, write.now);
  return id;
}
