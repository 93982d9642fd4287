import type { SectionDef, SectionRecord } from '@bursary/shared';
import { writeTransaction } from '../db/write-transaction.ts';
import { nowIso } from '../lib/clock.ts';
import { deleteTranslations } from '../locales/translations-store.ts';
import { findPending, removePending } from '../pending/pending-store.ts';
import { removePendingTranslations } from '../pending/pending-translations-store.ts';
import { readRecord } from './read.ts';
import { recordLog } from './record-logs.ts';
import { recordNotFound } from './record-writes.ts';
import { commitChange, deleteRecordRow } from './commit-change.ts';
import { checkIfMatch, type WriteContext } from './write-concurrency.ts';

/**
 * DELETE /api/{slug}/{id}: the record as it was, and the revision that keeps it (restoring it brings the record
 * back, as a draft if it was one, with the changes that were waiting on it).
 */
export async function deleteRecord(
  ctx: WriteContext,
  section: SectionDef,
  id: number,
): Promise<{ record: SectionRecord; revisionId: number }> {
  return writeTransaction(ctx.db, async (trx) => {
    const current = await readRecord(trx, section, id);
    if (!current) throw recordNotFound(section, id);
    checkIfMatch(section, ctx.ifMatch, current);
    await deleteRecordRow(trx, section, id, ctx.ifMatch === undefined ? undefined : current.version);
    const pending = await findPending(trx, section, id);
    if (pending) await removePending(trx, section, id);
    const revisionId = await commitChange(trx, ctx, 'delete', {
      section,
      action: 'delete',
      record: current.record,
      version: current.version,
      status: current.status,
      pending: pending?.record ?? null,
      username: ctx.username,
      logs: [recordLog(ctx, section, current.record, 'delete')],
      now: nowIso(),
    });
    // the revision keeps them: a restore brings them back with the record
    await deleteTranslations(trx, section, id);
    // other languages' waiting changes go with the record
    await removePendingTranslations(trx, section, id);
    return { record: current.record, revisionId };
  });
}
