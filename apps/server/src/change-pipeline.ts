import { logChange } from './audit/change-logs.ts';
import { dropScheduleLeftIdle } from './pending/idle-schedules.ts';
import { findPending } from './pending/pending-store.ts';
import { type ChangeGate, allowEveryChange } from './records/change-gate.ts';
import type { ChangePipeline } from './records/change-pipeline.ts';
import type { ChangeParticipants } from './records/store-change.ts';
import { storeRevision } from './revisions/revisions.ts';
import { storeChangeProblems } from './site-health/change-problems.ts';
import { enqueueChangeEvents } from './webhooks/change-events.ts';

/** What each change writes beside its record, from the folders that keep each part. */
const changeParticipants: ChangeParticipants = {
  waitingOn: async (trx, section, id) => (await findPending(trx, section, id))?.record ?? null,
  keepRevision: storeRevision,
  others: [logChange, enqueueChangeEvents, dropScheduleLeftIdle, storeChangeProblems],
};

/** The pipeline every change goes through, with `gate` deciding which may be stored (by default, every one). */
export function changePipeline(gate: ChangeGate = allowEveryChange): ChangePipeline {
  return { gate, participants: changeParticipants };
}
