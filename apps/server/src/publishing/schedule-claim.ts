import { rolesWith, type SectionDef, sections } from '@bursary/shared';
import { appendLogs } from '../audit/log-writes.ts';
import { enqueueEvent } from '../webhooks/outbox.ts';
import { dialectOf } from '../db/dialect.ts';
import type { Db, ScheduleAction } from '../db/types.ts';
import type { ChangePipeline } from '../records/change-pipeline.ts';
import { retryWhenBusy, writeTransaction } from '../db/write-transaction.ts';
import { shownTime } from './schedule-input.ts';
import type { ScheduledAction } from './schedule-actions.ts';
import { failureReason, SetterCannotPublishError, unknownSectionReason } from './schedule-failure.ts';
import { findScheduledRecord } from './scheduled-record.ts';
import { recordName } from './schedule-writes.ts';

export interface RunnerOptions {
  actions: Record<ScheduleAction, ScheduledAction>;
  /** The app's change pipeline: a schedule coming due changes the record as its setter's own step would. */
  changes: ChangePipeline;
  /** Errors that leave a schedule pending (tried again next time): for the server's log. */
  onError: (error: unknown) => void;
  /** Runs in each action's transaction just before the action: tests slow it to stop a process midway. */
  beforeAction?: () => Promise<void>;
}

export interface DueSchedule {
  id: number;
  section: string;
  record_id: number;
  action: ScheduleAction;
  due_at: string;
  set_by: string;
}

/** What became of one due schedule; 'skipped': another instance had it, or it stays pending for the next look. */
export type Outcome = 'done' | 'failed' | 'skipped';

export const sectionOf = (due: DueSchedule): SectionDef | undefined => sections.find((s) => s.slug === due.section);

/**
 * Takes a pending schedule for this transaction alone: the update that marks it done is the claim,
 * so it commits with the action or rolls back with it. Zero rows: another instance has it. On
 * PostgreSQL a schedule another instance is running now is passed over rather than waited for.
 */
async function claim(trx: Db, id: number): Promise<boolean> {
  const result = await trx
    .updateTable('schedules')
    .set({ state: 'done', finished_at: new Date().toISOString() })
    .where('state', '=', 'pending')
    .where(
      'id',
      'in',
      dialectOf(trx) === 'postgres'
        ? trx.selectFrom('schedules').select('id').where('id', '=', id).forUpdate().skipLocked()
        : [id],
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Who may set a schedule, and so whose schedules are carried out when they come due. */
const SCHEDULE_ROLES = rolesWith('content:write');

/** Throws SetterCannotPublishError unless the setter still exists, is active and may still publish. */
async function checkSetter(trx: Db, username: string): Promise<void> {
  const setter = await trx
    .selectFrom('users')
    .select(['role', 'disabled'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (!setter || Number(setter.disabled) !== 0 || !SCHEDULE_ROLES.includes(setter.role))
    throw new SetterCannotPublishError(username);
}

/**
 * Claims a due schedule and does its step in `trx`, with the rights its setter has now; false when another
 * instance has it.
 */
export async function claimAndRun(trx: Db, due: DueSchedule, section: SectionDef, options: RunnerOptions) {
  if (!(await claim(trx, due.id))) return false;
  await checkSetter(trx, due.set_by);
  await options.beforeAction?.();
  const setter = { username: due.set_by, changes: options.changes, scheduled: true };
  await options.actions[due.action](trx, setter, section, due.record_id);
  return true;
}

const scheduleFailedData = (due: DueSchedule) => ({
  section: due.section,
  id: due.record_id,
  title: null,
  action: due.action,
  revision_id: null,
  username: due.set_by,
});

/**
 * Keeps a failed schedule with its reason, logs it and tells the webhooks (`schedule.failed`), unless another
 * instance settled it first.
 */
async function markFailed(db: Db, due: DueSchedule, reason: string): Promise<Outcome> {
  const marked = await retryWhenBusy(() =>
    writeTransaction(db, async (trx) => {
      const now = new Date().toISOString();
      const result = await trx
        .updateTable('schedules')
        .set({ state: 'failed', reason, finished_at: now })
        .where('id', '=', due.id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      const section = sectionOf(due);
      const record = section && (await findScheduledRecord(trx, section, due.record_id));
      const name = section ? recordName(section, record?.title, due.record_id) : `record ${due.record_id}`;
      const content = `The ${due.action} of ${name} scheduled for ${shownTime(due.due_at)} failed: ${reason}`;
      await appendLogs(
        trx,
        [{ action: 'update', content, section: due.section, recordId: due.record_id, username: due.set_by }],
        null,
        now,
      );
      // no title: the record may be a draft, and a webhook's receiver may be public
      await enqueueEvent(trx, 'schedule.failed', { ...scheduleFailedData(due), reason }, now);
      return true;
    }),
  );
  return marked ? 'failed' : 'skipped';
}

/**
 * After a step threw and its transaction (or savepoint) rolled back: a failure the record explains is
 * kept with its reason; anything else leaves the schedule pending and is reported.
 */
export async function settleFailure(
  db: Db,
  due: DueSchedule,
  error: unknown,
  options: RunnerOptions,
): Promise<Outcome> {
  const section = sectionOf(due);
  const reason = section ? failureReason(error, section, due.action) : unknownSectionReason(due.section);
  if (reason === undefined) {
    options.onError(error);
    return 'skipped';
  }
  return markFailed(db, due, reason);
}
