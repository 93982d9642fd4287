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

/** A record event's `data`: one shape for every event, its `action` the one its type names. */
function recordEventData(
  event: WebhookEvent,
  record: { section: string; id: number; title: unknown; action: string },
  { revisionId, username, locale }: { revisionId: number | null; username: string; locale: string | null },
): RecordEventData {
  const { title } = record;
  return {
    section: record.section,
    id: record.id,
    title: typeof title === 'string' || typeof title === 'number' ? String(title) : null,
    action: EVENT_ACTIONS[event] ?? record.action,
    revision_id: revisionId,
    username,
    locale,
  };
}

/** The webhook events of a change the website can see, each naming the revision that keeps it. */
export async function enqueueChangeEvents(trx: Db, change: StoredChange): Promise<void> {
  const events = visibleEvents(change);
  if (events.length === 0 || !(await writtenInPublic(trx, change.locale))) return;
  const record = {
    section: change.section.slug,
    id: change.record.id,
    title: change.record[change.section.titleField],
    action: change.action,
  };
  const context = { revisionId: change.revisionId, username: change.username, locale: change.locale ?? null };
  for (const event of events)
    await enqueueVisibleChange(trx, event, recordEventData(event, record, context), change.now);
}

/**
 * An image's alternative text or focal point shows beside it in every record that holds it, so each published
 * record holding it answers differently: `record.updated` names each (no revision keeps it: the record's own
 * content did not change), in `locale`, the language of the text changed (null for the default's or the focal
 * point). Nothing for a private language's text, or for drafts, which the website does not show.
 */
export async function enqueueImageDetailsEvents(
  trx: Db,
  records: readonly { section: { slug: string }; id: number; status: string; title: string | null }[],
  { username, locale, now }: { username: string; locale: string | null; now: string },
): Promise<void> {
  if (!(await writtenInPublic(trx, locale))) return;
  for (const record of records) {
    if (record.status === 'draft') continue;
    const data = recordEventData(
      'record.updated',
      { section: record.section.slug, id: record.id, title: record.title, action: 'update' },
      { revisionId: null, username, locale },
    );
    await enqueueVisibleChange(trx, 'record.updated', data, now);
  }
}
