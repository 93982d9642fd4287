import type { z } from 'zod';
import { type SectionDef, type SubItems, subAddSchema, subEditSchema } from '@bursary/shared';
import { writeTransaction } from '../db/write-transaction.ts';
import { latestRevisionId } from '../revisions/revisions.ts';
import { type LogEvent, summary } from '../audit/log-writes.ts';
import { rereadAndCommit, writeRecordRow } from './commit-change.ts';
import { nowIso } from '../lib/clock.ts';
import { BadRequestError, ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { issuesOf, refuseNul } from './record-validation.ts';
import { type ReadRecord, readSingle } from './read.ts';
import { itemLogs, recordLog } from './record-logs.ts';
import type { Db } from '../db/types.ts';
import { deleteItem, findItem, insertItem, listItems } from './sub-item-repository.ts';
import { applySubList, sentItems } from './sub-list.ts';
import { deleteItemTranslations } from '../locales/translations-store.ts';
import { checkIfMatch, lockSection, type WriteContext } from './write-concurrency.ts';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseBody<S extends z.ZodType>(schema: S, body: unknown, section: SectionDef): z.output<S> {
  if (!isPlainObject(body)) throw new BadRequestError('The request body must be a JSON object.');
  refuseNul(body);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ValidationError(issuesOf(parsed.error, section.label));
  return parsed.data;
}

/** The record sub-items hang on; a sub-item needs its section set up first. */
export async function parentOf(trx: Db, section: SectionDef): Promise<ReadRecord> {
  await lockSection(trx, section);
  const parent = await readSingle(trx, section);
  if (!parent) {
    throw new ConflictError(
      `${section.label} has no record yet. Set up the section first (its title), then add ${section.subItems?.field ?? 'items'}.`,
    );
  }
  return parent;
}

async function parentFor(trx: Db, ctx: WriteContext, section: SectionDef): Promise<ReadRecord> {
  const parent = await parentOf(trx, section);
  checkIfMatch(section, ctx.ifMatch, parent);
  return parent;
}

/** Every sub-item write is a change of the parent record: its version moves so its ETag does. */
async function touchParent(
  trx: Db,
  ctx: WriteContext,
  section: SectionDef,
  parent: ReadRecord,
  now: string,
): Promise<void> {
  await writeRecordRow(trx, section, parent.record.id, {}, now, ctx.ifMatch === undefined ? undefined : parent.version);
}

/** PUT /api/{slug}/sub-edit: the whole list at once, in its new order. */
export async function editSubItems(
  ctx: WriteContext,
  section: SectionDef,
  sub: SubItems,
  body: unknown,
): Promise<ReadRecord> {
  const data = parseBody(subEditSchema(sub), body, section);
  return writeTransaction(ctx.db, async (trx) => {
    const parent = await parentFor(trx, ctx, section);
    const now = nowIso();
    const id = parent.record.id;
    await touchParent(trx, ctx, section, parent, now);
    const changes = await applySubList(trx, section, sub, id, sentItems(sub, data[sub.field]), now);
    // a reorder alone changes no item's text, yet it is a change the log must show
    const logs =
      changes.length > 0 ? itemLogs(ctx, section, id, changes) : [recordLog(ctx, section, parent.record, 'update')];
    return rereadAndCommit(trx, ctx, 'update', section, id, logs, now);
  });
}

/** POST /api/{slug}/sub: appends one item to the section's record. */
export async function addSubItem(
  ctx: WriteContext,
  section: SectionDef,
  sub: SubItems,
  body: unknown,
): Promise<{ item: Record<string, unknown>; parent: ReadRecord }> {
  const data = parseBody(subAddSchema(sub), body, section);
  const text = String(data[sub.itemKey]);
  return writeTransaction(ctx.db, async (trx) => {
    const parent = await parentFor(trx, ctx, section);
    const now = nowIso();
    const existing = (await listItems(trx, section, sub, [parent.record.id])).get(parent.record.id) ?? [];
    const position = existing.reduce((max, item) => Math.max(max, item.position + 1), 0);
    const id = await insertItem(trx, section, sub, { parentId: parent.record.id, position, text }, now);
    await touchParent(trx, ctx, section, parent, now);
    const logs = itemLogs(ctx, section, parent.record.id, [{ id, text, action: 'create' }]);
    return {
      item: { id, [sub.itemKey]: text },
      parent: await rereadAndCommit(trx, ctx, 'update', section, parent.record.id, logs, now),
    };
  });
}

/**
 * DELETE /api/{slug}/sub/{id}. `undoRevisionId` is the record's revision from just before the
 * delete, read under the delete's lock: restoring it puts the item back (null when the record is
 * older than history and has none).
 */
export async function deleteSubItem(
  ctx: WriteContext,
  section: SectionDef,
  sub: SubItems,
  itemId: number,
): Promise<{ text: string; parent: ReadRecord; undoRevisionId: number | null }> {
  return writeTransaction(ctx.db, async (trx) => {
    const item = await findItem(trx, section, sub, itemId);
    const missing = new NotFoundError(`No ${sub.itemKey} with id ${itemId}.`);
    if (!item) throw missing;
    const parent = await readSingle(trx, section);
    if (!parent || parent.record.id !== item.parent_id) throw missing;
    checkIfMatch(section, ctx.ifMatch, parent);
    const undoRevisionId = await latestRevisionId(trx, section.slug, parent.record.id);
    const now = nowIso();
    await deleteItem(trx, section, sub, itemId);
    await deleteItemTranslations(trx, section, parent.record.id, [itemId]);
    await touchParent(trx, ctx, section, parent, now);
    const logs: LogEvent[] = [
      {
        action: 'delete',
        content: summary(sub.itemLabel, item.text, 'delete', itemId),
        section: section.slug,
        recordId: parent.record.id,
        username: ctx.username,
      },
    ];
    return {
      text: item.text,
      parent: await rereadAndCommit(trx, ctx, 'update', section, parent.record.id, logs, now),
      undoRevisionId,
    };
  });
}
