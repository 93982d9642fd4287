import type { SectionDef, SectionRecord } from '@bursary/shared';
import { etagOf } from '../lib/etag.ts';
import { columnOf, timestampKeys } from '../db/naming.ts';
import type { Db } from '../db/types.ts';
import type { RecordStatus } from './record-validation.ts';
import { type Row, findRow, findSingleRow } from './repository.ts';
import { type ListQuery, listRows } from './list-rows.ts';
import { type ItemRow, listItems } from './sub-item-repository.ts';

export interface ReadRecord {
  /** As the API answers it: no status, which only `status=all` reads add. */
  record: SectionRecord;
  etag: string;
  version: number;
  status: RecordStatus;
}

/** A stored row as the API answers it: registry field names, the sub-item list, wire timestamps. */
function toWire(section: SectionDef, row: Row, items?: ItemRow[]): SectionRecord {
  const id = Number(row.id);
  const record: SectionRecord = { id };
  for (const name of Object.keys(section.fields)) record[name] = row[columnOf(name)] ?? null;
  const sub = section.subItems;
  if (sub) record[sub.field] = (items ?? []).map((item) => ({ id: item.id, [sub.itemKey]: item.text }));
  const keys = timestampKeys(section);
  record[keys.created] = row.created_at;
  record[keys.updated] = row.updated_at;
  return record;
}

async function withItems(db: Db, section: SectionDef, rows: Row[]): Promise<SectionRecord[]> {
  const sub = section.subItems;
  if (!sub) return rows.map((row) => toWire(section, row));
  const items = await listItems(
    db,
    section,
    sub,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => toWire(section, row, items.get(Number(row.id))));
}

/** A row as read or as a write's RETURNING answers it, with its sub-items, as the API answers it. */
export async function fromRow(db: Db, section: SectionDef, row: Row | undefined): Promise<ReadRecord | undefined> {
  if (!row) return undefined;
  const [record] = await withItems(db, section, [row]);
  const version = Number(row.version);
  const status: RecordStatus = row.status === 'draft' ? 'draft' : 'published';
  return record && { record, etag: etagOf(record.id, version), version, status };
}

/** A record whatever its status (writes, history); with `publishedOnly`, a draft is not found. */
export const readRecord = async (db: Db, section: SectionDef, id: number, publishedOnly = false) =>
  fromRow(db, section, await findRow(db, section, id, publishedOnly));

export const readSingle = async (db: Db, section: SectionDef) => fromRow(db, section, await findSingleRow(db, section));

export async function readList(
  db: Db,
  section: SectionDef,
  query: ListQuery,
): Promise<{ records: SectionRecord[]; total: number; rows: Row[] }> {
  const { rows, total } = await listRows(db, section, query);
  return { records: await withItems(db, section, rows), total, rows };
}
