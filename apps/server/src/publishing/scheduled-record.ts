import type { Kysely } from 'kysely';
import type { SectionDef } from '@bursary/shared';
import { columnOf, tableOf } from '../db/naming.ts';
import { dialectOf } from '../db/dialect.ts';
import type { Db } from '../db/types.ts';
import { NotFoundError } from '../lib/errors.ts';

type Row = Record<string, unknown>;
/** Section tables come from the registry at run time: reached through an untyped view, names from the registry only. */
const tablesByName = (db: Db) => db as unknown as Kysely<Record<string, Row>>;

export interface ScheduledRecord {
  id: number;
  title: unknown;
}

/**
 * The record a schedule is about, draft or published (a draft is what a publish is scheduled for):
 * by id, or a single-record section's one record. With `lock`, PostgreSQL holds the row until the
 * transaction ends, so two schedule changes of one record take turns.
 */
export async function findScheduledRecord(
  db: Db,
  section: SectionDef,
  id: number | undefined,
  lock = false,
): Promise<ScheduledRecord | undefined> {
  let query = tablesByName(db)
    .selectFrom(tableOf(section))
    .select(['id', columnOf(section.titleField)])
    .orderBy('id', 'asc')
    .limit(1);
  if (id !== undefined) query = query.where('id', '=', id);
  if (lock && dialectOf(db) === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && { id: Number(row.id), title: row[columnOf(section.titleField)] };
}

export async function requireScheduledRecord(
  db: Db,
  section: SectionDef,
  id: number | undefined,
  lock = false,
): Promise<ScheduledRecord> {
  const found = await findScheduledRecord(db, section, id, lock);
  if (found) return found;
  throw new NotFoundError(
    id === undefined
      ? `The ${section.singular.toLowerCase()} has not been created yet.`
      : `No ${section.singular.toLowerCase()} with id ${id}.`,
  );
}

/** The titles of some records of a section, for lists of schedules; a deleted record has none. */
export async function titlesOf(db: Db, section: SectionDef, ids: number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await tablesByName(db)
    .selectFrom(tableOf(section))
    .select(['id', columnOf(section.titleField)])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => {
      const title = row[columnOf(section.titleField)];
      return [Number(row.id), title === null || title === undefined ? null : String(title)];
    }),
  );
}
