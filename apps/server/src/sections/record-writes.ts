import type { SectionDef, SectionRecord } from '@bursary/shared';
import { writeTransaction } from '../db/write-transaction.ts';
import { type LogEvent, summary } from '../audit/log-writes.ts';
import { nowIso } from '../lib/clock.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import type { RawInput } from './multipart-input.ts';
import { validateRecord } from './record-validation.ts';
import { type ReadRecord, fromRow, readRecord, readSingle } from './read.ts';
import type { Db } from '../db/types.ts';
import { storeChange } from './store-change.ts';
import { type Row, deleteRow, insertRow, updateRow } from './repository.ts';
import { applySubList, type ItemChange, sentItems } from './sub-list.ts';
import { type PreparedWrite, prepareWrite, toColumns } from './write-columns.ts';
import { checkIfMatch, lockSection, staleWrite, type WriteContext } from './write-concurrency.ts';

export const recordNotFound = (section: SectionDef, id: number) =>
  new NotFoundError(`No ${section.singular.toLowerCase()} with id ${id}.`);

/** The log rows of sub-item changes: one per item created or edited. */
export function itemLogs(ctx: WriteContext, section: SectionDef, parentId: number, changes: ItemChange[]): LogEvent[] {
  const label = section.subItems?.itemLabel ?? 'Item';
  return changes.map((change) => ({
    action: change.action,
    content: summary(label, change.text, change.action, change.id),
    section: section.slug,
    recordId: parentId,
    username: ctx.username,
  }));
}

export const recordLog = (
  ctx: WriteContext,
  section: SectionDef,
  record: SectionRecord,
  action: 'create' | 'update' | 'delete',
): LogEvent => ({
  action,
  content: summary(section.singular, record[section.titleField], action, record.id),
  section: section.slug,
  recordId: record.id,
  username: ctx.username,
});

async function reread(trx: Db, section: SectionDef, id: number): Promise<ReadRecord> {
  const read = await readRecord(trx, section, id);
  if (!read) throw recordNotFound(section, id);
  return read;
}

/** The record as the write's RETURNING answered it; sub-items are read with it. */
async function asWritten(trx: Db, section: SectionDef, row: Row): Promise<ReadRecord> {
  const read = await fromRow(trx, section, row);
  if (!read) throw recordNotFound(section, Number(row.id));
  return read;
}

/** POST /api/{slug}; a single-record section takes it only while it has no record. */
export async function createRecord(ctx: WriteContext, section: SectionDef, input: RawInput): Promise<ReadRecord> {
  const values = validateRecord(section, 'create', input);
  const prepared = await prepareWrite(ctx.config, section, values, input.uploads);
  return writeTransaction(ctx.db, async (trx) => {
    if (section.kind === 'single') {
      await lockSection(trx, section);
      if (await readSingle(trx, section)) {
        throw new ConflictError(
          `${section.label} already has its record. Edit it instead of creating another (PUT /api/${section.slug}).`,
        );
      }
    }
    return insertWithItems(trx, ctx, section, values, prepared);
  });
}

async function insertWithItems(
  trx: Db,
  ctx: WriteContext,
  section: SectionDef,
  values: Record<string, unknown>,
  prepared: PreparedWrite,
): Promise<ReadRecord> {
  const now = nowIso();
  const created = await asWritten(
    trx,
    section,
    await insertRow(trx, section, await toColumns(trx, section, values, prepared, 'create'), now),
  );
  const id = created.record.id;
  const logs = [recordLog(ctx, section, created.record, 'create')];
  const sub = section.subItems;
  let stored = created;
  if (sub && values[sub.field] !== undefined) {
    logs.push(
      ...itemLogs(ctx, section, id, await applySubList(trx, section, sub, id, sentItems(sub, values[sub.field]), now)),
    );
    stored = await reread(trx, section, id);
  }
  await storeChange(trx, {
    section,
    action: 'create',
    record: stored.record,
    version: stored.version,
    username: ctx.username,
    logs,
    now,
  });
  return stored;
}

async function updateExisting(
  trx: Db,
  ctx: WriteContext,
  section: SectionDef,
  current: ReadRecord,
  values: Record<string, unknown>,
  prepared: PreparedWrite,
): Promise<ReadRecord> {
  checkIfMatch(section, ctx.ifMatch, current);
  const now = nowIso();
  const id = current.record.id;
  const columns = await toColumns(trx, section, values, prepared, 'update');
  const landed = await updateRow(
    trx,
    section,
    id,
    columns,
    now,
    ctx.ifMatch === undefined ? undefined : current.version,
  );
  if (!landed) throw staleWrite(section, await readRecord(trx, section, id));
  const sub = section.subItems;
  let updated: ReadRecord;
  let items: LogEvent[] = [];
  if (sub && values[sub.field] !== undefined) {
    items = itemLogs(
      ctx,
      section,
      id,
      await applySubList(trx, section, sub, id, sentItems(sub, values[sub.field]), now),
    );
    updated = await reread(trx, section, id);
  } else {
    updated = await asWritten(trx, section, landed);
  }
  const logs = [recordLog(ctx, section, updated.record, 'update'), ...items];
  await storeChange(trx, {
    section,
    action: 'update',
    record: updated.record,
    version: updated.version,
    username: ctx.username,
    logs,
    now,
  });
  return updated;
}

/** PUT /api/{slug}/{id}: fields left out keep their value. */
export async function updateRecord(
  ctx: WriteContext,
  section: SectionDef,
  id: number,
  input: RawInput,
): Promise<ReadRecord> {
  const values = validateRecord(section, 'update', input);
  const prepared = await prepareWrite(ctx.config, section, values, input.uploads);
  return writeTransaction(ctx.db, async (trx) => {
    const current = await readRecord(trx, section, id);
    if (!current) throw recordNotFound(section, id);
    return updateExisting(trx, ctx, section, current, values, prepared);
  });
}

/** PUT /api/{slug} of a single-record section: updates its record, or creates it when there is none. */
export async function putSingleRecord(
  ctx: WriteContext,
  section: SectionDef,
  input: RawInput,
): Promise<{ read: ReadRecord; created: boolean }> {
  const exists = await readSingle(ctx.db, section);
  const values = validateRecord(section, exists ? 'update' : 'create', input);
  const prepared = await prepareWrite(ctx.config, section, values, input.uploads);
  return writeTransaction(ctx.db, async (trx) => {
    await lockSection(trx, section);
    const current = await readSingle(trx, section);
    if (current)
      return {
        read: await updateExisting(
          trx,
          ctx,
          section,
          current,
          exists ? values : validateRecord(section, 'update', input),
          prepared,
        ),
        created: false,
      };
    // If-Match names a version; with no record there is none to match (RFC 9110 13.1.1)
    if (ctx.ifMatch !== undefined) throw staleWrite(section, undefined);
    return {
      read: await insertWithItems(
        trx,
        ctx,
        section,
        exists ? validateRecord(section, 'create', input) : values,
        prepared,
      ),
      created: true,
    };
  });
}

/**
 * DELETE /api/{slug}/{id}: the record as it was, and the revision that keeps it (restoring it brings the record back).
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
    if (!(await deleteRow(trx, section, id, ctx.ifMatch === undefined ? undefined : current.version)))
      throw staleWrite(section, await readRecord(trx, section, id));
    const revisionId = await storeChange(trx, {
      section,
      action: 'delete',
      record: current.record,
      version: current.version,
      username: ctx.username,
      logs: [recordLog(ctx, section, current.record, 'delete')],
      now: nowIso(),
    });
    return { record: current.record, revisionId };
  });
}
