import type { SectionRecord } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import type { RevisionWrite } from './revisions.ts';

/**
 * What the website sees of a change, for the webhooks: `published` and `unpublished` say so; `saved live` is a save
 * that also took a draft live (its action's event and `record.published`, so a site listening for publishes alone
 * hears of it); `hidden` is a change it cannot see (saving or discarding pending changes). Without it, a record
 * whose `status` is `draft` is hidden and any other change is visible as its action.
 */
export type ChangeEvent = 'published' | 'saved live' | 'unpublished' | 'hidden';

/**
 * A change to a record once its revision is kept, as each part the records core writes with it (log rows, webhook
 * events, the site's health, schedules left idle) is handed it, in the change's transaction.
 */
export interface StoredChange extends RevisionWrite {
  /** The record's status after the change (for a delete, as it was). */
  status: 'draft' | 'published';
  /** The changes waiting on the record after the change. */
  pending: SectionRecord | null;
  event?: ChangeEvent | undefined;
  /** The language a change in one language wrote; null or left out: shared fields only. */
  locale?: string | null | undefined;
  /** The revision that keeps the change. */
  revisionId: number;
}

/** One part of what a change writes beside its record and revision. */
export type ChangeParticipant<Change extends StoredChange = StoredChange> = (trx: Db, change: Change) => Promise<void>;
