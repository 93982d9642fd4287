import type { ColumnType, Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, Db } from '../db/types.ts';
import { bookkeeping } from './bookkeeping.ts';

type AttemptState = 'pending' | 'sent' | 'failed';

/**
 * The columns every outbox table has: one row per attempt to send one message to one recipient. An attempt is
 * `pending` until its outcome is recorded (`sent` or `failed`); while `lease_until` is in the future the instance
 * that claimed it is sending it. A retry is a new row (attempt + 1), so each attempt's outcome is kept.
 */
interface AttemptColumns {
  id: Generated<number>;
  attempt: number;
  state: ColumnType<AttemptState, AttemptState | undefined, AttemptState>;
  next_attempt_at: string;
  lease_until: ColumnType<string | null, string | null | undefined, string | null>;
  sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

/** The tables that hold an outbox's attempts. */
export type OutboxTable = { [T in keyof Database]: Database[T] extends AttemptColumns ? T : never }[keyof Database];

/** A table's integer columns: what can say whose attempts they are. */
export type GroupColumn<T extends OutboxTable> = {
  [C in keyof Selectable<Database[T]>]: Selectable<Database[T]>[C] extends number ? C : never;
}[keyof Selectable<Database[T]>] &
  string;

export type AttemptRow<T extends OutboxTable> = Selectable<Database[T]>;

/** An attempt's outcome, as the kind's deliver function answers it. */
export interface Outcome<T extends OutboxTable> {
  ok: boolean;
  /** What went wrong, kept with the attempt; null when it was sent. */
  error: string | null;
  /** No further attempt, whatever pauses are left (the recipient asked for none, or the kind tries once). */
  final?: boolean;
  /** The kind's own columns of the attempt's record (e.g. what the recipient answered). */
  columns?: Updateable<Database[T]>;
  /** Runs in the outcome's transaction once the outcome is kept (not when another instance took the attempt over). */
  whenRecorded?: (trx: Db, now: Date) => Promise<void>;
}

/**
 * A queue of messages of one kind: where its attempts are, whose they are, how it delivers one and how long it
 * waits before each retry.
 */
export interface OutboxKind<T extends OutboxTable> {
  db: Db;
  table: T;
  /** Whose attempts they are (one recipient's): a worker sends only so many of one group's at once. */
  group: GroupColumn<T>;
  now: () => Date;
  /** Pauses before each retry of a failed attempt: after the last, the message has failed. */
  retryDelaysMs: readonly number[];
  /** How long a claimed attempt is its instance's; after that another may send it (its sender died). */
  leaseMs: number;
  /**
   * Given the attempts just claimed, what sends one of them (anything the batch needs read once); the answer's
   * promise should not reject: an outcome not recorded is sent again once the lease runs out.
   */
  deliverer: (held: AttemptRow<T>[]) => Promise<(row: AttemptRow<T>) => Promise<Outcome<T>>>;
  /** The message's own columns of the next attempt: the same message, sent again. */
  carried: (row: AttemptRow<T>) => Omit<Insertable<Database[T]>, keyof AttemptColumns>;
}

/** The one shape an outbox's queries see, whatever the kind's table: its generic columns and its group. */
type Attempts = Kysely<{ attempts: AttemptColumns & { group_key: number } }>;
type Row = Selectable<AttemptColumns & { group_key: number }>;

/**
 * A kind's table as its queries see it: under the names `attempts` and `group_key`, which stand for the kind's own
 * table and group column (the queries use only the columns every outbox table has).
 */
export function attemptsOf<T extends OutboxTable>(db: Db, table: T, group: GroupColumn<T>) {
  return {
    db: db as unknown as Attempts,
    table: table as unknown as 'attempts',
    group: group as unknown as 'group_key',
  };
}

const iso = (at: Date, plusMs = 0) => new Date(at.getTime() + plusMs).toISOString();

/**
 * Claim, lease, send, record and retry for one kind's attempts: an attempt is sent by one instance at a time
 * (exactly once across instances while its sender lives), and again once its lease runs out when its sender died
 * before recording the outcome (at least once across a crash).
 */
export class OutboxQueue<T extends OutboxTable> {
  readonly kind: OutboxKind<T>;

  constructor(kind: OutboxKind<T>) {
    this.kind = kind;
  }

