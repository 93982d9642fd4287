import type { Kysely } from 'kysely';
import { dialectOf } from './dialect.ts';
import { commitInSavepoints } from './savepoint-steps.ts';
import type { Database } from './types.ts';

type Db = Kysely<Database>;
type Work = (trx: Db) => Promise<unknown>;
interface Job {
  work: Work;
  quiet: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Most writes one commit carries; a long queue is taken in several commits. */
const MAX_BATCH = 64;
const groups = new WeakMap<Db, GroupCommit>();
const committedListeners = new WeakMap<Db, Set<() => void>>();

/**
 * Calls `listener` after each commit of writeTransaction on `db` (never inside the transaction, so what it reads
 * is committed); the returned function stops it.
 */
export function onWriteCommitted(db: Db, listener: () => void): () => void {
  let listeners = committedListeners.get(db);
  if (!listeners) {
    listeners = new Set();
    committedListeners.set(db, listeners);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function committed(db: Db): void {
  for (const listener of committedListeners.get(db) ?? []) listener();
}

/** Modules that code inside a write's transaction reads, loaded on first use: before the first such transaction opens. */
const loadsBeforeWrites: (() => Promise<unknown>)[] = [];
let loadedBeforeWrites = 0;
let loadingBeforeWrites: Promise<void> | undefined;

/**
 * `load` settles before any later writeTransaction opens. A module loaded on first use must not be waited for
 * inside a transaction: on SQLite that holds the write lock across turns of the event loop while the module's files
 * are read, and a write of another connection in the same process (instances in tests) waits for the lock
 * synchronously, so the load cannot finish until the busy timeout gives up.
 */
export function loadBeforeWrites(load: () => Promise<unknown>): void {
  loadsBeforeWrites.push(load);
}

/** Undefined once every load settled (the usual case, no await); else the loads, which a failure leaves to retry. */
function writesReady(): Promise<void> | undefined {
  if (loadedBeforeWrites === loadsBeforeWrites.length) return undefined;
  const count = loadsBeforeWrites.length;
  loadingBeforeWrites ??= Promise.all(loadsBeforeWrites.map((load) => load())).then(
    () => {
      loadedBeforeWrites = count;
      loadingBeforeWrites = undefined;
    },
    (error: unknown) => {
      loadingBeforeWrites = undefined;
      throw error;
    },
  );
  return loadingBeforeWrites;
}

/**
 * Settles once every module registered with loadBeforeWrites is loaded: for a transaction opened other than through
 * writeTransaction (the schedule runner's PostgreSQL groups), which must not open before them either.
 */
export async function loadedForWrites(): Promise<void> {
  await writesReady();
}

export interface WriteOptions {
  /**
   * The commit calls no `onWriteCommitted` listener: for bookkeeping by a listener itself (the webhook sender),
   * which would otherwise wake itself after each of its own commits.
   */
  quiet?: boolean;
}

/**
 * Runs a content write in a transaction and settles once it is durable. On PostgreSQL that is a
 * plain transaction (the server groups commits itself). On SQLite every commit waits for an fsync
 * (WAL, synchronous=FULL), and better-sqlite3 waits for it on the event loop: so the writes that
 * arrive together share one transaction, each inside its own savepoint, and one fsync acknowledges
 * them all. A write that fails is rolled back to its savepoint alone; if the commit fails, every
 * write of it fails. No write is acknowledged before the commit that holds it.
 */
export function writeTransaction<T>(db: Db, work: (trx: Db) => Promise<T>, options: WriteOptions = {}): Promise<T> {
  const loading = writesReady();
  if (loading) return loading.then(() => writeTransaction(db, work, options));
  const quiet = options.quiet === true;
  if (dialectOf(db) === 'postgres')
    return db
      .transaction()
      .execute(work)
      .then((value) => {
        if (!quiet) committed(db);
        return value;
      });
  let group = groups.get(db);
  if (!group) {
    group = new GroupCommit(db);
    groups.set(db, group);
  }
  return group.submit(work, quiet) as Promise<T>;
}

class GroupCommit {
  readonly #db: Db;
  #queue: Job[] = [];
  #draining = false;

  constructor(db: Db) {
    this.#db = db;
  }

  submit(work: Work, quiet: boolean): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ work, quiet, resolve, reject });
      if (!this.#draining) {
        this.#draining = true;
        // one turn of the event loop lets the other writes already received join this commit
        setImmediate(() => void this.#drain());
      }
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        await this.#commit(this.#queue.splice(0, MAX_BATCH));
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.#draining = false;
    }
  }

  async #commit(jobs: Job[]): Promise<void> {
    const [only] = jobs;
    if (only && jobs.length === 1) {
      await this.#db
        .transaction()
        .execute(only.work)
        .then((value) => {
          only.resolve(value);
          if (!only.quiet) committed(this.#db);
        }, only.reject);
      return;
    }
    const unsettled = new Set(jobs);
    let landed: [Job, unknown][];
    try {
      landed = await commitInSavepoints(
        this.#db,
        jobs,
        (trx, job) => job.work(trx),
        (job, error) => {
          unsettled.delete(job);
          job.reject(error);
        },
      );
    } catch (error) {
      for (const job of unsettled) job.reject(error);
      return;
    }
    for (const [job, value] of landed) job.resolve(value);
    if (landed.some(([job]) => !job.quiet)) committed(this.#db);
  }
}

/** Errors that mean "another transaction was in the way", not "this change is wrong": tried again. */
const BUSY_CODES = new Set(['40P01', '40001', 'SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED']);
export const isBusyError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && BUSY_CODES.has(String((error as { code?: unknown }).code));

/** How many times a transaction meets a busy database or a deadlock before the caller is told to try again. */
const BUSY_ATTEMPTS = 4;

export interface BusyRetry {
  attempts: number;
  /** The pause before try `attempt + 1`. */
  pauseMs: (attempt: number) => number;
}

/** A request's write: a few quick tries, then the client is told the database is busy. */
const REQUEST_RETRY: BusyRetry = { attempts: BUSY_ATTEMPTS, pauseMs: (attempt) => 10 + Math.random() * 40 * attempt };

/**
 * Runs `work` again while the database answers busy or deadlock, `retry.attempts` times at most, pausing
 * between tries.
 */
export async function retryWhenBusy<T>(work: () => Promise<T>, retry: BusyRetry = REQUEST_RETRY): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isBusyError(error) || attempt >= retry.attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, retry.pauseMs(attempt)));
    }
  }
}
