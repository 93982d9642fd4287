import type { RevisionAction } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import type { StoredChange } from '../revisions/stored-change.ts';
import { type RecordEventData, type WebhookEvent, enqueueVisibleChange } from './outbox.ts';

const ACTION_EVENTS: Record<RevisionAction, WebhookEvent> = {
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
function visibleEvents(change: StoredChange): WebhookEvent[] {
  if (change.event === 'hidden') return [];
  if (change.event === 'published') return ['record.published'];
  if (change.event === 'saved live') return [ACTION_EVENTS[change.action], 'record.published'];
  if (change.event === 'unpublished') return ['record.unpublished'];
  if (change.status === 'draft') return [];
  return [ACTION_EVENTS[change.action]];
}

/** The webhook events of a change the website can see, each naming the revision that keeps it. */
export async function enqueueChangeEvents(trx: Db, change: StoredChange): Promise<void> {
  const events = visibleEvents(change);
  if (events.length === 0 || !(await writtenInPublic(trx, change.locale))) return;
  const title = change.record[change.section.titleField];
  for (const event of events) {
    const data: RecordEventData = {
      section: change.section.slug,
      id: change.record.id,
      title: typeof title === 'string' || typeof title === 'number' ? String(title) : null,
      action: EVENT_ACTIONS[event] ?? change.action,
      revision_id: change.revisionId,
      username: change.username,
      locale: change.locale ?? null,
    };
    await enqueueVisibleChange(trx, event, data, change.now);
  }
}
