import type { SectionDef, SectionRecord } from '@bursary/shared';
import { nowIso } from '../lib/clock.ts';
import { ConflictError } from '../lib/errors.ts';
import type { Db } from '../db/types.ts';
import type { ReadRecord } from '../records/read.ts';
import type { Changer } from '../records/change-pipeline.ts';
import { writeRecordRow } from '../records/commit-change.ts';
import type { Row } from '../records/repository.ts';
import { recordPath, reread } from '../records/record-writes.ts';
import { itemLogs } from '../records/record-logs.ts';
import { validateRecord } from '../records/record-validation.ts';
import { bodyOf } from '../records/pending-record.ts';
import { findPending, removePending } from '../pending/pending-store.ts';
import { applySubList, type ItemChange, sentItems } from '../records/sub-list.ts';
import { nothingPrepared, toColumns } from '../records/write-columns.ts';
import { applyLanguageChanges, waitingLanguagesOf } from './language-changes-applied.ts';
import { checkedForPublishing } from './publish-check.ts';
import { storePublishingStep } from './store-step.ts';
import { lockedTarget } from './target-record.ts';

/** Who takes a publishing step: a signed-in editor, or the scheduler acting for whoever set the schedule. */
type Publisher = Changer;

/**
 * Makes the default language's waiting changes live in the record's sub-items and answers the columns they write,
 * checked again as a full save of the record would be.
 */
function applyChanges(
  trx: Db,
  section: SectionDef,
  id: number,
  pending: SectionRecord,
  now: string,
): Promise<{ columns: Row; items: ItemChange[] }> {
  return checkedForPublishing(async () => {
    const values = validateRecord(section, 'create', { body: bodyOf(section, pending), uploads: new Map() });
    const columns = await toColumns(trx, section, values, nothingPrepared(), 'create');
    const sub = section.subItems;
    const items =
      sub && values[sub.field] !== undefined
        ? await applySubList(trx, section, sub, id, sentItems(sub, values[sub.field]), now)
        : [];
    return { columns, items };
  });
}

/** Whether the website is in more than one language: its publish events then say which (null: every one). */
async function inSeveralLanguages(trx: Db): Promise<boolean> {
  return (await trx.selectFrom('locales').select('code').limit(2).execute()).length > 1;
}

/**
 * Makes a record's waiting changes live, in every language (the default language's only when `defaultOnly` names
 * it), and/or a draft published, inside the caller's transaction: the record, its log row and its revision land
 * together. Throws NotFoundError for no such record, ValidationError when the changes no longer pass the rules,
 * ConflictError when nothing is to publish.
 */
export async function publishIn(
  trx: Db,
  who: Publisher,
  section: SectionDef,
  id: number,
  defaultOnly?: string,
): Promise<ReadRecord> {
  const current = await lockedTarget(trx, section, id);
  const pending = await findPending(trx, section, id);
  const languages = defaultOnly === undefined ? await waitingLanguagesOf(trx, section, id) : [];
  if (current.status === 'published' && !pending && languages.length === 0) {
    throw new ConflictError(
      `This ${section.singular.toLowerCase()} is already published and has no changes waiting: there is nothing to publish. Save changes first (PUT ${recordPath(section, id)}/changes).`,
    );
  }
  const now = nowIso();
  let columns: Row = {};
  let items: ItemChange[] = [];
  if (pending) {
    ({ columns, items } = await applyChanges(trx, section, id, pending.record, now));
    await removePending(trx, section, id);
  }
  await writeRecordRow(trx, section, id, { ...columns, status: 'published' }, now);
  const published = await reread(trx, section, id);
  // after the default language's, so each language's changes are checked against the sub-items as they now are; a
  // language refused throws, and the caller's transaction takes the default language's changes back with it
  for (const language of languages) await applyLanguageChanges(trx, section, published.record, language, now);
  await storePublishingStep(trx, who, section, {
    step: 'published',
    read: published,
    pending: null,
    ...((await inSeveralLanguages(trx)) ? { locale: defaultOnly ?? null } : {}),
    itemLogs: itemLogs(who, section, id, items),
    now,
  });
  return published;
}

/**
 * Takes a published record off the website and keeps it as a draft, inside the caller's transaction.
 * Changes waiting on it stay waiting: publishing the draft again applies them. Throws NotFoundError for
 * no such record, ConflictError when it is a draft already.
 */
export async function unpublishIn(trx: Db, who: Publisher, section: SectionDef, id: number): Promise<ReadRecord> {
  const current = await lockedTarget(trx, section, id);
  if (current.status === 'draft') {
    throw new ConflictError(
      `This ${section.singular.toLowerCase()} is already a draft: it is not on the website. Publish it with POST ${recordPath(section, id)}/publish.`,
    );
  }
  const now = nowIso();
  await writeRecordRow(trx, section, id, { status: 'draft' }, now);
  const draft = await reread(trx, section, id);
  await storePublishingStep(trx, who, section, { step: 'unpublished', read: draft, now });
  return draft;
}
