import type { SectionDef } from '@bursary/shared';
import { appendLogs, summary } from '../audit/log-writes.ts';
import type { Db, ScheduleAction } from '../db/types.ts';
import { nowIso } from '../lib/clock.ts';
import { requireScheduledRecord } from './scheduled-record.ts';

/** Does a scheduled action in the transaction the runner opened (and in which it claimed the schedule). */
export type ScheduledAction = (trx: Db, who: { username: string }, section: SectionDef, id: number) => Promise<unknown>;

const logged =
  (action: ScheduleAction): ScheduledAction =>
  async (trx, who, section, id) => {
    const record = await requireScheduledRecord(trx, section, id);
    const content = `${summary(section.singular, record.title, 'update', id).replace(/ updated$/, '')} ${action}ed`;
    await appendLogs(
      trx,
      [{ action: 'update', content, section: section.slug, recordId: id, username: who.username }],
      null,
      nowIso(),
    );
  };

export const scheduledActions: Record<ScheduleAction, ScheduledAction> = {
  publish: logged('publish'),
  unpublish: logged('unpublish'),
};
