import type { SectionDef } from '@bursary/shared';
import type { LogEvent } from '../audit/log-writes.ts';
import type { Db } from '../db/types.ts';
import { NotFoundError } from '../lib/errors.ts';
import { type ChangeKind, type ProposedChange, passGate } from './change-gate.ts';
import type { Changer } from './change-pipeline.ts';
import { type ReadRecord, readRecord } from './read.ts';
import { type Row, deleteRow, updateRow } from './repository.ts';
import { type ChangeWrite, storeChange } from './store-change.ts';
import { staleWrite } from './write-concurrency.ts';

/**
 * Writes a record's row and moves its version. With `expectedVersion` (the version the writer read, when it sent
 * If-Match) it lands only on that version: 412 with the record as it now is when another write moved it first, the
 * one stale-write answer of every change.
 */
export async function writeRecordRow(
  trx: Db,
  section: SectionDef,
  id: number,
  columns: Row,
  now: string,
  expectedVersion?: number,
): Promise<Row> {
  const landed = await updateRow(trx, section, id, columns, now, expectedVersion);
  if (!landed) throw staleWrite(section, await readRecord(trx, section, id));
  return landed;
}

/** Deletes a record's row, at `expectedVersion` when given: 412 as for a write when another write moved it first. */
export async function deleteRecordRow(
  trx: Db,
  section: SectionDef,
  id: number,
  expectedVersion?: number,
): Promise<void> {
  if (!(await deleteRow(trx, section, id, expectedVersion)))
    throw staleWrite(section, await readRecord(trx, section, id));
}

/** Asks the app's change gate about a change `who` makes; throws its refusal. */
export function askGate(trx: Db, who: Changer, change: Omit<ProposedChange, 'actor'>): Promise<void> {
  return passGate(trx, who.changes.gate, {
    ...change,
    actor: { username: who.username, scheduled: who.scheduled === true },
  });
}

/**
 * Stores a change the gate lets through: its revision, log rows, webhook events and the rest (storeChange). Every
 * change that can reach the website is stored here, so the gate is asked about each; a refusal throws, and the
 * caller's transaction takes back what the change had written. `locale` is the one language the change is in, for
 * the gate; left out, the language its webhook events name.
 */
export async function commitChange(
  trx: Db,
  who: Changer,
  kind: ChangeKind,
  write: ChangeWrite,
  locale: string | null = write.locale ?? null,
): Promise<number> {
  const { section, record, status } = write;
  await askGate(trx, who, { section, recordId: record.id, locale, kind, status });
  return storeChange(trx, who.changes.participants, write);
}

/**
 * The record as a write left it, read again and committed as an update of the record: a sub-item write, or a write in
 * one language (`locale`: the language written, null when only shared fields changed).
 */
export async function rereadAndCommit(
  trx: Db,
  who: Changer,
  kind: ChangeKind,
  section: SectionDef,
  id: number,
  logs: LogEvent[],
  now: string,
  locale?: string | null,
): Promise<ReadRecord> {
  const read = await readRecord(trx, section, id);
  if (!read) throw new NotFoundError(`${section.label} has no record.`);
  await commitChange(trx, who, kind, {
    section,
    action: 'update',
    record: read.record,
    version: read.version,
    status: read.status,
    username: who.username,
    logs,
    now,
    ...(locale !== undefined ? { locale } : {}),
  });
  return read;
}
