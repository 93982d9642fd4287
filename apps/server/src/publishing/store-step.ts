import type { Locale, SectionDef, SectionRecord } from '@bursary/shared';
import type { LogEvent, PublishingStep } from '../audit/log-writes.ts';
import type { Db } from '../db/types.ts';
import type { ReadRecord } from '../records/read.ts';
import type { Changer } from '../records/change-pipeline.ts';
import { commitChange } from '../records/commit-change.ts';
import { publishingLog } from '../records/record-logs.ts';
import { type ChangeWrite, storeChange } from '../records/store-change.ts';
import type { ChangeEvent } from '../revisions/stored-change.ts';

/** What the website sees of each step: saving or discarding waiting changes leaves what it shows as it was. */
const STEP_EVENTS: Record<PublishingStep, ChangeEvent> = {
  published: 'published',
  unpublished: 'unpublished',
  'changes saved': 'hidden',
  'changes discarded': 'hidden',
};

interface PublishingChange {
  step: PublishingStep;
  /** The record as the step leaves it: its revision keeps it, its log row names it. */
  read: ReadRecord;
  now: string;
  /** The default language's changes left waiting; left out, they are read as the transaction sees them. */
  pending?: SectionRecord | null;
  /** The one language whose waiting changes the step took: its log row names it, its webhook events carry its code. */
  language?: Pick<Locale, 'code' | 'name'>;
  /** The webhook events' locale of a step that took no one language: null, every language's. */
  locale?: string | null;
  /** Log rows after the step's own: the sub-items a publish added, changed or removed. */
  itemLogs?: LogEvent[];
}

/**
 * Stores a publishing step on a record as a change, in the step's transaction: its revision, its log row
 * (`Changes to FAQ "…" saved (Français)`) and what the website hears of it. Publishing and unpublishing change what
 * the website shows, so the change gate is asked about them; saving or discarding changes that wait leaves the
 * website as it was, and is never refused by it (where changes need approval, they are saved as waiting ones).
 */
export function storePublishingStep(
  trx: Db,
  who: Changer,
  section: SectionDef,
  { step, read, now, pending, language, locale, itemLogs = [] }: PublishingChange,
): Promise<number> {
  const log = publishingLog(who, section, read.record, step);
  const write: ChangeWrite = {
    section,
    action: 'update',
    record: read.record,
    version: read.version,
    status: read.status,
    ...(pending !== undefined ? { pending } : {}),
    event: STEP_EVENTS[step],
    ...(language ? { locale: language.code } : locale !== undefined ? { locale } : {}),
    username: who.username,
    logs: [language ? { ...log, content: `${log.content} (${language.name})` } : log, ...itemLogs],
    now,
  };
  if (step === 'published' || step === 'unpublished')
    return commitChange(trx, who, step === 'published' ? 'publish' : 'unpublish', write, language?.code ?? null);
  return storeChange(trx, who.changes.participants, write);
}
