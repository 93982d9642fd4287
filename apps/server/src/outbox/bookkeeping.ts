import type { Db } from '../db/types.ts';
import { retryWhenBusy, writeTransaction } from '../db/write-transaction.ts';

/**
 * An outbox's own writes (moving messages into attempts, claims, outcomes): they join the requests' commits (one
 * fsync on SQLite) as quiet writes, so their commit does not wake the outbox's worker again; a busy database is
 * tried again.
 */
export const bookkeeping = <T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> =>
  retryWhenBusy(() => writeTransaction(db, work, { quiet: true }));
