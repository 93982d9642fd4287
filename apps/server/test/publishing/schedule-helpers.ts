import type { SectionDef } from '@bursary/shared';
import { sql } from 'kysely';
import type { Db } from '../../src/db/types.ts';
import { sampleRecord, storedImageUrl } from '../factories.ts';
import type { TestApp } from '../helper.ts';

/** A record of `section` made through the API, published unless `status` says draft; answers its id. */
export async function createdRecord(
  t: TestApp,
  section: SectionDef,
  n = 1,
  status: 'draft' | 'published' = 'published',
): Promise<number> {
  const body = { ...sampleRecord(section, n, await storedImageUrl(t.db)), status };
  const res = await t.injectAs({ method: 'POST', url: `/api/${section.slug}`, payload: body });
  if (res.statusCode !== 201) throw new Error(`create ${section.slug}: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
}

/** The schedule address of a record (a single-record section's has no id). */
export const scheduleUrl = (section: SectionDef, id: number) =>
  section.kind === 'single' ? `/api/${section.slug}/schedule` : `/api/${section.slug}/${id}/schedule`;

/** An hour (or `hours`) from now, as a client sends it. */
export const inHours = (hours = 1) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** Schedules stored straight away, due a minute ago unless said: what a schedule set earlier looks like once its time has come. */
export async function dueSchedules(
  db: Db,
  rows: { section: string; recordId: number; action: 'publish' | 'unpublish'; setBy?: string }[],
  dueAt = new Date(Date.now() - 60_000),
): Promise<void> {
  const past = dueAt.toISOString();
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('schedules')
      .values(
        rows.slice(start, start + 500).map((row) => ({
          section: row.section,
          record_id: row.recordId,
          action: row.action,
          due_at: past,
          set_by: row.setBy ?? 'editor',
          set_at: past,
        })),
      )
      .execute();
}

/** Log rows saying a record was published or unpublished by a schedule, per record id. */
export async function actionLogCounts(
  db: Db,
  section: string,
  action: 'publish' | 'unpublish',
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('logs')
    .select(['record_id', sql<number>`count(*)`.as('n')])
    .where('section', '=', section)
    .where('content', 'like', `% ${action}ed`)
    .groupBy('record_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.record_id), Number(row.n)]));
}
