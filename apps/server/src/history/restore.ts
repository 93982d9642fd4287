import { type SectionDef, type SectionRecord, sections } from '@bursary/shared';
import { retryWhenBusy, writeTransaction } from '../db/write-transaction.ts';
import { restoredSummary } from '../audit/log-writes.ts';
import { nowIso } from '../lib/clock.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import { timestampKeys } from '../db/naming.ts';
import { type ReadRecord, readRecord, readSingle } from '../records/read.ts';
import type { Db } from '../db/types.ts';
import { type Row, insertRowWithId } from '../records/repository.ts';
import { commitChange, writeRecordRow } from '../records/commit-change.ts';
import { replaceItems } from '../records/sub-item-repository.ts';
import { checkIfMatch, lockSection, staleWrite, type WriteContext } from '../records/write-concurrency.ts';
import { findRevision, latestRevision, type StoredRevision } from '../revisions/revisions.ts';
import { type RestorableVersion, restorableVersion } from './restore-validation.ts';
import { pendingRecordOf } from '../records/pending-record.ts';
import { putPending, removePending } from '../pending/pending-store.ts';
import { toColumns } from '../records/write-columns.ts';
import { restoreTranslations } from '../records/translation-writes.ts';
import { restoreLanguageChanges } from './restore-language-changes.ts';

const sectionOf = (slug: string): SectionDef | undefined => sections.find((section) => section.slug === slug);

async function writeItems(
  trx: Db,
  section: SectionDef,
  id: number,
  record: Record<string, unknown>,
  now: string,
): Promise<void> {
  const sub = section.subItems;
  if (!sub) return;
  const list = Array.isArray(record[sub.field]) ? (record[sub.field] as Record<string, unknown>[]) : [];
  await replaceItems(
    trx,
    section,
    sub,
    id,
    list.map((item) => ({ id: Number(item.id), text: String(item[sub.itemKey] ?? '') })),
    now,
  );
}

/** The changes that were waiting on the version restored wait again; none were: none wait now. */
async function restorePending(
  trx: Db,
  ctx: WriteContext,
  section: SectionDef,
  restored: ReadRecord,
  pending: RestorableVersion['pending'],
  now: string,
): Promise<SectionRecord | null> {
  if (!pending) {
    await removePending(trx, section, restored.record.id);
    return null;
  }
  const change = { live: restored.record, base: pending.record, values: pending.values, prepared: pending.prepared };
  const record = await pendingRecordOf(trx, section, change, now);
  await putPending(trx, section, restored.record.id, { record, username: ctx.username, now });
  return record;
}

/** Brings a deleted record back under its old id, one version past the last it had. */
async function bringBack(
  trx: Db,
  section: SectionDef,
  revision: StoredRevision,
  columns: Row,
  now: string,
): Promise<void> {
  if (section.kind === 'single' && (await readSingle(trx, section))) {
    throw new ConflictError(`${section.label} already has its record. Restore a version of that record instead.`);
  }
  const latest = await latestRevision(trx, section.slug, revision.record_id);
  const created = revision.record[timestampKeys(section).created];
  await insertRowWithId(
    trx,
    section,
    revision.record_id,
    {
      ...columns,
      created_at: typeof created === 'string' ? created : now,
      updated_at: now,
    },
    (latest?.version ?? revision.version) + 1,
  );
}

/**
 * POST /api/revisions/{id}/restore: writes an old version back as an ordinary change — a new
 * version, a log row saying it was restored, a new revision — so the restore is undoable too.
 * A deleted record comes back under its old id.
 */
export async function restoreRevision(
  ctx: WriteContext,
  revisionId: number,
): Promise<{ section: SectionDef; read: ReadRecord }> {
  // a revision never changes once stored: it is read, checked and sanitised before the transaction
  const revision = await findRevision(ctx.db, revisionId);
  const section = revision && sectionOf(revision.section);
  if (!revision || !section) throw new NotFoundError(`No revision with id ${revisionId}.`);
  const version = await restorableVersion(ctx.config, section, revision.record);
  // another process's write in the way (busy or deadlock) is waited out a bounded number of times
  const read = await retryWhenBusy(() =>
    writeTransaction(ctx.db, (trx) => restoreIn(trx, ctx, section, revision, version)),
  );
  return { section, read };
}

/** The restore itself, inside its transaction: run again whole when the database was busy. */
async function restoreIn(
  trx: Db,
  ctx: WriteContext,
  section: SectionDef,
  revision: StoredRevision,
  version: RestorableVersion,
): Promise<ReadRecord> {
  // restores of one section take turns, so two restores of a deleted record cannot both insert it
  await lockSection(trx, section);
  const id = revision.record_id;
  const current = await readRecord(trx, section, id);
  const now = nowIso();
  const columns = {
    ...(await toColumns(trx, section, version.values, version.prepared, 'create')),
    status: version.status,
  };
  if (current) {
    checkIfMatch(section, ctx.ifMatch, current);
    await writeRecordRow(trx, section, id, columns, now, ctx.ifMatch === undefined ? undefined : current.version);
  } else {
    // If-Match names a version; a deleted record has none to match (RFC 9110 13.1.1)
    if (ctx.ifMatch !== undefined) throw staleWrite(section, undefined);
    await bringBack(trx, section, revision, columns, now);
  }
  await writeItems(trx, section, id, version.values, now);
  const restored = await readRecord(trx, section, id);
  if (!restored) throw new NotFoundError(`No revision with id ${revision.id}.`);
  await restoreTranslations(trx, section, restored.record, version.translations, now);
  const pending = await restorePending(trx, ctx, section, restored, version.pending, now);
  const restoredState = { id, status: restored.status };
  await restoreLanguageChanges(trx, section, restoredState, version.languageChanges, { username: ctx.username, now });
  const log = {
    action: current ? ('update' as const) : ('create' as const),
    content: restoredSummary(section.singular, restored.record[section.titleField], id, revision.created_at),
    section: section.slug,
    recordId: id,
    username: ctx.username,
  };
  await commitChange(trx, ctx, 'restore', {
    section,
    action: 'restore',
    record: restored.record,
    version: restored.version,
    status: restored.status,
    pending,
    username: ctx.username,
    logs: [log],
    now,
  });
  return restored;
}
