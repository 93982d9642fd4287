import type { SectionDef } from '@bursary/shared';
import { writeTransaction } from '../db/write-transaction.ts';
import type { LogEvent } from '../audit/log-writes.ts';
import { nowIso } from '../lib/clock.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import type { RawInput } from './raw-input.ts';
import { type RecordStatus, takeStatus, validateRecord } from './record-validation.ts';
import { type ReadRecord, fromRow, readRecord, readSingle } from './read.ts';
import type { Db } from '../db/types.ts';
import { commitChange, writeRecordRow } from './commit-change.ts';
import { type Row, insertRow } from './repository.ts';
import { applySubList, sentItems } from './sub-list.ts';
import { itemLogs, publishingLog, recordLog } from './record-logs.ts';
import { type PreparedWrite, prepareWrite, toColumns } from './write-columns.ts';
import { checkIfMatch, lockSection, staleWrite, type WriteContext } from './write-concurrency.ts';
import { type AltTexts, applyAltTexts, takeAltTexts } from './image-alt.ts';

export const recordNotFound = (section: SectionDef, id: number) =>
  new NotFoundError(`No ${section.singular.toLowerCase()} with id ${id}.`);

/** The address of a record's own routes, for sentences that say what to do instead. */
export const recordPath = (section: SectionDef, id: number): string =>
  section.kind === 'single' ? `/api/${section.slug}` : `/api/${section.slug}/${id}`;

export async function reread(trx: Db, section: SectionDef, id: number): Promise<ReadRecord> {
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

/** A record write checked and prepared: its values, its slow parts done, and the status it asks for. */
interface CheckedWrite {
  values: Record<string, unknown>;
  prepared: PreparedWrite;
  /** `draft` keeps or makes a draft; undefined and `published` publish, as every save did before drafts. */
  status: RecordStatus | undefined;
  /** The images' alternative texts sent beside their fields (`F_alt`), set with the write. */
  alts: AltTexts;
}

async function checkWrite(
  ctx: WriteContext,
  section: SectionDef,
  mode: 'create' | 'update',
  raw: RawInput,
): Promise<CheckedWrite> {
  const { status, input } = takeStatus(raw);
  const { alts, input: fields } = takeAltTexts(section, input);
  const values = validateRecord(section, mode, fields);
  return { values, prepared: await prepareWrite(ctx.config, section, values, fields.uploads), status, alts };
}

/** POST /api/{slug}; a single-record section takes it only while it has no record. */
export async function createRecord(ctx: WriteContext, section: SectionDef, input: RawInput): Promise<ReadRecord> {
  const write = await checkWrite(ctx, section, 'create', input);
  return writeTransaction(ctx.db, async (trx) => {
    if (section.kind === 'single') {
      await lockSection(trx, section);
      if (await readSingle(trx, section)) {
        throw new ConflictError(
          `${section.label} already has its record. Edit it instead of creating another (PUT /api/${section.slug}).`,
        );
      }
    }
    return insertWithItems(trx, ctx, section, write);
  });
}

async function insertWithItems(trx: Db, ctx: WriteContext, section: SectionDef, write: CheckedWrite) {
  const now = nowIso();
  const { values } = write;
  const columns = await toColumns(trx, section, values, write.prepared, 'create');
  const created = await asWritten(
    trx,
    section,
    await insertRow(trx, section, { ...columns, status: write.status ?? 'published' }, now),
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
  await commitChange(trx, ctx, 'create', {
    section,
    action: 'create',
    record: stored.record,
    version: stored.version,
    status: stored.status,
    pending: null,
    username: ctx.username,
    logs,
    now,
  });
  await applyAltTexts(trx, ctx, write.alts, stored.record, { section, id });
  return stored;
}

/**
 * The status a save leaves: a draft saved as a draft stays one, any other save of a draft publishes it
 * (the ordinary Save button publishes at once). A published record is changed live or not at all:
 * changes meant for later go to its waiting changes.
 */
function statusAfter(section: SectionDef, current: ReadRecord, asked: RecordStatus | undefined): RecordStatus {
  if (asked !== 'draft') return 'published';
  if (current.status === 'draft') return 'draft';
  const base = recordPath(section, current.record.id);
  throw new ConflictError(
    `This ${section.singular.toLowerCase()} is published, so it cannot be saved as a draft. Save changes for later with PUT ${base}/changes, or take it off the website first with POST ${base}/unpublish.`,
  );
}

async function updateExisting(
  trx: Db,
  ctx: WriteContext,
  section: SectionDef,
  current: ReadRecord,
  write: CheckedWrite,
): Promise<ReadRecord> {
  checkIfMatch(section, ctx.ifMatch, current);
  const status = statusAfter(section, current, write.status);
  const now = nowIso();
  const id = current.record.id;
  const { values } = write;
  const columns = await toColumns(trx, section, values, write.prepared, 'update');
  const expected = ctx.ifMatch === undefined ? undefined : current.version;
  const landed = await writeRecordRow(trx, section, id, { ...columns, status }, now, expected);
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
  const published = current.status === 'draft' && status === 'published';
  const logs = [
    published
      ? publishingLog(ctx, section, updated.record, 'published')
      : recordLog(ctx, section, updated.record, 'update'),
    ...items,
  ];
  await commitChange(trx, ctx, published ? 'publish' : 'update', {
    section,
    action: 'update',
    record: updated.record,
    version: updated.version,
    status: updated.status,
    username: ctx.username,
    logs,
    now,
    ...(published ? { event: 'saved live' as const } : {}),
  });
  await applyAltTexts(trx, ctx, write.alts, updated.record, { section, id });
  return updated;
}

/** PUT /api/{slug}/{id}: fields left out keep their value. */
export async function updateRecord(
  ctx: WriteContext,
  section: SectionDef,
  id: number,
  input: RawInput,
): Promise<ReadRecord> {
  const write = await checkWrite(ctx, section, 'update', input);
  return writeTransaction(ctx.db, async (trx) => {
    const current = await readRecord(trx, section, id);
    if (!current) throw recordNotFound(section, id);
    return updateExisting(trx, ctx, section, current, write);
  });
}

/** PUT /api/{slug} of a single-record section: updates its record, or creates it when there is none. */
export async function putSingleRecord(
  ctx: WriteContext,
  section: SectionDef,
  input: RawInput,
): Promise<{ read: ReadRecord; created: boolean }> {
  const exists = await readSingle(ctx.db, section);
  const write = await checkWrite(ctx, section, exists ? 'update' : 'create', input);
  // the record came or went since it was looked at: the body is checked again under the other rules
  const recheck = async (mode: 'create' | 'update') =>
    (exists ? 'update' : 'create') === mode
      ? write
      : { ...write, values: validateRecord(section, mode, takeAltTexts(section, takeStatus(input).input).input) };
  return writeTransaction(ctx.db, async (trx) => {
    await lockSection(trx, section);
    const current = await readSingle(trx, section);
    if (current)
      return { read: await updateExisting(trx, ctx, section, current, await recheck('update')), created: false };
    // If-Match names a version; with no record there is none to match (RFC 9110 13.1.1)
    if (ctx.ifMatch !== undefined) throw staleWrite(section, undefined);
    return { read: await insertWithItems(trx, ctx, section, await recheck('create')), created: true };
  });
}
