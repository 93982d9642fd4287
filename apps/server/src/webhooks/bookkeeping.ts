import type { Db } from '../db/types.ts';
import { retryWhenBusy, writeTransaction } from '../db/write-transaction.ts';

/**
 * The webhook worker's own writes (fan-out, claims, outcomes): they join the requests' commits (one fsync on
 * SQLite) as quiet writes, so their commit does not wake the worker again; a busy database is tried again.
 */
export const bookkeeping = <T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> =>
  retryWhenBusy(() => writeTransaction(db, work, { quiet: true }));
