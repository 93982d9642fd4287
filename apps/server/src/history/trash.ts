import { sql } from 'kysely';
import { type TrashEntry, sections } from '@bursary/shared';
import { DELETE_ACTION_LITERAL } from '../db/revision-literals.ts';
import type { Db } from '../db/types.ts';
import { fromStored, withLogId } from '../revisions/revisions.ts';

/** The deleted records not since restored: deletes that are their record's latest revision. */
export async function listTrash(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ items: TrashEntry[]; total: number }> {
  const deletes = db
    .selectFrom('revisions as r')
    .where('r.action', '=', DELETE_ACTION_LITERAL)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('revisions as n')
            .select(sql`1`.as('one'))
            .whereRef('n.section', '=', 'r.section')
            .whereRef('n.record_id', '=', 'r.record_id')
            .whereRef('n.id', '>', 'r.id'),
        ),
      ),
    );
  const [rows, count] = await Promise.all([
    withLogId(deletes).orderBy('r.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    deletes.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
  ]);
  const items = rows.map((row) => {
    const revision = fromStored(row);
    const section = sections.find((s) => s.slug === revision.section);
    const title = section ? revision.record[section.titleField] : undefined;
    return {
      section: revision.section,
      record_id: revision.record_id,
      title: typeof title === 'string' || typeof title === 'number' ? String(title) : '',
      username: revision.username,
      deleted_at: revision.created_at,
      revision_id: revision.id,
    };
  });
  return { items, total: Number(count?.total ?? 0) };
}
