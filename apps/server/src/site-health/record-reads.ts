import type { SectionDef } from '@bursary/shared';
import { sql } from 'kysely';
import type { Db } from '../db/types.ts';
import { columnOf } from '../db/naming.ts';

/** A select list naming each field's column by the field's wire name, so rows read as records do. */
export const fieldsAs = (fields: readonly string[]) =>
  sql.join(fields.map((field) => sql`${sql.ref(columnOf(field))} as ${sql.id(field)}`));

/** The changes waiting on a section's records (of `ids` only, when given), by record id, as they would be published. */
export async function pendingRecordsOf(
  db: Db,
  section: SectionDef,
  ids?: readonly number[],
): Promise<Map<number, Record<string, unknown>>> {
  let query = db.selectFrom('pending_changes').select(['record_id', 'record']).where('section', '=', section.slug);
  if (ids) query = query.where('record_id', 'in', [...ids]);
  const rows = await query.execute();
  return new Map(rows.map((row) => [Number(row.record_id), JSON.parse(row.record) as Record<string, unknown>]));
}