  get #db(): Attempts {
    return attemptsOf(this.kind.db, this.kind.table, this.kind.group).db;
  }
  get #table(): 'attempts' {
    return attemptsOf(this.kind.db, this.kind.table, this.kind.group).table;
  }
  get #group(): 'group_key' {
    return attemptsOf(this.kind.db, this.kind.table, this.kind.group).group;
  }

  /** The group an attempt is for. */
  groupOf(row: AttemptRow<T>): number {
    return Number((row as unknown as Record<string, unknown>)[this.kind.group]);
  }

  /** Due attempts nobody holds, oldest first, leaving out the groups named in `full`. */
  async due(now: Date, full: number[], limit: number): Promise<AttemptRow<T>[]> {
    const at = now.toISOString();
    let query = this.#db
      .selectFrom(this.#table)
      .selectAll()
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', at)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]));
    if (full.length > 0) query = query.where(this.#group, 'not in', full);
    const rows = await query.orderBy('next_attempt_at').orderBy('id').limit(limit).execute();
    return rows as unknown as AttemptRow<T>[];
  }

  /**
   * Claims the attempts for this instance in one write: only one instance's update finds an attempt pending and
   * unleased (or its lease run out). Answers the lease and the attempts this instance now holds.
   */
  async claim(rows: AttemptRow<T>[]): Promise<{ lease: string; held: AttemptRow<T>[] }> {
    const now = this.kind.now();
    const lease = iso(now, this.kind.leaseMs);
    const ids = rows.map((row) => (row as unknown as Row).id);
    const claimed = await bookkeeping(this.kind.db, (trx) =>
      (trx as unknown as Attempts)
        .updateTable(this.#table)
        .set({ lease_until: lease })
        .where('id', 'in', ids)
        .where('state', '=', 'pending')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', iso(now))]))
        .returning('id')
        .execute(),
    );
    const held = new Set(claimed.map((row) => Number(row.id)));
    return { lease, held: rows.filter((row) => held.has(Number((row as unknown as Row).id))) };
  }

  /**
   * Records an attempt's outcome, if this instance still holds its lease: sent, or failed with the next attempt
   * queued after its pause unless the outcome is final or the pauses are spent.
   */
  async #record(trx: Db, row: AttemptRow<T>, lease: string, outcome: Outcome<T>, now: Date): Promise<void> {
    const attempt = row as unknown as Row;
    const delay = this.kind.retryDelaysMs[attempt.attempt - 1];
    const retry = !outcome.ok && outcome.final !== true && delay !== undefined;
    const attempts = trx as unknown as Attempts;
    const recorded = await attempts
      .updateTable(this.#table)
      .set({
        ...(outcome.columns as object),
        state: outcome.ok ? 'sent' : 'failed',
        sent_at: iso(now),
        error: outcome.error,
        lease_until: null,
      })
      .where('id', '=', attempt.id)
      .where('lease_until', '=', lease)
      .executeTakeFirst();
    // the lease ran out and another instance took the attempt over: its outcome is the one kept
    if (Number(recorded.numUpdatedRows) !== 1) return;
    await outcome.whenRecorded?.(trx, now);
    if (retry)
      await attempts
        .insertInto(this.#table)
        .values({
          ...(this.kind.carried(row) as unknown as { group_key: number }),
          attempt: attempt.attempt + 1,
          next_attempt_at: iso(now, delay),
          created_at: iso(now),
        })
        .execute();
  }

  /**
   * Sends one claimed attempt and records its outcome in a write of its own, so a slow answer holds up no other
   * attempt's record.
   */
  async deliverClaimed(send: (row: AttemptRow<T>) => Promise<Outcome<T>>, row: AttemptRow<T>, lease: string) {
    const outcome = await send(row);
    const now = this.kind.now();
    await bookkeeping(this.kind.db, (trx) => this.#record(trx, row, lease, outcome, now));
  }

  /** Sends the pending attempts this instance claims and waits for their outcomes. Answers how many it sent. */
  async attempt(rows: AttemptRow<T>[]): Promise<number> {
    if (rows.length === 0) return 0;
    const { lease, held } = await this.claim(rows);
    const send = await this.kind.deliverer(held);
    await Promise.all(held.map((row) => this.deliverClaimed(send, row, lease)));
    return held.length;
  }
}
