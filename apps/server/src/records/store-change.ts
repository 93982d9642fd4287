import type { SectionRecord } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { appendLogs, type LogEvent } from '../audit/log-writes.ts';
import { enqueueVisibleChange, type RecordEventData, type WebhookEvent } from '../webhooks/outbox.ts';
import { type RevisionWrite, storeRevision } from '../revisions/revisions.ts';
import { storeRecordProblems } from '../site-health/record-problems.ts';
import { findPending } from '../pending/pending-store.ts';
import { dropIdlePublishSchedule } from '../pending/idle-schedules.ts';
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
 * What the website sees of a change, for the webhooks: `published` and `unpublished` say so; `saved live` is a save
 * that also took a draft live (its action's event and `record.published`, so a site listening for publishes alone
 * hears of it); `hidden` is a change it cannot see (saving or discarding pending changes). Without it, a record
 * whose `status` is `draft` is hidden and any other change is visible as its action.
 */
export type ChangeEvent = 'published' | 'saved live' | 'unpublished' | 'hidden';

const ACTION_EVENTS: Record<RevisionWrite['action'], WebhookEvent> = {
  create: 'record.created',
  update: 'record.updated',
  delete: 'record.deleted',
  restore: 'record.restored',
};

/** The action each record event names: the event's own, so that `data.action` never contradicts `type`. */
const EVENT_ACTIONS: Partial<Record<WebhookEvent, string>> = {
  'record.created': 'create',
  'record.updated': 'update',
  'record.deleted': 'delete',
  'record.restored': 'restore',
  'record.published': 'publish',
  'record.unpublished': 'unpublish',
};

/**
 * Whether the website may hear of a change written in `locale`: one in shared fields or the default language may;
 * one in a private language may not (its events would name a language the website does not know of, for nothing).
 */
async function writtenInPublic(trx: Db, locale: string | null | undefined): Promise<boolean> {
  if (locale === null || locale === undefined) return true;
  const row = await trx
    .selectFrom('locales')
    .select(['public', 'is_default'])
    .where('code', '=', locale)
    .executeTakeFirst();
  return !row || Number(row.public) === 1 || Number(row.is_default) === 1;
}

/** The record events the website may hear of: none when the change is one it cannot see. */
function visibleEvents(write: ChangeWrite): WebhookEvent[] {
  if (write.event === 'hidden') return [];
  if (write.event === 'published') return ['record.published'];
  if (write.event === 'saved live') return [ACTION_EVENTS[write.action], 'record.published'];
  if (write.event === 'unpublished') return ['record.unpublished'];
  if (write.status === 'draft') return [];
  return [ACTION_EVENTS[write.action]];
}

/**
 * Stores a change's revision, then its log rows naming it, then its webhook events, what the site's health
 * now says of the record and the end of a publish schedule the change left with nothing to do, in the change's
 * transaction: they commit together or not at all. The first log row is the one the revision names as its log_id.
 */
export async function storeChange(trx: Db, write: ChangeWrite): Promise<number> {
  const pending =
    write.pending !== undefined
      ? write.pending
      : ((await findPending(trx, write.section, write.record.id))?.record ?? null);
  const deleted = write.action === 'delete';
  // a new record has no other languages, schedule or stored problems yet (ids are never reused): a create skips
  // the statements that read or drop them
  const created = write.action === 'create';
  // every language and the changes waiting in it are kept, so History brings each back; a deleted record's are read
  // before they go with it
  const languages = created ? {} : await revisionLanguagesOf(trx, write.section, write.record.id);
  const id = await storeRevision(trx, {
    ...write,
    record: withRevisionLanguages(revisionRecord(write.record, write.status, pending), languages),
  });
  await appendLogs(trx, write.logs, id, write.now);
  const events = visibleEvents(write);
  if (events.length > 0 && (await writtenInPublic(trx, write.locale))) {
    const title = write.record[write.section.titleField];
    for (const event of events) {
      const data: RecordEventData = {
        section: write.section.slug,
        id: write.record.id,
        title: typeof title === 'string' || typeof title === 'number' ? String(title) : null,
        action: EVENT_ACTIONS[event] ?? write.action,
        revision_id: id,
        username: write.username,
        locale: write.locale ?? null,
      };
      await enqueueVisibleChange(trx, event, data, write.now);
    }
  }
  if (!deleted && !created && write.status === 'published' && !pending)
    await dropIdlePublishSchedule(trx, write.section, write.record.id);
  await storeRecordProblems(
    trx,
    write.section,
    write.record.id,
    { live: deleted || write.status === 'draft' ? null : write.record, pending: deleted ? null : pending },
    { created },
  );
  return id;
}
