import { type SectionDef, sections } from '@bursary/shared';
import type { Db, ScheduleAction, ScheduleState } from '../db/types.ts';
import type { ScheduleTimes } from './schedule-input.ts';
import { titlesOf } from './scheduled-record.ts';

/** A schedule as the API answers it. */
interface ScheduleItem {
  id: number;
  section: string;
  record_id: number;
  /** The record's title now; null once the record is deleted. */
  title: string | null;
  action: ScheduleAction;
  due_at: string;
  state: ScheduleState;
  reason: string | null;
  set_by: string;
  set_at: string;
  finished_at: string | null;
}

/** How many finished ones `GET /api/schedules` lists: the recent past, not all history. */
export const RECENT_DONE = 50;
const FAILED_SHOWN = 200;
const UPCOMING_SHOWN = 1000;

const COLUMNS = [
  'id',
  'section',
  'record_id',
  'action',
  'due_at',
  'state',
  'reason',
  'set_by',
  'set_at',
  'finished_at',
] as const;

type StoredSchedule = Omit<ScheduleItem, 'title'>;

/** Adds each record's title, one query per section the schedules name. */
async function withTitles(db: Db, rows: StoredSchedule[]): Promise<ScheduleItem[]> {
  const titles = new Map<string, Map<number, string | null>>();
  for (const section of sections) {
    const ids = [...new Set(rows.filter((row) => row.section === section.slug).map((row) => Number(row.record_id)))];
    if (ids.length > 0) titles.set(section.slug, await titlesOf(db, section, ids));
  }
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    record_id: Number(row.record_id),
    title: titles.get(row.section)?.get(Number(row.record_id)) ?? null,
  }));
}

/** Replaces a record's pending schedules with the given times (in the caller's transaction). */
export async function replacePending(
  trx: Db,
  section: SectionDef,
  recordId: number,
  times: ScheduleTimes,
  username: string,
  now: string,
): Promise<void> {
  await cancelPending(trx, section, recordId);
  const values = (['publish', 'unpublish'] as const).flatMap((action) => {
    const due = times[action];
    return due === undefined
      ? []
      : [{ section: section.slug, record_id: recordId, action, due_at: due, set_by: username, set_at: now }];
  });
  if (values.length > 0) await trx.insertInto('schedules').values(values).execute();
}

/** Answers how many pending schedules there were. */
export async function cancelPending(trx: Db, section: SectionDef, recordId: number): Promise<number> {
  const result = await trx
    .deleteFrom('schedules')
    .where('section', '=', section.slug)
    .where('record_id', '=', recordId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface RecordSchedule {
  pending: ScheduleItem[];
  last_failed: ScheduleItem | null;
}

/** What is scheduled for one record, and the last of its schedules that failed. */
export async function recordSchedule(db: Db, section: SectionDef, recordId: number): Promise<RecordSchedule> {
  const ofRecord = () =>
    db.selectFrom('schedules').select(COLUMNS).where('section', '=', section.slug).where('record_id', '=', recordId);
  const pending = await ofRecord().where('state', '=', 'pending').orderBy('due_at').orderBy('id').execute();
  const failed = await ofRecord()
    .where('state', '=', 'failed')
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .execute();
  const items = await withTitles(db, [...pending, ...failed]);
  return { pending: items.slice(0, pending.length), last_failed: items[pending.length] ?? null };
}

export interface ScheduleOverview {
  upcoming: ScheduleItem[];
  failed: ScheduleItem[];
  done: ScheduleItem[];
}

/** Every section's schedules: what is coming (soonest first), what failed and what ran lately (latest first). */
export async function listSchedules(db: Db): Promise<ScheduleOverview> {
  const inState = (state: ScheduleState) => db.selectFrom('schedules').select(COLUMNS).where('state', '=', state);
  const upcoming = await inState('pending').orderBy('due_at').orderBy('id').limit(UPCOMING_SHOWN).execute();
  const failed = await inState('failed')
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .limit(FAILED_SHOWN)
    .execute();
  const done = await inState('done').orderBy('finished_at', 'desc').orderBy('id', 'desc').limit(RECENT_DONE).execute();
  const items = await withTitles(db, [...upcoming, ...failed, ...done]);
  return {
    upcoming: items.slice(0, upcoming.length),
    failed: items.slice(upcoming.length, upcoming.length + failed.length),
    done: items.slice(upcoming.length + failed.length),
  };
}
