import { open } from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';
import type { Database } from './types.ts';

/**
 * A SQLite database's write-ahead log, flushed to disk off the event loop. In WAL mode a commit is
 * durable once the log file holding it is on disk, which is what synchronous=FULL waits for inside
 * COMMIT; a commit made with synchronous=NORMAL followed by a flush of the log file is as durable,
 * and the flush runs on the thread pool. Flushes coalesce: while one runs, every caller after it
 * shares the next one, which starts when it ends (a flush that started before a commit does not
 * cover it).
 */
export class WriteAheadLog {
  readonly #path: string;
  #running: Promise<void> | undefined;
  #next: Promise<void> | undefined;

  private constructor(path: string) {
    this.#path = path;
  }

  /** The log of the main database of `db`, or undefined for one without a file (in memory). */
  static async of(db: Kysely<Database>): Promise<WriteAheadLog | undefined> {
    const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
    const file = rows.find((row) => row.name === 'main')?.file;
    return file ? new WriteAheadLog(`${file}-wal`) : undefined;
  }

  /** Settles once everything committed before the call is on disk. */
  flush(): Promise<void> {
    if (!this.#running) return this.#start();
    this.#next ??= this.#running
      .catch(() => {})
      .then(() => {
        this.#next = undefined;
        return this.#start();
      });
    return this.#next;
  }

  #start(): Promise<void> {
    const run = flushFile(this.#path).finally(() => {
      if (this.#running === run) this.#running = undefined;
    });
    this.#running = run;
    return run;
  }
}

async function flushFile(path: string): Promise<void> {
  let file;
  try {
    file = await open(path, 'r+');
  } catch (error) {
    // no log file: the last checkpoint copied it into the database file, synced, and removed it
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    await file.datasync();
  } finally {
    await file.close();
  }
}
