import type { Revision, SectionDef, SectionRecord } from '@bursary/shared';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database, RevisionAction } from '../db/types.ts';
import type { Db } from '../db/types.ts';
import { preparedQuery } from '../db/prepared-query.ts';

/** A revision as stored: the answer's fields (`Revision`, the wire contract) and what locates it. */
export interface StoredRevision extends Revision {
  section: string;
  record_id: number;
  version: number;
}

export interface RevisionWrite {
  section: SectionDef;
  action: RevisionAction;
  /** The record after the change; for a delete, as it was. */
  record: SectionRecord;
  version: number;
  username: string;
  now: string;
}

const insertRevision = preparedQuery(
  (
    db: Db,
    section: string,
    recordId: number,
    action: RevisionAction,
    version: number,
    record: string,
    username: string,
    createdAt: string,
  ) =>
    db
      .insertInto('revisions')
      .values({ section, record_id: recordId, action, version, record, username, created_at: createdAt })
      .returning('id'),
);

/** Stores the change's revision; its log rows are written after it, naming it (records/store-change.ts). */
export async function storeRevision(trx: Db, write: RevisionWrite): Promise<number> {
  const { rows } = await insertRevision(
    trx,
    write.section.slug,
    write.record.id,
    write.action,
    write.version,
    JSON.stringify(write.record),
    write.username,
    write.now,
  );
  const [row] = rows;
  if (!row) throw new Error('the revision was not stored');
  return Number(row.id);
}

type Row = {
  id: number | string;
  section: string;
  record_id: number | string;
  action: RevisionAction;
  version: number | string;
  record: string;
  username: string;
  log_id: number | string | null;
  created_at: string;
};

/**
 * Revisions with their log row: the first the change wrote. The change wrote it at the revision's
 * time, so the log's time index finds it among a handful, and no index on revision_id is kept up.
 */
export const withLogId = <O>(query: SelectQueryBuilder<Database & { r: Database['revisions'] }, 'r', O>) =>
  query
    .selectAll('r')
    .select(
      sql<
        number | string | null
      >`(select min(l.id) from logs l where l.created_at = r.created_at and l.revision_id = r.id)`.as('log_id'),
    );

export function fromStored(row: Row): StoredRevision {
  return {
    id: Number(row.id),
    section: row.section,
    record_id: Number(row.record_id),
    action: row.action,
    version: Number(row.version),
    username: row.username,
    created_at: row.created_at,
    log_id: row.log_id === null ? null : Number(row.log_id),
    record: JSON.parse(row.record) as SectionRecord,
  };
}

const toEntry = ({ id, action, username, created_at, log_id, record }: StoredRevision): Revision => ({
  id,
  action,
  username,
  created_at,
  log_id,
  record,
});

/** A record's revisions, newest first; the index on (section, record_id, id) serves page and count. */
export async function listRevisions(
  db: Db,
  section: SectionDef,
  recordId: number,
  page: { limit: number; offset: number },
): Promise<{ items: Revision[]; total: number }> {
  const mine = db
    .selectFrom('revisions as r')
    .where('r.section', '=', section.slug)
    .where('r.record_id', '=', recordId);
  const [rows, count] = await Promise.all([
    withLogId(mine).orderBy('r.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    mine.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
  ]);
  return { items: rows.map((row) => toEntry(fromStored(row))), total: Number(count?.total ?? 0) };
}

export async function findRevision(db: Db, id: number): Promise<StoredRevision | undefined> {
  const row = await withLogId(db.selectFrom('revisions as r')).where('r.id', '=', id).executeTakeFirst();
  return row && fromStored(row);
}

/** The revision of the same record just before this one, which a change is shown against. */
export async function previousRevision(db: Db, revision: StoredRevision): Promise<StoredRevision | undefined> {
  const row = await withLogId(db.selectFrom('revisions as r'))
    .where('r.section', '=', revision.section)
    .where('r.record_id', '=', revision.record_id)
    .where('r.id', '<', revision.id)
    .orderBy('r.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && fromStored(row);
}

/** The newest revision of a record: what a restore of a deleted record takes its version after. */
export async function latestRevision(db: Db, section: string, recordId: number): Promise<StoredRevision | undefined> {
  const row = await withLogId(db.selectFrom('revisions as r'))
    .where('r.section', '=', section)
    .where('r.record_id', '=', recordId)
    .orderBy('r.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && fromStored(row);
}

/**
 * The id alone of a record's newest revision, for a write that only names it (a sub-item delete's
 * undo): the index on (section, record_id, id) answers it without reading the stored record.
 */
export async function latestRevisionId(db: Db, section: string, recordId: number): Promise<number | null> {
  const row = await db
    .selectFrom('revisions')
    .select('id')
    .where('section', '=', section)
    .where('record_id', '=', recordId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}
