import type { StoredChange } from '../revisions/stored-change.ts';
import type { Db } from '../db/types.ts';
import { type LogEvent, appendLogs } from './log-writes.ts';

/** A change with the log rows that say what it did: the first is the one its revision names as its log_id. */
export interface LoggedChange extends StoredChange {
  logs: LogEvent[];
}

/** A change's log rows, each naming its revision. */
export function logChange(trx: Db, change: LoggedChange): Promise<void> {
  return appendLogs(trx, change.logs, change.revisionId, change.now);
}
