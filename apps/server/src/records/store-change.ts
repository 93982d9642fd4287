import type { SectionDef, SectionRecord } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import type { LoggedChange } from '../audit/change-logs.ts';
import type { LogEvent } from '../audit/log-writes.ts';
import type { RevisionWrite } from '../revisions/revisions.ts';
import type { ChangeEvent, ChangeParticipant } from '../revisions/stored-change.ts';
import type { RecordStatus } from './record-validation.ts';
import { revisionLanguagesOf, withRevisionLanguages } from './revision-translations.ts';

export interface ChangeWrite extends RevisionWrite {
  logs: LogEvent[];
  /** The record's status after the change (for a delete, as it was). */
  status: RecordStatus;
  /** The changes waiting on it after the change; left out, they are read as the transaction sees them. */
  pending?: SectionRecord | null;
  /** What the website sees of the change (webhooks); left out, what its status and action say. */
  event?: ChangeEvent;
  /** The language a change in one language wrote (its webhook events' `data.locale`); null: shared fields only. */
  locale?: string | null;
}

/**
 * What is written with each change, in its transaction, handed in by the app (app.ts) so that the records core
 * depends on none of the folders that keep them.
 */
export interface ChangeParticipants {
  /** The changes waiting on a record, as the change's transaction sees them. */
  waitingOn: (trx: Db, section: SectionDef, id: number) => Promise<SectionRecord | null>;
  /** Keeps the change's revision; its id names the change for every other part. */
  keepRevision: (trx: Db, revision: RevisionWrite) => Promise<number>;
  /** The other parts, in order: its log rows, webhook events, the end of a schedule left idle, the site's health. */
  others: readonly ChangeParticipant<LoggedChange>[];
}

/**
 * A revision's record as kept: the record as answered, with its status when a draft and the changes waiting
 * on it, if any, so restoring the revision brings those back too. A published record with nothing
 * waiting is kept exactly as answered, as before drafts existed.
 */
const revisionRecord = (record: SectionRecord, status: RecordStatus, pending: SectionRecord | null): SectionRecord => ({
  ...record,
  ...(status === 'draft' ? { status } : {}),
  ...(pending ? { pending_changes: pending } : {}),
});

/**
 * Stores a change's revision, then hands the change to each other part in turn (its log rows naming the revision,
 * its webhook events, the end of a publish schedule the change left with nothing to do and what the site's health
 * now says of the record), in the change's transaction: they commit together or not at all.
 */
export async function storeChange(trx: Db, participants: ChangeParticipants, write: ChangeWrite): Promise<number> {
  const pending =
    write.pending !== undefined ? write.pending : await participants.waitingOn(trx, write.section, write.record.id);
  // a new record has no other languages, schedule or stored problems yet (ids are never reused): a create skips
  // the statements that read or drop them
  const created = write.action === 'create';
  // every language and the changes waiting in it are kept, so History brings each back; a deleted record's are read
  // before they go with it
  const languages = created ? {} : await revisionLanguagesOf(trx, write.section, write.record.id);
  const revisionId = await participants.keepRevision(trx, {
    ...write,
    record: withRevisionLanguages(revisionRecord(write.record, write.status, pending), languages),
  });
  const change = { ...write, pending, revisionId };
  for (const participant of participants.others) await participant(trx, change);
  return revisionId;
}
