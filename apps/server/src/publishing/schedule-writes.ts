import type { SectionDef } from '@bursary/shared';
import { appendLogs, named } from '../audit/log-writes.ts';
import type { Db } from '../db/types.ts';
import { retryWhenBusy, writeTransaction } from '../db/write-transaction.ts';
import { type ScheduleTimes, shownTime } from './schedule-input.ts';
import { cancelPending, type RecordSchedule, recordSchedule, replacePending } from './schedule-store.ts';
import { requireScheduledRecord } from './scheduled-record.ts';

/** `FAQ "How do I apply?" (id 3)`: names the record even when its title is not unique; `FAQ #3` without a title. */
export function recordName(section: SectionDef, title: unknown, id: number): string {
  const name = named(section.singular, title, id);
  return name.endsWith(`#${id}`) ? name : `${name} (id ${id})`;
}

function scheduledText(times: ScheduleTimes): string {
  const parts = (['publish', 'unpublish'] as const).flatMap((action) => {
    const due = times[action];
    return due === undefined ? [] : [`to ${action} at ${shownTime(due)}`];
  });
  return parts.join(' and ');
}

/**
 * Sets a record's schedule (replacing what was pending) with its log row, in one transaction; `id`
 * is undefined for a single-record section's record.
 */
export function setSchedule(
  db: Db,
  section: SectionDef,
  id: number | undefined,
  times: ScheduleTimes,
  username: string,
  now: Date,
): Promise<RecordSchedule> {
  return retryWhenBusy(() =>
    writeTransaction(db, async (trx) => {
      const record = await requireScheduledRecord(trx, section, id, true);
      const at = now.toISOString();
      await replacePending(trx, section, record.id, times, username, at);
      const content = `Scheduled ${recordName(section, record.title, record.id)} ${scheduledText(times)}`;
      await appendLogs(
        trx,
        [{ action: 'update', content, section: section.slug, recordId: record.id, username }],
        null,
        at,
      );
      return recordSchedule(trx, section, record.id);
    }),
  );
}

/** Cancels a record's pending schedules; a log row says so when there were any. */
export function cancelSchedule(
  db: Db,
  section: SectionDef,
  id: number | undefined,
  username: string,
  now: Date,
): Promise<RecordSchedule> {
  return retryWhenBusy(() =>
    writeTransaction(db, async (trx) => {
      const record = await requireScheduledRecord(trx, section, id, true);
      if ((await cancelPending(trx, section, record.id)) > 0) {
        const content = `Cancelled the schedule of ${recordName(section, record.title, record.id)}`;
        await appendLogs(
          trx,
          [{ action: 'update', content, section: section.slug, recordId: record.id, username }],
          null,
          now.toISOString(),
        );
      }
      return recordSchedule(trx, section, record.id);
    }),
  );
}
