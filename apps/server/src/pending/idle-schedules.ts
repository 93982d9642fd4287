import type { SectionDef } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import type { StoredChange } from '../revisions/stored-change.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { PENDING, PUBLISH } from '../db/plan-independent.ts';

/**
 * A scheduled publish makes a draft or a record's waiting changes (in any language) live. Once a record is published
 * with nothing waiting in any language, by whatever path, that schedule has nothing left to do: it is dropped in the
 * change's transaction, so the record, its schedule and the dashboard's list of what is coming never disagree (a
 * scheduled unpublish stays). The caller knows the default language's; the statement itself looks at the others'.
 * Its constants are literals: the state is what the partial index of pending schedules names (db/plan-independent.ts).
 */
const deleteIdlePublishSchedule = preparedQuery((db: Db, section: string, recordId: number) =>
  db
    .deleteFrom('schedules')
    .where('section', '=', section)
    .where('record_id', '=', recordId)
    .where('action', '=', PUBLISH)
    .where('state', '=', PENDING)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('pending_translations')
            .select('record_id')
            .where('pending_translations.section', '=', section)
            .where('pending_translations.record_id', '=', recordId),
        ),
      ),
    ),
);

export async function dropIdlePublishSchedule(trx: Db, section: SectionDef, recordId: number): Promise<void> {
  await deleteIdlePublishSchedule(trx, section.slug, recordId);
}

/**
 * A change's part: one that leaves its record published with nothing waiting drops the record's idle publish
 * schedule. A new record has no schedule yet; a deleted record's stays, so that it fails saying the record is gone.
 */
export async function dropScheduleLeftIdle(trx: Db, change: StoredChange): Promise<void> {
  const { action, status, pending } = change;
  if (action !== 'delete' && action !== 'create' && status === 'published' && !pending)
    await dropIdlePublishSchedule(trx, change.section, change.record.id);
}
