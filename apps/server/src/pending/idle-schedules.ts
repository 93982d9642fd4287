import type { SectionDef } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { preparedQuery } from '../db/prepared-query.ts';

/**
 * A scheduled publish makes a draft or a record's waiting changes live. Once a record is published with nothing
 * waiting, by whatever path, that schedule has nothing left to do: it is dropped in the change's transaction, so the
 * record, its schedule and the dashboard's list of what is coming never disagree (a scheduled unpublish stays).
 */
const deleteIdlePublishSchedule = preparedQuery((db: Db, section: string, recordId: number) =>
  db
    .deleteFrom('schedules')
    .where('section', '=', section)
    .where('record_id', '=', recordId)
    .where('action', '=', 'publish')
    .where('state', '=', 'pending'),
);

export async function dropIdlePublishSchedule(trx: Db, section: SectionDef, recordId: number): Promise<void> {
  await deleteIdlePublishSchedule(trx, section.slug, recordId);
}
