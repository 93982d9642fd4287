import { sections } from '@bursary/shared';
import { appendLogs } from '../audit/log-writes.ts';
import { enqueueEvent } from '../audit/outbox.ts';
import { dialectOf } from '../db/dialect.ts';
import type { Db, ScheduleAction } from '../db/types.ts';
import { retryWhenBusy, writeTransaction } from '../db/write-transaction.ts';
import { shownTime } from './schedule-input.ts';
import type { ScheduledAction } from './schedule-actions.ts';
import { failureReason, unknownSectionReason } from './schedule-failure.ts';
import { findScheduledRecord } from './scheduled-record.ts';
import { recordName } from './schedule-writes.ts';

/** Due schedules taken per round: enough to keep every connection busy, few enough to hold in memory. */
const BATCH = 200;

export interface RunnerOptions {
  actions: Record<ScheduleAction, ScheduledAction>;
  /** Errors that leave a schedule pending (tried again next time): for the server's log. */
  onError: (error: unknown) => void;
  /** Runs in each action's transaction just before the action: tests slow it to stop a process midway. */
  beforeAction?: () => Promise<void>;
}

interface DueSchedule {
  id: number;
  section: string;
  record_id: number;
  action: ScheduleAction;
  due_at: string;
  set_by: string;
}

export interface RunResult {
  done: number;
  failed: number;
}

/**
 * Takes a pending schedule for this transaction alone: the update that marks it done is the claim,
 * so it commits with the action or rolls back with it. Zero rows: another instance has it. On
 * PostgreSQL a schedule another instance is running now is passed over rather than waited for.
 */
async function claim(trx: Db, id: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('schedules')
    .set({ state: 'done', finished_at: now })
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
async function markFailed(db: Db, due: DueSchedule, reason: string): Promise<boolean> {
  return retryWhenBusy(() =>
    writeTransaction(db, async (trx) => {
      const now = new Date().toISOString();
      const result = await trx
        .updateTable('schedules')
        .set({ state: 'failed', reason, finished_at: now })
        .where('id', '=', due.id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      const section = sections.find((s) => s.slug === due.section);
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
}

/** Runs one due schedule: 'done', 'failed', or 'skipped' (another instance had it, or it stays pending). */
async function runOne(db: Db, due: DueSchedule, options: RunnerOptions): Promise<'done' | 'failed' | 'skipped'> {
  const section = sections.find((s) => s.slug === due.section);
  if (!section) return (await markFailed(db, due, unknownSectionReason(due.section))) ? 'failed' : 'skipped';
  try {
    const ran = await retryWhenBusy(() =>
      writeTransaction(db, async (trx) => {
        if (!(await claim(trx, due.id, new Date().toISOString()))) return false;
        await options.beforeAction?.();
        await options.actions[due.action](trx, { username: due.set_by }, section, due.record_id);
        return true;
      }),
    );
    return ran ? 'done' : 'skipped';
  } catch (error) {
    const reason = failureReason(error, section, due.action);
    if (reason === undefined) {
      options.onError(error);
      return 'skipped';
    }
    return (await markFailed(db, due, reason)) ? 'failed' : 'skipped';
  }
}

/**
 * Runs every schedule due by `now`, a batch at a time, each in its own transaction. Several
 * instances may run this at once: each schedule is claimed by exactly one. Ones left pending by
 * an error are not taken again in the same pass.
 */
export async function runDueSchedules(db: Db, options: RunnerOptions, now = new Date()): Promise<RunResult> {
  const result: RunResult = { done: 0, failed: 0 };
  const dueBy = now.toISOString();
  let after = 0;
  for (;;) {
    const batch = await db
      .selectFrom('schedules')
      .select(['id', 'section', 'record_id', 'action', 'due_at', 'set_by'])
      .where('state', '=', 'pending')
      .where('due_at', '<=', dueBy)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (batch.length === 0) return result;
    after = Number(batch[batch.length - 1]?.id ?? after);
    const outcomes = await Promise.all(
      batch.map((row) => runOne(db, { ...row, id: Number(row.id), record_id: Number(row.record_id) }, options)),
    );
    for (const outcome of outcomes) if (outcome !== 'skipped') result[outcome] += 1;
    if (batch.length < BATCH) return result;
  }
}
