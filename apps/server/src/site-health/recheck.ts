import { sections, type SectionDef, translatedFieldsOf } from '@bursary/shared';
import { sql } from 'kysely';
import { doneMark, doneVersion, markDone } from '../db/done-marks.ts';
import type { Db } from '../db/types.ts';
import { dialectOf } from '../db/dialect.ts';
import { childTableOf, itemColumnOf, tableOf } from '../db/naming.ts';
import { writeTransaction } from '../db/write-transaction.ts';
import { imageCarriersOf } from '../media/image-fields.ts';
import { storeRecordProblems } from './record-problems.ts';
import { fieldsAs, pendingRecordsOf } from './record-reads.ts';
import { publicLanguages } from './translation-checks.ts';

/**
 * The version of the record checks whose results are stored. Raise it whenever a check changes what it finds or
 * says: every server then checks every record again once, at its next start.
 */
const RECORD_CHECKS_VERSION = 2;
const CHECKED = doneMark('site-health-checks');
/** Records checked per transaction: short enough that writers never wait long behind a recheck. */
const BATCH = 200;

/** The fields the checks read: the title and every field that can show a problem, translated ones included. */
function checkedFields(section: SectionDef): string[] {
  const { images, richText } = imageCarriersOf(section);
  return [...new Set([section.titleField, ...images, ...richText, ...translatedFieldsOf(section.fields)])];
}

/** Puts each record's sub-items on its row as a read answers them, for the translation checks of their texts. */
async function withSubItems(db: Db, section: SectionDef, rows: Record<string, unknown>[]): Promise<void> {
  const sub = section.subItems;
  if (!sub || rows.length === 0) return;
  const ids = rows.map((row) => Number(row.id));
  const { rows: items } = await sql<{ id: number | string; parent_id: number | string; text: string }>`
    select id, parent_id, ${sql.ref(itemColumnOf(sub))} as text from ${sql.table(childTableOf(section, sub))}
    where parent_id in (${sql.join(ids)}) order by position, id`.execute(db);
  const byParent = new Map<number, Record<string, unknown>[]>(ids.map((id) => [id, []]));
  for (const item of items)
    byParent.get(Number(item.parent_id))?.push({ id: Number(item.id), [sub.itemKey]: item.text });
  for (const row of rows) row[sub.field] = byParent.get(Number(row.id)) ?? [];
}

/** Checks one batch of a section's records, in a write transaction that re-reads them (and locks them on PostgreSQL). */
async function checkBatch(
  db: Db,
  section: SectionDef,
  after: number,
): Promise<{ last: number; count: number } | undefined> {
  const fields = checkedFields(section);
  return writeTransaction(
    db,
    async (trx) => {
      const lock = dialectOf(trx) === 'postgres' ? sql` for update` : sql``;
      const { rows } = await sql<Record<string, unknown> & { id: number | string; status: string }>`
      select id, status, ${fieldsAs(fields)}
      from ${sql.table(tableOf(section))} where id > ${after} order by id limit ${BATCH}${lock}`.execute(trx);
      if (rows.length === 0) return undefined;
      const ids = rows.map((row) => Number(row.id));
      const pendingOf = await pendingRecordsOf(trx, section, ids);
      await withSubItems(trx, section, rows);
      const languages = await publicLanguages(trx);
      for (const row of rows) {
        const id = Number(row.id);
        const content = { live: row.status === 'published' ? row : null, pending: pendingOf.get(id) ?? null };
        await storeRecordProblems(trx, section, id, content, { languages });
      }
      return { last: Number(ids[ids.length - 1]), count: ids.length };
    },
    { quiet: true },
  );
}

/**
 * Checks every record when the stored results are missing or were found by older checks; answers how many records
 * it checked (0 when the stored results are current). Safe to run on several instances at once: each batch is a
 * write transaction over rows it re-reads, and a record written meanwhile is checked by its own write too.
 */
export async function recheckRecordsIfNeeded(db: Db): Promise<number> {
  if ((await doneVersion(db, CHECKED)) === RECORD_CHECKS_VERSION) return 0;
  return recheckRecords(db);
}

/** Checks every record again, now, in batches; answers how many it checked. */
export async function recheckRecords(db: Db): Promise<number> {
  let checked = 0;
  for (const section of sections) {
    let batch = await checkBatch(db, section, 0);
    while (batch) {
      checked += batch.count;
      batch = await checkBatch(db, section, batch.last);
    }
  }
  await markDone(db, CHECKED, RECORD_CHECKS_VERSION);
  return checked;
}

/**
 * Makes every record be checked again, in the transaction of a change that moves what the checks find for all of
 * them (a language shown on the website or hidden, or deleted): if the instance stops before the checks are done,
 * its next start does them.
 */
export async function recordChecksOutdated(trx: Db): Promise<void> {
  await markDone(trx, CHECKED, 0);
}
