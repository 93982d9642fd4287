import type { SectionDef, SectionRecord } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { preparedQuery } from '../db/prepared-query.ts';

/** The changes waiting on a record: the record as it will be answered once they are published. */
export interface PendingChanges {
  record: SectionRecord;
  version: number;
  etag: string;
  username: string;
  updated_at: string;
}

/** Their own tag, never equal to the record's (`"3-7"`), so one cannot stand for the other in If-Match. */
const pendingEtagOf = (id: number, version: number): string => `"c${id}-${version}"`;

type PendingRow = {
  record_id: number | string;
  record: string;
  version: number | string;
  username: string;
  updated_at: string;
};

const fromRow = (row: PendingRow): PendingChanges => {
  const version = Number(row.version);
  return {
    record: JSON.parse(row.record) as SectionRecord,
    version,
    etag: pendingEtagOf(Number(row.record_id), version),
    username: row.username,
    updated_at: row.updated_at,
  };
};

const selectPending = preparedQuery((db: Db, section: string, id: number) =>
  db.selectFrom('pending_changes').selectAll().where('section', '=', section).where('record_id', '=', id),
);

export async function findPending(db: Db, section: SectionDef, id: number): Promise<PendingChanges | undefined> {
  const [row] = (await selectPending(db, section.slug, id)).rows;
  return row && fromRow(row);
}

/** The waiting changes of several records, by record id (one query for a page of records). */
export async function pendingOf(db: Db, section: SectionDef, ids: number[]): Promise<Map<number, PendingChanges>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('pending_changes')
    .selectAll()
    .where('section', '=', section.slug)
    .where('record_id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [Number(row.record_id), fromRow(row)]));
}

/**
 * Saves a record's waiting changes, a new set or over the one it has. With `expectedVersion` the save
 * lands only on that version of them; undefined answers that it did not land.
 */
export async function putPending(
  trx: Db,
  section: SectionDef,
  id: number,
  change: { record: SectionRecord; username: string; now: string },
  expectedVersion?: number,
): Promise<PendingChanges | undefined> {
  const values = { record: JSON.stringify(change.record), username: change.username, updated_at: change.now };
  if (expectedVersion !== undefined) {
    const row = await trx
      .updateTable('pending_changes')
      .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
      .where('section', '=', section.slug)
      .where('record_id', '=', id)
      .where('version', '=', expectedVersion)
      .returningAll()
      .executeTakeFirst();
    return row && fromRow(row);
  }
  const row = await trx
    .insertInto('pending_changes')
    .values({ section: section.slug, record_id: id, version: 1, ...values })
    .onConflict((oc) =>
      oc
        .columns(['section', 'record_id'])
        .doUpdateSet((eb) => ({ ...values, version: eb('pending_changes.version', '+', 1) })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return fromRow(row);
}

/** Removes a record's waiting changes (published, discarded, or the record deleted); answers whether there were any. */
export async function removePending(
  trx: Db,
  section: SectionDef,
  id: number,
  expectedVersion?: number,
): Promise<boolean> {
  let remove = trx.deleteFrom('pending_changes').where('section', '=', section.slug).where('record_id', '=', id);
  if (expectedVersion !== undefined) remove = remove.where('version', '=', expectedVersion);
  const result = await remove.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
